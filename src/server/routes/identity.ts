import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  confirmIdentity,
  IDENTITY_MESSAGES,
  PROOF_REQUIRED_CODE,
} from '../../shared/contract/identity';
import { TWO_FACTOR_MESSAGES } from '../../shared/contract/two-factor';
import { ACCOUNT_MESSAGES } from '../domain/auth/accounts';
import { hasRecentProof, recordProof } from '../domain/auth/identity-proofs';
import { verifyPassword } from '../domain/auth/passwords';
import { checkSecondFactor, SecretBox, twoFactorState } from '../domain/auth/two-factor';
import { findUserById, type UserRow } from '../domain/auth/users';
import { badRequest, HttpError, unauthorized } from '../errors';
import { PartnerUnavailableError } from '../plugins/partner';
import { requireUser, signedInUser } from '../plugins/session';
import { route } from '../route';
import { AUTH_MESSAGES } from './auth-messages';

/**
 * preHandler of a change to how the account signs in (issue 32 point 8): a session, and a proof of
 * its owner within the last 10 minutes; 403 `proof_required` otherwise.
 */
export async function requireRecentProof(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!(await hasRecentProof(request.server.db.read, request.sessionId!))) {
    throw new HttpError(403, IDENTITY_MESSAGES.proofRequired, PROOF_REQUIRED_CODE);
  }
}

/** "Confirm it's you": the password or a current code proves the session's owner for 10 minutes. */
export const identityRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, rateLimiter, partner } = app;
  const box = new SecretBox(config.sessionSecret);

  /** The owner's password: its own, or for an account made by partner login, the partner's. */
  async function passwordIsRight(user: UserRow, password: string): Promise<boolean> {
    if (user.password_hash) return verifyPassword(password, user.password_hash);
    if (!user.partner_username) return false;
    try {
      const identity = await partner.login(user.partner_username, password);
      return identity?.username.toLowerCase() === user.partner_username.toLowerCase();
    } catch (error) {
      if (!(error instanceof PartnerUnavailableError)) throw error;
      throw new HttpError(502, AUTH_MESSAGES.partnerUnreachable);
    }
  }

  // Counted as the current-password checks of change-password and change-email are: per address,
  // and per account and address until it succeeds.
  route(app, confirmIdentity, {
    preHandler: async (request) => {
      await rateLimiter.hitIp('confirm-identity', request.ip);
      await requireUser(request);
    },
  })(async ({ body, request }) => {
    const caller = signedInUser(request);
    const attempt = await rateLimiter.attempt('confirm-identity', `user:${caller.id}`, request.ip);
    const user = await findUserById(db.read, Number(caller.id));
    if (!user) throw unauthorized();
    if (body.password) {
      if (!(await passwordIsRight(user, body.password))) {
        throw badRequest(ACCOUNT_MESSAGES.wrongCurrentPassword);
      }
    } else {
      // Only a factor that is on: a pending set-up's secret proves nothing of the owner.
      const on = (await twoFactorState(db.read, Number(user.id))).enabled;
      if (!on || !(await checkSecondFactor(db, box, Number(user.id), body.code ?? ''))) {
        throw badRequest(TWO_FACTOR_MESSAGES.invalidCode);
      }
    }
    await attempt.succeeded();
    await recordProof(db, request.sessionId!);
    return { success: true, message: IDENTITY_MESSAGES.confirmed };
  });
};
