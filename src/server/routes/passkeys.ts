import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  addPasskey,
  getPasskeys,
  PASSKEY_MESSAGES,
  passkeyAddOptions,
  passkeySignIn,
  passkeySignInOptions,
  removePasskey as removePasskeyCall,
  renamePasskey as renamePasskeyCall,
} from '../../shared/contract/passkeys';
import { sessionName } from '../../shared/contract/sessions';
import {
  findPasskey,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  removePasskey,
  renamePasskey,
  userPasskeys,
} from '../domain/auth/passkeys';
import { createChallenge, endChallenge, findChallenge } from '../domain/auth/two-factor';
import { describeUserAgent } from '../domain/auth/user-agents';
import { findUserById, toApiUser } from '../domain/auth/users';
import { badRequest, notFound } from '../errors';
import { requireUser, signedInUser, signIn } from '../plugins/session';
import { route } from '../route';
import { requireRecentProof } from './identity';
import {
  clearChallengeCookie,
  SECOND_FACTOR_COOKIE,
  setChallengeCookie,
  tellOwner,
} from './two-factor';

/** The cookie of a passkey ceremony under way: its challenge is kept on the server, hashed id here. */
const PASSKEY_COOKIE = 'pkc';

/**
 * Passkeys (WebAuthn, issue 16) with @simplewebauthn/server: the relying party is APP_URL's host,
 * the only origin accepted is APP_URL's. User verification is required: a passkey is a whole
 * sign-in (something held and a PIN or a fingerprint), or a second factor.
 */
