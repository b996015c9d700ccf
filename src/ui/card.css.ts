import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
});

export const cardTitle = style({ fontSize: '17px', fontWeight: 700, marginBottom: vars.space.lg });

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  color: vars.color.textMuted,
});

export const emptyIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: '24px',
  marginBottom: vars.space.sm,
});

export const emptyTitle = style({ fontSize: '17px', fontWeight: 700, color: vars.color.text });
