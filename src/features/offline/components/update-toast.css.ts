import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const toast = style({
  position: 'fixed',
  zIndex: 60,
  right: vars.space.lg,
  bottom: vars.space.lg,
  left: vars.space.lg,
  maxWidth: '420px',
  marginLeft: 'auto',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.sidebar,
  color: vars.color.onPrimary,
  boxShadow: '0 8px 24px rgba(17, 24, 39, 0.25)',
  fontSize: '14px',
});

export const toastButton = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
  cursor: 'pointer',
});

export const laterButton = style({
  marginLeft: 'auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.sidebarText,
  fontWeight: 600,
  cursor: 'pointer',
});
