import { style } from '@vanilla-extract/css';
import { invalidBorder, vars, wideScreen } from '@/ui/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': {
    [wideScreen]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' },
  },
});

export const side = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const select = style({ appearance: 'auto', cursor: 'pointer' });

export const packages = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const packageOption = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary },
    // Issue 31 point 6: the options of a choice a message is about wear the fields' invalid border.
    [`${packages}[aria-invalid="true"] &`]: invalidBorder,
  },
});

export const hint = style({ color: vars.color.textMuted, fontSize: '13px' });

export const balance = style({ color: vars.color.textMuted, fontSize: '13px', fontWeight: 600 });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const rows = style({ display: 'grid', gap: vars.space.sm, margin: 0 });

export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.md,
  paddingBottom: vars.space.sm,
  borderBottom: `1px dashed ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none', paddingBottom: 0 } },
});

export const term = style({ color: vars.color.textMuted, fontSize: '14px' });

export const value = style({
  margin: 0,
  fontWeight: 600,
  textAlign: 'right',
  overflowWrap: 'anywhere',
});

export const highlight = style({
  margin: 0,
  fontWeight: 800,
  fontSize: '20px',
  color: vars.color.primary,
  textAlign: 'right',
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
  margin: 0,
});

export const chip = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: '13px',
  fontWeight: 600,
});

export const muted = style({ color: vars.color.textMuted, fontSize: '14px' });

export const readOnly = style({
  background: vars.color.background,
  fontWeight: 600,
  cursor: 'default',
});
