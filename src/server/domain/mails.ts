import type { Mail } from '../plugins/mail';

/** The texts of the auth mails; links follow the client routes of spec §2. */

export function verificationMail(
  appUrl: string,
  to: string,
  username: string,
  token: string,
): Mail {
  const link = `${appUrl}/account/verification/${token}`;
  return actionMail({
    to,
    link,
    subject: 'Verify your PromoClicks account',
    lines: [`Hello ${username},`, 'Please confirm your e-mail address to verify your account.'],
    action: 'Verify my account',
    footer: 'The link is valid for 24 hours.',
  });
}

export function passwordResetMail(
  appUrl: string,
  to: string,
  username: string,
  token: string,
): Mail {
  const link = `${appUrl}/reset-password/${token}`;
  return actionMail({
    to,
    link,
    subject: 'Reset your PromoClicks password',
    lines: [`Hello ${username},`, 'Someone asked to reset the password of your account.'],
    action: 'Choose a new password',
    footer:
      'The link is valid for 1 hour and works once. If you did not ask for it, ignore this mail.',
  });
}

/** To the owner of an e-mail someone tried to register again (design §3: the refusal itself is generic). */
export function registerAttemptMail(appUrl: string, to: string, username: string): Mail {
  return actionMail({
    to,
    link: `${appUrl}/login`,
    subject: 'Someone tried to register with your e-mail',
    lines: [
      `Hello ${username},`,
      'Someone tried to create a new PromoClicks account with this e-mail address. It already has an account, so no new one was made.',
    ],
    action: 'Sign in to your account',
    footer:
      'If this was you, sign in instead, or reset your password from the sign-in page. If it was not you, you can ignore this mail: your account is unchanged.',
  });
}

export interface NewSignIn {
  /** "Chrome on Windows" (sessionName of src/shared/contract/sessions.ts). */
  browser: string;
  ip: string;
  at: Date;
}

/**
 * Design §3: a sign-in from a browser the account was not used from before. The link leads to the
 * account page, where the password is changed and the other sessions are signed out.
 */
