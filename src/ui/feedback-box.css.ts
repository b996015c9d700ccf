import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// Focused by script only (tabIndex -1), to have the message read: no ring around a text.
export const feedback = style({ position: 'relative', outline: 'none' });

/** A box with a dismiss button laid over its right end keeps its text clear of the button. */
export const dismissible = style({});
globalStyle(`${dismissible} > [role]`, { paddingRight: '44px' });

export const dismiss = style({
  position: 'absolute',
  top: vars.space.xs,
  right: vars.space.xs,
  width: '32px',
  height: '32px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  fontSize: '20px',
  lineHeight: 1,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: 'rgba(17, 24, 39, 0.06)' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});
