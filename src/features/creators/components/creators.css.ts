import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const searchBox = style({ position: 'relative' });

export const searchIcon = style({
  position: 'absolute',
  left: vars.space.md,
  top: '50%',
  transform: 'translateY(-50%)',
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const searchInput = style({
  width: '100%',
  minHeight: '48px',
  padding: `0 ${vars.space.lg} 0 44px`,
  font: 'inherit',
  fontSize: '16px',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  selectors: {
    // The ring is the global :focus-visible outline (theme.css.ts), 3:1 and more on every surface.
    '&:focus': { borderColor: vars.color.primary },
    '&:disabled': {
      background: vars.color.background,
      color: vars.color.textMuted,
      cursor: 'not-allowed',
    },
  },
});

export const hint = style({
  color: vars.color.textMuted,
  fontSize: '14px',
  marginTop: vars.space.sm,
});

export const summary = style({ color: vars.color.textMuted, fontSize: '14px' });

export const results = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  padding: 0,
  margin: 0,
  listStyle: 'none',
});

export const result = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  height: '100%',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});

export const identity = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: 0,
});

export const avatar = style({
  width: '52px',
  height: '52px',
  borderRadius: vars.radius.full,
  objectFit: 'cover',
  background: vars.color.primarySoft,
  flexShrink: 0,
});

export const names = style({ minWidth: 0 });

export const fullName = style({
  fontSize: '16px',
  fontWeight: 700,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const username = style({
  color: vars.color.textMuted,
  fontSize: '14px',
  overflowWrap: 'anywhere',
});

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  textAlign: 'center',
});

export const statTerm = style({ fontSize: '12px', color: vars.color.textMuted });

export const statValue = style({ margin: 0, fontWeight: 700, fontSize: '14px' });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginTop: 'auto',
});

export const activeBadge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontSize: '13px',
  fontWeight: 700,
  whiteSpace: 'nowrap',
});

export const availableBadge = style([
  activeBadge,
  { background: vars.color.primarySoft, color: vars.color.primary },
]);

export const inactiveBadge = style([
  activeBadge,
  { background: vars.color.warningSoft, color: vars.color.warning },
]);

export const ownCampaignActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});
