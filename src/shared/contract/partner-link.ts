import * as v from 'valibot';
import { endpoint } from './endpoint';

/**
 * Issue 16 point 5: a partner-site account and a local account with the same e-mail are linked only
 * by the local account's owner, signed in, through a link mailed to that e-mail (design §3: the
 * partner's e-mail may not be proven, so partner login never takes over an account by itself).
 */

/** The same for a link that is unknown, used, expired or another account's. A plain constant in
 * the schema: a member access would keep it in the client's first load (pure-valibot-calls.ts). */
const INVALID_LINK = 'The link is invalid or has expired';

export const PARTNER_LINK_MESSAGES = {
  invalidLink: INVALID_LINK,
  signInToLink: 'Sign in to the account this link was sent to, then open the link again.',
  linkFound: 'Link found',
} as const;

/** Partner login's 409 when the partner account's e-mail is a local account's, not linked yet. */
export const partnerLinkSentMessage = (partnerName: string) =>
  `An account with this e-mail already exists. We sent it a link: open it while signed in to that account to link your ${partnerName} account.`;

export const partnerLinkedMessage = (partnerName: string) =>
  `Your ${partnerName} account is linked. You can now sign in with it.`;

/** The signed-in account was linked to a partner account meanwhile (one per account). */
export const alreadyLinkedMessage = (partnerName: string) =>
  `Your account is already linked to a ${partnerName} account.`;

/** Another account signs in with this partner account by now. */
export const partnerTakenMessage = (partnerName: string) =>
  `This ${partnerName} account is already linked to another account.`;

/** A link's token; any malformed one is an invalid link. */
const LinkToken = v.pipe(
  v.string(INVALID_LINK),
  v.nonEmpty(INVALID_LINK),
  v.maxLength(200, INVALID_LINK),
);

export const PartnerLinkBody = v.object({ token: LinkToken });
export type PartnerLinkBody = v.InferInput<typeof PartnerLinkBody>;

/** What the link stands for: the partner account it would link, shown before the owner confirms. */
export const PartnerLinkDetailsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: v.object({ partnerUsername: v.string() }),
});
export type PartnerLinkDetailsResponse = v.InferOutput<typeof PartnerLinkDetailsResponse>;

export const LinkPartnerResponse = v.object({ success: v.literal(true), message: v.string() });

/**
 * Signed in, the link's own account only (else 400 invalidLink): which partner account the link
 * would link. Changes nothing, so a mail scanner opening the page links nothing.
 */
export const partnerLinkDetails = endpoint({
  method: 'POST',
  path: 'auth/link-partner/details',
  body: PartnerLinkBody,
  response: PartnerLinkDetailsResponse,
  access: 'read',
});

/** Signed in, the link's own account only: links the partner account and spends the link. */
export const linkPartner = endpoint({
  method: 'POST',
  path: 'auth/link-partner',
  body: PartnerLinkBody,
  response: LinkPartnerResponse,
  access: 'write',
});
