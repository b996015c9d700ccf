import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const bar = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const errorText = style({ margin: `0 0 ${vars.space.sm}` });

export const note = style({ margin: 0, fontSize: '13px', color: vars.color.textMuted });

/** One line on a wide card, wrapping under its label on a phone. */
export const line = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  fontSize: '13px',
});

export const label = style({ fontWeight: 700, color: vars.color.textMuted });

/** The reasons of a row's credits, on a line of their own (issue 35 point 4). */
export const reasons = style({
  flexBasis: '100%',
  margin: 0,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const figures = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: 0,
});

export const figure = style({ display: 'flex', gap: vars.space.xs, whiteSpace: 'nowrap' });

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0, fontWeight: 700, color: vars.color.text });

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

/** Count, the shown rows' totals and the export: one row on a desktop, stacked on a phone. */
export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const summaryFigures = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: 0,
});
