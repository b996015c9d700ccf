import { vars } from '@/ui/theme.css';

/**
 * The clicks chart's colours, drawn on its canvas and on its legend's swatches. Each mark reads at
 * 3:1 or more (WCAG 2.2 1.4.11) on what it meets: the card's surface, the hatched bars' fill, the
 * halo, and all of them under the selected bucket's shading (tests/unit/tracker-invalid-clicks.test.ts).
 * The app has one (light) theme; a dark one would need its own set.
 *
 * A .css.ts file so that the theme's values are written in at build time: a plain module reading
 * `vars` would put the whole theme object into the first-load chunk (+0.5 kB on /dashboard).
 */
export const chartColours = {
  surface: vars.color.surface,
  axis: vars.color.textMuted,
  grid: '#eef0f4',
  validBar: vars.color.primary,
  /** Invalid clicks: lines of this colour on invalidFill, outlined in it too. */
  invalidHatch: vars.color.textMuted,
  invalidFill: vars.color.background,
  spend: '#d97706',
  /**
   * Drawn round the spend line and atop the valid bars: the line stays apart from the bars it
   * crosses, and a valid bar from the hatched invalid one stacked on it (their colours are close).
   */
  halo: vars.color.surface,
  /** The selected bucket: this colour at this opacity over the whole plot height. */
  selection: vars.color.text,
  selectionAlpha: 0.08,
} as const;
