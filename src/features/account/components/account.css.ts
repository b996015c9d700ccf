import { style } from '@vanilla-extract/css';
import { vars, wideScreen } from '@/ui/theme.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': {
    [wideScreen]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', alignItems: 'start' },
  },
});

export const column = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const balanceChip = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
});

export const balanceLabel = style({
  fontSize: '12px',
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const balanceValue = style({ fontSize: '20px', fontWeight: 800 });

export const details = style({ display: 'grid', gap: vars.space.md, margin: 0 });

export const detailRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none', paddingBottom: 0 } },
});

export const term = style({ color: vars.color.textMuted, fontSize: '14px' });

export const definition = style({
  margin: 0,
  fontWeight: 600,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  overflowWrap: 'anywhere',
});

export const tick = style({ color: vars.color.success });

export const badge = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: '13px',
  fontWeight: 700,
});

export const verifiedBadge = style([
  badge,
  { background: vars.color.successSoft, color: vars.color.success },
]);

export const unverifiedBadge = style([
  badge,
  { background: vars.color.warningSoft, color: vars.color.warning },
]);

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const muted = style({ color: vars.color.textMuted, fontSize: '14px' });

export const quickActions = style({ display: 'grid', gap: vars.space.sm });

export const quickAction = style({ justifyContent: 'flex-start' });
