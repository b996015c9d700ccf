import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.full,
  border: `3px solid ${vars.color.primarySoft}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 800ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2400ms' } },
});

export const center = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  minHeight: '40vh',
  padding: vars.space.xl,
  color: vars.color.textMuted,
});

export const fullPage = style({ minHeight: '100vh' });
