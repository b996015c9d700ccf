import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xl,
  background: vars.color.background,
});

export const box = style({ maxWidth: '480px', textAlign: 'center' });

export const status = style({
  fontSize: '72px',
  fontWeight: 800,
  lineHeight: 1,
  letterSpacing: '-0.03em',
  color: vars.color.primary,
});

export const title = style({ marginTop: vars.space.lg, fontSize: '26px', fontWeight: 700 });

export const message = style({ marginTop: vars.space.sm, color: vars.color.textMuted });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.md,
  marginTop: vars.space.xl,
});
