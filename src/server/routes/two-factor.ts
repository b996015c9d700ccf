import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SecondFactorChallenge } from '../../shared/contract/login';
import type { UserResponse } from '../../shared/contract/user';
import {
  disableTwoFactor as disableTwoFactorCall,
  enableTwoFactor as enableTwoFactorCall,
  loginSecondFactor,
  setUpTwoFactor,
  TWO_FACTOR_MESSAGES,
  twoFactorStatus,
} from '../../shared/contract/two-factor';
import { ACCOUNT_MESSAGES } from '../domain/auth/accounts';
import { isKnownDevice } from '../domain/auth/devices';
import { hasPasskeys } from '../domain/auth/passkeys';
import { securityChangeMail } from '../domain/mails';
import { verifyPassword } from '../domain/auth/passwords';
import {
  checkSecondFactor,
  CHALLENGE_TTL_MS,
  createChallenge,
  disableTwoFactor,
  enableTwoFactor,
  endChallenge,
  findChallenge,
  MAX_CODE_FAILURES,
  reserveCodeAttempt,
  SecretBox,
  startTwoFactorSetup,
  twoFactorState,
} from '../domain/auth/two-factor';
import { recordProof } from '../domain/auth/identity-proofs';
import { findUserById, toApiUser, type UserRow } from '../domain/auth/users';
import { badRequest, unauthorized } from '../errors';
import { requireUser, signedInUser, signIn } from '../plugins/session';
import { DEVICE_COOKIE } from '../plugins/new-browser';
import { route } from '../route';
import { requireRecentProof } from './identity';
import { signInAttempt } from './sign-in-attempts';

/** The half-done sign-in's cookie (issue 16): only /api/auth calls see it. */
export const SECOND_FACTOR_COOKIE = 'sfa';
const COOKIE_PATH = '/api/auth';

/** Mails the owner of a change to how the account signs in (not awaited; a failure is logged). */
export function tellOwner(request: FastifyRequest, user: UserRow, change: string): void {
  const { mailer, config } = request.server;
  mailer
    .send(securityChangeMail(config.appUrl, user.email, user.username, change))
    .catch((error: unknown) => request.log.error({ err: error }, 'security change mail failed'));
}

