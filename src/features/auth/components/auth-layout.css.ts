import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  background: `radial-gradient(circle at 15% 0%, ${vars.color.primarySoft} 0, transparent 45%), ${vars.color.background}`,
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
  fontSize: '20px',
  fontWeight: 800,
  color: vars.color.text,
  textDecoration: 'none',
});

export const logo = style({
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: '18px',
});

export const card = style({
  width: '100%',
  maxWidth: '440px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  '@media': { 'screen and (max-width: 420px)': { padding: `${vars.space.xl} ${vars.space.lg}` } },
});

export const title = style({
  fontSize: '24px',
  fontWeight: 700,
  letterSpacing: '-0.01em',
  textAlign: 'center',
  marginBottom: vars.space.xl,
});

export const subtitle = style({
  marginTop: `calc(${vars.space.xs} - ${vars.space.xl})`,
  marginBottom: vars.space.xl,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: '14px',
});

export const link = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const footer = style({
  marginTop: vars.space.xl,
  textAlign: 'center',
  fontSize: '14px',
  color: vars.color.textMuted,
});

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
  fontSize: '13px',
  '::before': { content: '""', flex: 1, height: '1px', background: vars.color.border },
  '::after': { content: '""', flex: 1, height: '1px', background: vars.color.border },
});

export const stateIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '64px',
  height: '64px',
  margin: `0 auto ${vars.space.lg}`,
  borderRadius: vars.radius.full,
  fontSize: '28px',
  fontWeight: 700,
});

export const successIcon = style([
  stateIcon,
  { background: vars.color.successSoft, color: vars.color.success },
]);

export const errorIcon = style([
  stateIcon,
  { background: vars.color.dangerSoft, color: vars.color.danger },
]);

export const centerText = style({ textAlign: 'center', color: vars.color.textMuted });

export const countdown = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 700,
  color: vars.color.text,
});

export const inlineButton = style({
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.primary,
  cursor: 'pointer',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
