import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars, wideScreen } from '../../../ui/theme.css';
import { chartColours } from '../chart-colours.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const actionBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  '@media': { [wideScreen]: { justifyContent: 'flex-end' } },
});

// Phones: the action buttons share the row instead of wrapping ragged.
globalStyle(`${actionBar} > *`, {
  '@media': { 'screen and (max-width: 899px)': { flex: '1 1 auto' } },
});

export const tiles = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  margin: 0,
});

export const tile = style({
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});

export const tileLabel = style({
  fontSize: '12px',
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const tileValue = style({ margin: 0, fontSize: '26px', fontWeight: 800 });

export const details = style({
  display: 'grid',
  gap: `0 ${vars.space.xl}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  margin: 0,
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const term = style({ color: vars.color.textMuted, fontSize: '14px' });

export const definition = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const refreshBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

export const refreshNote = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: '13px',
  overflowWrap: 'anywhere',
});

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

export const readout = style({ margin: 0, fontWeight: 600, minHeight: '1.5em' });

export const chartPlaceholder = style({
  height: '240px',
  borderRadius: vars.radius.md,
  background: vars.color.background,
});

export const muted = style({ color: vars.color.textMuted, fontSize: '14px' });

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

export const back = style({ fontWeight: 600, textDecoration: 'none', alignSelf: 'flex-start' });

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const errorActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
});
