import type { Mail } from '../../plugins/mail';
import { actionMail } from '../mails';

/**
 * Issue 32 point 2: the mails of an account under attack. The sign-in link lets the owner in from a
 * new browser while its password sign-ins are held back; the warning tells the owner what goes on and
 * what to do, once a day at most.
 */

/** The client route the link opens (src/routes/account.$link.$token.tsx). */
export function signInLink(appUrl: string, token: string): string {
  return `${appUrl}/account/sign-in/${token}`;
}

export function signInLinkMail(appUrl: string, to: string, username: string, token: string): Mail {
  return actionMail({
    to,
    link: signInLink(appUrl, token),
    subject: 'Your PromoClicks sign-in link',
    lines: [
      `Hello ${username},`,
      'Someone asked for a link to sign in to your account without its password.',
    ],
    action: 'Sign in to PromoClicks',
    footer:
      'The link is valid for 15 minutes and works once. If you did not ask for it, ignore this mail: nobody can use it without access to your mailbox.',
  });
}

/**
 * What was guessed: the password, or the two-factor code of a sign-in whose password was right (then
 * the password is known to someone, and the owner must change it).
 */
export type Guessed = 'password' | 'code';

export function guessingAlertMail(
  appUrl: string,
  to: string,
  username: string,
  guessed: Guessed,
): Mail {
  const what =
    guessed === 'password'
      ? 'with wrong passwords'
      : 'with the right password but wrong two-factor codes';
  const advice =
    guessed === 'password'
      ? 'If your password is easy to guess or used on another site, change it on your account page.'
      : 'Someone knows your password: change it on your account page now.';
  return actionMail({
    to,
    link: `${appUrl}/login`,
    subject: 'Someone is trying to sign in to your PromoClicks account',
    lines: [
      `Hello ${username},`,
      `Many sign-ins to your account were refused in a short time, ${what}, from browsers it was never used from. To protect it, sign-ins with the password from new browsers are now held back for a while.`,
      'You can still sign in: from a browser you used before, with a passkey, or with a sign-in link (on the sign-in page, choose "Email me a sign-in link").',
      advice,
    ],
    action: 'Go to the sign-in page',
    footer: 'PromoClicks sends this mail at most once a day while it goes on.',
  });
}
