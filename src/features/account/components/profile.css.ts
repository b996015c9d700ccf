import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

/** The profile card's forms, its messages and the pages of the mailed links (issue 16 point 8). */

export const fieldError = style({
  margin: `calc(${vars.space.sm} * -1) 0 0`,
  fontSize: '13px',
  fontWeight: 600,
  color: vars.color.danger,
});

export const text = style({ margin: 0 });

/**
 * The cards' live region: always in the page (so each message is read out), taking no room while
 * empty; the negative margin gives back the gap of the card's stack (account.css.ts, md).
 */
export const liveRegion = style({
  selectors: { '&:empty': { marginBottom: `calc(${vars.space.md} * -1)` } },
});

export const hint = style({ margin: 0, fontSize: '13px', color: vars.color.textMuted });

/** Beside the unverified status (the account page) or under the banner's text (every page). */
export const resend = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});

export const resendAnswer = style({ fontSize: '14px', fontWeight: 600, overflowWrap: 'anywhere' });

export const failed = style({ color: vars.color.danger });

export const centerText = style({
  margin: 0,
  textAlign: 'center',
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
