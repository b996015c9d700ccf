import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  padding: '2px 10px',
  borderRadius: vars.radius.full,
  fontSize: '12px',
  fontWeight: 700,
  whiteSpace: 'nowrap',
});

export const badge = styleVariants({
  active: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  inactive: [badgeBase, { background: '#f3f4f6', color: vars.color.textMuted }],
});

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const chip = style({
  display: 'inline-block',
  padding: '2px 8px',
  borderRadius: vars.radius.sm,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: '12px',
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

export const categoryChip = style([chip, { background: '#f3f4f6', color: vars.color.text }]);

/** Spec §9 colour rule for clicks remaining. */
export const clicksLevel = styleVariants({
  good: { color: vars.color.success },
  low: { color: '#a16207' },
  critical: { color: vars.color.danger },
});

export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const smallButton = style({
  minHeight: '34px',
  padding: `0 ${vars.space.md}`,
  fontSize: '13px',
});

export const avatar = style({
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  objectFit: 'cover',
  background: vars.color.primarySoft,
  flexShrink: 0,
});

export const initials = style({
  display: 'grid',
  placeItems: 'center',
  color: vars.color.primary,
  fontWeight: 700,
});