export const passkeyRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, rateLimiter } = app;
  const origin = new URL(config.appUrl).origin;
  const rpID = new URL(config.appUrl).hostname;

  /** The live ceremony of this browser for `purpose`, ended now (a challenge answers once). */
  async function takeChallenge(
    request: FastifyRequest,
    purpose: 'passkey-add' | 'passkey-sign-in',
  ) {
    const id = request.cookies[PASSKEY_COOKIE];
    const challenge = id ? await findChallenge(db.read, id, purpose) : undefined;
    if (!id || !challenge?.challenge || !(await endChallenge(db, id))) {
      throw badRequest(PASSKEY_MESSAGES.expired);
    }
    return challenge;
  }

  route(app, getPasskeys, { preHandler: requireUser })(async ({ request }) => ({
    success: true,
    data: await listPasskeys(db.read, Number(signedInUser(request).id)),
  }));

  // Issue 32 point 8: adding or removing a passkey needs a recent proof of the owner: a passkey
  // added with a stolen session would outlive the owner's password reset and skip two-factor.
  route(app, passkeyAddOptions, { preHandler: requireRecentProof })(async ({ request, reply }) => {
    const user = signedInUser(request);
    const existing = await userPasskeys(db.read, Number(user.id));
    const options = await generateRegistrationOptions({
      rpName: 'PromoClicks',
      rpID,
      userName: user.email,
      userDisplayName: user.username,
      attestationType: 'none',
      excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const id = await createChallenge(db, 'passkey-add', Number(user.id), options.challenge);
    setChallengeCookie(reply, PASSKEY_COOKIE, id);
    return { success: true, options: JSON.stringify(options) };
  });

  route(app, addPasskey, { preHandler: requireRecentProof })(async ({ body, request, reply }) => {
    const user = signedInUser(request);
    const challenge = await takeChallenge(request, 'passkey-add');
    clearChallengeCookie(reply, PASSKEY_COOKIE);
    if (challenge.userId !== Number(user.id)) throw badRequest(PASSKEY_MESSAGES.expired);
    const verified = await verifyRegistrationResponse({
      response: body.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge!,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      request.log.info({ err: error }, 'passkey registration refused');
      return undefined;
    });
    if (!verified?.verified) throw badRequest(PASSKEY_MESSAGES.failed);
    const { credential } = verified.registrationInfo;
    const passkey = await insertPasskey(db, {
      id: credential.id,
      userId: Number(user.id),
      name:
        body.name ??
        `Passkey on ${sessionName(describeUserAgent(request.headers['user-agent'] ?? null))}`,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    if (!passkey) throw badRequest(PASSKEY_MESSAGES.failed);
    tellOwner(request, user, `A passkey ("${passkey.name}") was added`);
    return { success: true, message: PASSKEY_MESSAGES.added, passkey };
  });

  route(app, renamePasskeyCall, { preHandler: requireUser })(async ({ body, request }) => {
    const userId = Number(signedInUser(request).id);
    if (!(await renamePasskey(db, userId, body.id, body.name))) {
      throw notFound(PASSKEY_MESSAGES.notFound);
    }
    return { success: true, message: PASSKEY_MESSAGES.renamed };
  });

  route(app, removePasskeyCall, { preHandler: requireRecentProof })(async ({ body, request }) => {
    const user = signedInUser(request);
    if (!(await removePasskey(db, Number(user.id), body.id))) {
      throw notFound(PASSKEY_MESSAGES.notFound);
    }
    tellOwner(request, user, 'A passkey was removed');
    return { success: true, message: PASSKEY_MESSAGES.removed };
  });

  // A whole sign-in with any passkey of the site, or, during a sign-in that asked for a second
  // factor, with a passkey of that account.
  // Each ceremony counts once for its address, here, until its sign-in succeeds (issue 32 point 9):
  // the sign-in needs the challenge made here, so it is limited with it.
  route(app, passkeySignInOptions, {
    preHandler: async (request) => {
      await rateLimiter.attemptFromIp('passkey-sign-in', request.ip);
    },
    idempotency: 'ignore',
  })(async ({ request, reply }) => {
    const halfDone = request.cookies[SECOND_FACTOR_COOKIE];
    const secondFactor = halfDone
      ? await findChallenge(db.read, halfDone, 'second-factor')
      : undefined;
    const userId = secondFactor?.userId ?? null;
    const allowed = userId === null ? [] : await userPasskeys(db.read, userId);
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      allowCredentials: allowed.map(({ id, transports }) => ({ id, transports })),
    });
    const id = await createChallenge(db, 'passkey-sign-in', userId, options.challenge);
    setChallengeCookie(reply, PASSKEY_COOKIE, id);
    return { success: true, options: JSON.stringify(options) };
  });

  route(app, passkeySignIn, { idempotency: 'ignore' })(async ({ body, request, reply }) => {
    const challenge = await takeChallenge(request, 'passkey-sign-in');
    clearChallengeCookie(reply, PASSKEY_COOKIE);
    const passkey = await findPasskey(db.read, body.credential.id);
    if (!passkey) throw badRequest(PASSKEY_MESSAGES.failed);
    if (challenge.userId !== null && challenge.userId !== passkey.userId) {
      throw badRequest(PASSKEY_MESSAGES.otherAccount);
    }
    const verified = await verifyAuthenticationResponse({
      response: body.credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge!,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: passkey,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      request.log.info({ err: error }, 'passkey sign-in refused');
      return undefined;
    });
    if (!verified?.verified) throw badRequest(PASSKEY_MESSAGES.failed);
    if (!(await recordPasskeyUse(db, passkey.id, verified.authenticationInfo.newCounter))) {
      request.log.warn(
        { passkey: passkey.id },
        'passkey counter went back: a cloned authenticator?',
      );
      throw badRequest(PASSKEY_MESSAGES.failed);
    }
    const user = await findUserById(db.read, passkey.userId);
    if (!user) throw badRequest(PASSKEY_MESSAGES.failed);
    // A second factor given this way ends the half-done sign-in too.
    const halfDone = request.cookies[SECOND_FACTOR_COOKIE];
    if (halfDone) {
      await endChallenge(db, halfDone);
      clearChallengeCookie(reply, SECOND_FACTOR_COOKIE);
    }
    await signIn(request, reply, passkey.userId);
    await rateLimiter.succeededFromIp('passkey-sign-in', request.ip);
    return {
      success: true,
      message: 'Logged in successfully',
      user: await toApiUser(db.read, user),
    };
  });
};
