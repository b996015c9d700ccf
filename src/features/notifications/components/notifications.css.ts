import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const filters = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  alignSelf: 'flex-start',
});

export const filterButton = style({
  minHeight: '36px',
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.surface,
      color: vars.color.primary,
      boxShadow: vars.shadow.card,
    },
  },
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const selectAll = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginRight: 'auto',
  fontSize: '14px',
  fontWeight: 600,
});

export const checkbox = style({ width: '18px', height: '18px', accentColor: vars.color.primary });

export const list = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const unreadItem = style([
  item,
  { borderColor: vars.color.primary, background: vars.color.primarySoft },
]);

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const message = style({
  padding: 0,
  border: 'none',
  background: 'none',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
});

export const messageClosed = style([
  message,
  { overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' },
]);

export const unreadMessage = style({ fontWeight: 700 });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: '13px',
});

export const badge = style({
  padding: `1px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.background,
  color: vars.color.textMuted,
  fontWeight: 700,
});

export const unreadBadge = style([
  badge,
  { background: vars.color.primary, color: vars.color.onPrimary },
]);

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const smallButton = style({ minHeight: '34px', padding: `0 ${vars.space.md}` });

export const pageInfo = style({
  marginTop: vars.space.sm,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: '13px',
});

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});
