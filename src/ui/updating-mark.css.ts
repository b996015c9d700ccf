import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * Below the page header, in its bottom margin (24 px): coming and going, it moves nothing, and it
 * widens nothing (the app shell draws the same header before the code runs).
 */
export const mark = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  marginTop: vars.space.xs,
  fontSize: '12px',
  lineHeight: '16px',
  fontWeight: 600,
  color: vars.color.primary,
  whiteSpace: 'nowrap',
});
