import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

const base = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxWidth: '100%',
});

/** The button and its error, at the start (a card's foot) or the end (a list's toolbar). */
export const exportAction = styleVariants({
  start: [base, { alignItems: 'flex-start' }],
  end: [base, { alignItems: 'flex-end' }],
});
