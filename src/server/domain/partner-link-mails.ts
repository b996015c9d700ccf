import type { Mail } from '../plugins/mail';
import { actionMail } from './mails';

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
