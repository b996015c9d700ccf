import { globalStyle, keyframes } from '@vanilla-extract/css';
import { vars } from './theme.css';

// Fixed class names: the app shell in index.html shows the same spinner before the app's code runs
// (see frame.css.ts).

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = 'spinner';
globalStyle(`.${spinner}`, {
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.full,
  border: `3px solid ${vars.color.primarySoft}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 800ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2400ms' } },
});

export const center = 'spinner-center';
globalStyle(`.${center}`, {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  minHeight: '40vh',
  padding: vars.space.xl,
  color: vars.color.textMuted,
});

export const fullPage = 'spinner-full-page';
globalStyle(`.${fullPage}`, { minHeight: '100vh' });
