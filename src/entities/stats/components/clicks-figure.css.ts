import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';
import { chartColours } from './chart-colours.css';

export const figure = style({
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const chartFrame = style({
  minWidth: 0,
  borderRadius: vars.radius.md,
  ':focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '2px' },
});

export const chart = style({ width: '100%', minHeight: '240px', overflow: 'hidden' });

export const chartPlaceholder = style({
  height: '240px',
  borderRadius: vars.radius.md,
  background: vars.color.background,
});

export const readout = style({ margin: 0, fontWeight: 600, minHeight: '1.5em' });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: '14px' });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: '14px',
});

export const legendItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

const swatchBase = style({ flex: 'none', width: '14px', height: '14px' });

// The chart's marks in small: a solid bar, a hatched outlined bar, a line.
export const swatch = styleVariants({
  valid: [swatchBase, { background: chartColours.validBar }],
  invalid: [
    swatchBase,
    {
      border: `1px solid ${chartColours.invalidHatch}`,
      background: `repeating-linear-gradient(135deg, ${chartColours.invalidHatch} 0 1.5px, ${chartColours.invalidFill} 1.5px 4px)`,
    },
  ],
  spend: [
    swatchBase,
    { height: '3px', borderRadius: vars.radius.full, background: chartColours.spend },
  ],
});

export const tableToggle = style({ alignSelf: 'flex-start' });

/** The table scrolls sideways on a phone (ten columns), not the page. */
export const tableScroll = style({
  maxWidth: '100%',
  maxHeight: '420px',
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  ':focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '2px' },
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '14px' });

globalStyle(`${table} caption`, {
  textAlign: 'left',
  padding: vars.space.sm,
  fontWeight: 600,
});

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderTop: `1px solid ${vars.color.border}`,
  textAlign: 'right',
  whiteSpace: 'nowrap',
});

globalStyle(`${table} th:first-child, ${table} td:first-child`, { textAlign: 'left' });

globalStyle(`${table} thead th`, {
  position: 'sticky',
  top: 0,
  background: vars.color.background,
  fontSize: '12px',
  color: vars.color.textMuted,
});
