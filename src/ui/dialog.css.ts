import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(17, 24, 39, 0.5)',
  animation: `${fadeIn} 120ms ease-out`,
  zIndex: 50,
});

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(92vw, 480px)',
  maxHeight: '88vh',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  padding: vars.space.xl,
  zIndex: 51,
  animation: `${fadeIn} 120ms ease-out`,
});

export const title = style({ fontSize: '18px', fontWeight: 700, marginBottom: vars.space.sm });

export const description = style({ color: vars.color.textMuted, marginBottom: vars.space.lg });

export const close = style({
  position: 'absolute',
  top: vars.space.md,
  right: vars.space.md,
  width: '32px',
  height: '32px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  fontSize: '20px',
  cursor: 'pointer',
  color: vars.color.textMuted,
  selectors: { '&:hover': { background: vars.color.background } },
});
