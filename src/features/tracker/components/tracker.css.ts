import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars, wideScreen } from '@/ui/theme.css';
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

export const muted = style({ color: vars.color.textMuted, fontSize: '14px' });

export const back = style({ fontWeight: 600, textDecoration: 'none', alignSelf: 'flex-start' });

export const errorActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
});

export const budgetFigure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const budgetChart = style({ width: '100%', height: '120px', overflow: 'visible' });

export const budgetLine = style({
  stroke: vars.color.textMuted,
  strokeWidth: 1.5,
  strokeDasharray: '6 4',
});

export const spentLine = style({ fill: 'none', stroke: chartColours.spend, strokeWidth: 2.5 });

export const budgetLegend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: '14px',
});

globalStyle(`${budgetLegend} li`, { display: 'flex', alignItems: 'center', gap: vars.space.sm });

const lineSwatch = style({ flex: 'none', width: '18px', height: 0 });

export const budgetSwatch = styleVariants({
  spent: [lineSwatch, { borderTop: `3px solid ${chartColours.spend}` }],
  budget: [lineSwatch, { borderTop: `2px dashed ${vars.color.textMuted}` }],
});
