import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  linkPartner,
  PARTNER_LINK_MESSAGES,
  partnerLinkDetails,
  partnerLinkedMessage,
  partnerLinkSentMessage,
} from '../../shared/contract/partner-link';
import { PARTNER_ACCOUNT_MESSAGES } from '../domain/auth/partner-accounts';
import { partnerLinkMail } from '../domain/mails';
import {
  findPartnerLink,
  linkPartnerAccount,
  requestPartnerLink,
} from '../domain/auth/partner-links';
import type { UserRow } from '../domain/auth/users';
import { conflict } from '../errors';
import { requireUser, signedInUser } from '../plugins/session';
import { route } from '../route';

/**
 * Issue 16 point 5: partner login with a partner account whose e-mail is `owner`'s, a local account
 * not linked to it. Mails the owner a link to link the two (at most one mail per account in 10
 * minutes), then refuses with 409; the account is never signed in to.
 */
export async function refuseWithPartnerLink(
  request: FastifyRequest,
  owner: UserRow,
  partnerUsername: string,
): Promise<never> {
  const { db, config, mailer } = request.server;
  const link = await requestPartnerLink(db, Number(owner.id), partnerUsername);
  // Linked to another partner account: the old refusal, telling nothing of that account.
  if (link === 'linked-elsewhere') throw conflict(PARTNER_ACCOUNT_MESSAGES.emailTaken);
  if (link !== 'mailed-recently') {
    const mail = partnerLinkMail(
      config.appUrl,
      owner.email,
      owner.username,
      config.partnerName,
      partnerUsername,
      link.token,
    );
    // Not awaited: a slow mail server must not hold the answer.
    void mailer
      .send(mail)
      .catch((error: unknown) => request.log.error({ err: error }, 'partner link mail failed'));
  }
  // A link mailed less than 10 minutes ago still works: the same answer.
  throw conflict(partnerLinkSentMessage(config.partnerName));
}

/**
 * The link of that mail, opened signed in to the account it was mailed to. Both calls are counted
 * before their work, per address and per account. Register with the prefix `/api`.
 */
export const partnerLinkRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, rateLimiter } = app;
  /** Counts a call from the caller's address, then requires a session. */
  const signedIn = (name: string) => async (request: FastifyRequest) => {
    await rateLimiter.hitIp(name, request.ip);
    await requireUser(request);
  };
  /** Counts a call on the caller's account. */
  const hitAccount = (name: string, request: FastifyRequest) =>
    rateLimiter.hitAccount(name, `user:${signedInUser(request).id}`);

  // Shown before the owner confirms: which partner account the link would link.
  route(app, partnerLinkDetails, { preHandler: signedIn('partner-link-details') })(
    async ({ body, request, db: reader }) => {
      await hitAccount('partner-link-details', request);
      const partnerUsername = await findPartnerLink(reader, signedInUser(request).id, body.token);
      return { success: true, message: PARTNER_LINK_MESSAGES.linkFound, data: { partnerUsername } };
    },
  );

  route(app, linkPartner, { preHandler: signedIn('link-partner') })(async ({ body, request }) => {
    await hitAccount('link-partner', request);
    await linkPartnerAccount(db, signedInUser(request).id, body.token, config.partnerName);
    return { success: true, message: partnerLinkedMessage(config.partnerName) };
  });
};