export function newSignInMail(
  appUrl: string,
  to: string,
  username: string,
  signIn: NewSignIn,
): Mail {
  // "2025-03-05 14:07 UTC": the mail is read anywhere, so it names its time zone.
  const time = `${signIn.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return actionMail({
    to,
    link: `${appUrl}/account`,
    subject: 'New sign-in to your PromoClicks account',
    lines: [
      `Hello ${username},`,
      'Your account was just signed in to from a browser it was not used from before:',
      `Browser: ${signIn.browser}`,
      `Address: ${signIn.ip}`,
      `Time: ${time}`,
      'If this was you, there is nothing to do.',
    ],
    action:
      'If it was not you, change your password and sign out the other sessions on your account page',
    footer: 'PromoClicks sends this mail for each sign-in from a new browser.',
  });
}

/**
 * Issue 16 review: a way to sign in was added or removed (a passkey, two-factor sign-in). Someone
 * with a stolen session could do it; the owner hears of it at once.
 */
export function securityChangeMail(
  appUrl: string,
  to: string,
  username: string,
  change: string,
): Mail {
  return actionMail({
    to,
    link: `${appUrl}/account`,
    subject: 'Your PromoClicks sign-in settings changed',
    lines: [`Hello ${username},`, `${change} on your account just now.`],
    action: 'Review your account',
    footer:
      'If it was not you, reset your password from the sign-in page at once, sign out the other sessions and remove what you did not add.',
  });
}

/**
 * Issue 32 point 10: the owner's password was changed (with the current one) or reset (with a mailed
 * link). The link resets it: what the owner does when it was not them.
 */
export function passwordChangedMail(
  appUrl: string,
  to: string,
  username: string,
  how: 'changed' | 'reset',
): Mail {
  const what =
    how === 'changed'
      ? 'The password of your PromoClicks account was changed just now, with the current password.'
      : 'The password of your PromoClicks account was reset just now, with a link mailed to this address.';
  return actionMail({
    to,
    link: `${appUrl}/forgot-password`,
    subject: 'Your PromoClicks password was changed',
    lines: [`Hello ${username},`, what, 'Your other sessions were signed out.'],
    action: 'Reset your password',
    footer:
      'If it was you, there is nothing more to do. If it was not, reset your password at once with this link, then review your sessions, passkeys and two-factor sign-in on the account page.',
  });
}

export interface ActionMail {
  to: string;
  link: string;
  subject: string;
  lines: string[];
  action: string;
  footer: string;
}

/** A mail of a few lines and one action link, as text and HTML (every value escaped). */
export function actionMail({ to, link, subject, lines, action, footer }: ActionMail): Mail {
  const text = [...lines, '', `${action}: ${link}`, '', footer].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to, subject, text, html, link };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Issue 16 point 8: an address as a notice to another address shows it, "n***@example.com": enough
 * for the owner to know it, not a full address handed to whoever reads the old mailbox.
 */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

/** To the new address of an e-mail change: the link that makes it the account's address. */
export function emailChangeConfirmMail(
  appUrl: string,
  to: string,
  username: string,
  token: string,
): Mail {
  return actionMail({
    to,
    link: `${appUrl}/account/confirm-email/${token}`,
    subject: 'Confirm your new PromoClicks e-mail address',
    lines: [
      `Hello ${username},`,
      'You asked to change the e-mail address of your PromoClicks account to this one.',
    ],
    action: 'Confirm my new e-mail address',
    footer:
      'The link is valid for 24 hours and works once, in a browser signed in to your account. If you did not ask for it, ignore this mail: nothing changes.',
  });
}

/** To the current address when a change to `newEmail` is asked for. */
export function emailChangeRequestedMail(
  appUrl: string,
  to: string,
  username: string,
  newEmail: string,
): Mail {
  return actionMail({
    to,
    link: `${appUrl}/account`,
    subject: 'Your PromoClicks e-mail address is being changed',
    lines: [
      `Hello ${username},`,
      `Your e-mail is being changed to ${maskEmail(newEmail)}.`,
      'It changes once the link we sent to the new address is opened.',
    ],
    action: 'If this was not you, change your password on your account page',
    footer: 'PromoClicks sends this mail for each e-mail change asked for on your account.',
  });
}

/** To the previous address once the change is confirmed: mails go to `newEmail` from now on. */
export function emailChangedMail(
  supportEmail: string,
  to: string,
  username: string,
  newEmail: string,
): Mail {
  return actionMail({
    to,
    link: `mailto:${supportEmail}`,
    subject: 'Your PromoClicks e-mail address was changed',
    lines: [
      `Hello ${username},`,
      `The e-mail address of your account is now ${maskEmail(newEmail)}. Mails about your account no longer come to this address.`,
    ],
    action: 'If this was not you, write to our support',
    footer: 'PromoClicks sends this mail for each change of your e-mail address.',
  });
}

/**
 * To the owner of an address another account asked to change its e-mail to (the caller's answer says
 * nothing of it, as registration's refusal says nothing: design §3).
 */
export function emailChangeTakenMail(appUrl: string, to: string, username: string): Mail {
  return actionMail({
    to,
    link: `${appUrl}/login`,
    subject: 'Someone tried to use your e-mail for another account',
    lines: [
      `Hello ${username},`,
      'Someone asked to change the e-mail address of another PromoClicks account to this one. It already belongs to your account, so nothing changed.',
    ],
    action: 'Sign in to your account',
    footer: 'You can ignore this mail: your account is unchanged.',
  });
}

/** To an account made by partner login: the link that sets its first password. */
export function setPasswordMail(
  appUrl: string,
  to: string,
  username: string,
  partnerName: string,
  token: string,
): Mail {
  return actionMail({
    to,
    link: `${appUrl}/account/set-password/${token}`,
    subject: 'Set a password for your PromoClicks account',
    lines: [
      `Hello ${username},`,
      `You asked for a password, to sign in with your e-mail as well as through ${partnerName}. Signing in through ${partnerName} keeps working.`,
    ],
    action: 'Set my password',
    footer:
      'The link is valid for 1 hour and works once. If you did not ask for it, ignore this mail.',
  });
}

/**
 * Issue 16 point 5: to the e-mail of a local account that a partner account with the same e-mail
 * tried to sign in as. It names the partner account, since linking hands the local account to
 * whoever can sign in to it; the link works only in a session of this account (client route
 * /account/link-partner/{token}).
 */
export function partnerLinkMail(
  appUrl: string,
  to: string,
  username: string,
  partnerName: string,
  partnerUsername: string,
  token: string,
): Mail {
  const link = `${appUrl}/account/link-partner/${token}`;
  const lines = [
    `Hello ${username},`,
    `Someone signed in with the ${partnerName} account "${partnerUsername}", which has the same e-mail address as your PromoClicks account. It was not signed in to your account.`,
    `If "${partnerUsername}" is your ${partnerName} account, open the link below while signed in to this PromoClicks account (${username}) and confirm, to sign in with it from now on. If you do not know this account's password, reset it from the sign-in page first.`,
  ];
  return actionMail({
    to,
    link,
    subject: `Link your ${partnerName} account`,
    lines,
    action: `Link your ${partnerName} account`,
    footer: `The link is valid for 24 hours and works once. If it was not you, ignore this mail: nothing is linked unless you confirm, and whoever can sign in to a linked ${partnerName} account can sign in to yours.`,
  });
}
