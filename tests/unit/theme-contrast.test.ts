import { describe, expect, it } from 'vitest';
import { vars } from '@/ui/theme.css';

/**
 * Issue 17 (WCAG 2.2 1.4.3): every text colour of the theme reads at 4.5:1 or more on each surface it
 * is drawn on. axe found the muted grey at 4.47:1 on the page background of every signed-in screen.
 */

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const { color } = vars;
const PAIRS: [text: keyof typeof color, on: keyof typeof color][] = [
  ['text', 'surface'],
  ['text', 'background'],
  ['textMuted', 'surface'],
  ['textMuted', 'background'],
  ['primary', 'surface'],
  ['primary', 'primarySoft'],
  ['onPrimary', 'primary'],
  ['danger', 'dangerSoft'],
  ['success', 'successSoft'],
  ['warning', 'warningSoft'],
  ['sidebarText', 'sidebar'],
];

/** WCAG 2.2 1.4.11 and 2.4.13: the focus ring stands out at 3:1 or more from every surface it meets. */
const FOCUS_SURFACES: (keyof typeof color)[] = [
  'surface',
  'background',
  'primarySoft',
  'sidebar',
  'sidebarActive',
  'dangerSoft',
  'successSoft',
  'warningSoft',
];

describe('theme colours', () => {
  it.each(PAIRS)('%s on %s reads at 4.5:1 or more', (text, on) => {
    expect(contrast(color[text], color[on])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(FOCUS_SURFACES)('the focus ring on %s stands out at 3:1 or more', (surface) => {
    expect(contrast(color.focus, color[surface])).toBeGreaterThanOrEqual(3);
  });
});