/** A short-lived httpOnly cookie of a sign-in step, seen by /api/auth calls only. */
export function setChallengeCookie(reply: FastifyReply, name: string, id: string): void {
  reply.setCookie(name, id, {
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.server.config.production,
    path: COOKIE_PATH,
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
}

export function clearChallengeCookie(reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { path: COOKIE_PATH });
}

/**
 * Ends a sign-in whose password (or partner login) was right: signs in at once, or, when the account
 * has two-factor sign-in on, starts a challenge and answers what the second step needs.
 */
export async function signInOrChallenge(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  message: string,
): Promise<UserResponse | SecondFactorChallenge> {
  const { db } = request.server;
  const state = await twoFactorState(db.read, Number(user.id));
  if (!state.enabled) {
    await signIn(request, reply, Number(user.id));
    return { success: true, message, user: await toApiUser(db.read, user) };
  }
  const id = await createChallenge(db, 'second-factor', Number(user.id));
  setChallengeCookie(reply, SECOND_FACTOR_COOKIE, id);
  return {
    success: true,
    message: TWO_FACTOR_MESSAGES.challenge,
    secondFactor: { totp: true, passkey: await hasPasskeys(db.read, Number(user.id)) },
  };
}

/** Two-factor sign-in: set-up, turning it on and off, and the second step of a sign-in. */
export const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, rateLimiter } = app;
  const box = new SecretBox(config.sessionSecret);

  route(app, twoFactorStatus, { preHandler: requireUser })(async ({ request }) => {
    const user = signedInUser(request);
    const state = await twoFactorState(db.read, Number(user.id));
    return { success: true, ...state, hasPassword: user.password_hash !== null };
  });

  // Issue 32 point 8: set-up and turning it on need a recent proof, so that a stolen session cannot
  // put the thief's app between the owner and the account.
  route(app, setUpTwoFactor, { preHandler: requireRecentProof })(async ({ request }) => {
    const user = signedInUser(request);
    if ((await twoFactorState(db.read, Number(user.id))).enabled) {
      throw badRequest(TWO_FACTOR_MESSAGES.alreadyOn);
    }
    const setup = await startTwoFactorSetup(db, box, { id: Number(user.id), email: user.email });
    return { success: true, ...setup };
  });

  route(app, enableTwoFactorCall, { preHandler: requireRecentProof })(async ({ body, request }) => {
    const user = signedInUser(request);
    const attempt = await rateLimiter.attempt('two-factor', `user:${user.id}`, request.ip);
    const result = await enableTwoFactor(db, box, Number(user.id), body.code);
    if (result === 'already-on') throw badRequest(TWO_FACTOR_MESSAGES.alreadyOn);
    if (result === 'none') throw badRequest(TWO_FACTOR_MESSAGES.notSetUp);
    if (!result) throw badRequest(TWO_FACTOR_MESSAGES.invalidCode);
    await attempt.succeeded();
    tellOwner(request, user, 'Two-factor sign-in was turned on');
    return { success: true, message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes: result };
  });

  // Turned off only with the password and a code (an account made by partner login has no
  // password: the code alone).
  route(app, disableTwoFactorCall, { preHandler: requireUser })(async ({ body, request }) => {
    const user = signedInUser(request);
    const attempt = await rateLimiter.attempt('two-factor', `user:${user.id}`, request.ip);
    const fresh = await findUserById(db.read, Number(user.id));
    if (!(await twoFactorState(db.read, Number(user.id))).enabled) {
      throw badRequest(TWO_FACTOR_MESSAGES.notOn);
    }
    if (fresh?.password_hash) {
      const ok = await verifyPassword(body.password ?? '', fresh.password_hash);
      if (!ok) throw badRequest(ACCOUNT_MESSAGES.wrongCurrentPassword);
    }
    if (!(await checkSecondFactor(db, box, Number(user.id), body.code))) {
      throw badRequest(TWO_FACTOR_MESSAGES.invalidCode);
    }
    await attempt.succeeded();
    // The password and a code were just given: the proof of the owner (issue 32 point 8).
    await recordProof(db, request.sessionId!);
    await disableTwoFactor(db, Number(user.id));
    tellOwner(request, user, 'Two-factor sign-in was turned off');
    return { success: true, message: TWO_FACTOR_MESSAGES.disabled };
  });

  // A code is a guess like a password: counted per address, and per account and address, before
  // it is checked, until it succeeds.
  route(app, loginSecondFactor, { idempotency: 'ignore' })(async ({ body, request, reply }) => {
    const fromIp = await rateLimiter.attemptFromIp('login', request.ip);
    const id = request.cookies[SECOND_FACTOR_COOKIE];
    const challenge = id ? await findChallenge(db.read, id, 'second-factor') : undefined;
    if (!id || !challenge?.userId) throw unauthorized(TWO_FACTOR_MESSAGES.noChallenge);
    const userId = challenge.userId;
    // The owner's own browser is held to its address's limit only (design §3).
    const knownDevice = await isKnownDevice(db.read, { userId }, request.cookies[DEVICE_COOKIE]);
    const attempt = await signInAttempt(request, reply, {
      route: 'two-factor',
      account: { userId },
      guessed: 'code',
      knownDevice,
    });
    // Issue 32 point 4: the code's attempt is taken before it is checked, and every refused code of
    // one attempt number gets one answer, the right code's as a wrong one's.
    const taken = await reserveCodeAttempt(db, id);
    const lastChance = taken === undefined || taken >= MAX_CODE_FAILURES;
    if (taken === undefined || !(await checkSecondFactor(db, box, userId, body.code))) {
      // A few wrong codes end the half-done sign-in: the password is asked again.
      if (lastChance) {
        clearChallengeCookie(reply, SECOND_FACTOR_COOKIE);
        throw unauthorized(TWO_FACTOR_MESSAGES.tooManyCodes);
      }
      throw unauthorized(TWO_FACTOR_MESSAGES.invalidCode);
    }
    // Used once: of two racing right codes, one signs in.
    if (!(await endChallenge(db, id))) throw unauthorized(TWO_FACTOR_MESSAGES.noChallenge);
    await Promise.all([fromIp.succeeded(), attempt.succeeded()]);
    clearChallengeCookie(reply, SECOND_FACTOR_COOKIE);
    const user = await findUserById(db.read, userId);
    if (!user) throw unauthorized(TWO_FACTOR_MESSAGES.noChallenge);
    await signIn(request, reply, userId);
    return {
      success: true,
      message: 'Logged in successfully',
      user: await toApiUser(db.read, user),
    };
  });
};
