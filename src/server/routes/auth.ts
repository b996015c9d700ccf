import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePassword as changePasswordCall,
  checkResetLink as checkResetLinkCall,
  forgotPassword,
  loginWithPartner,
  register,
  resetPassword as resetPasswordCall,
  verifyEmail as verifyEmailCall,
} from '../../shared/contract/auth';
import {
  EMAIL_SIGN_IN_MESSAGES,
  emailSignIn,
  requestEmailSignIn,
} from '../../shared/contract/email-sign-in';
import { login } from '../../shared/contract/login';
import { checkAuth, logout } from '../../shared/contract/user';
import { VERIFICATION_MESSAGES } from '../../shared/contract/verification';
import {
  ACCOUNT_MESSAGES,
  authenticate,
  changePassword,
  checkResetLink,
  registerAccount,
  resetPassword,
  verifyEmail,
} from '../domain/auth/accounts';
import { drainAuthMails, queueAuthMail } from '../domain/auth/auth-mail-queue';
import { verificationMail } from '../domain/mails';
import { spendSignInLink } from '../domain/auth/sign-in-links';
import { findOrCreatePartnerAccount } from '../domain/auth/partner-accounts';
import { findUserById, toApiUser } from '../domain/auth/users';
import { badRequest, conflict, HttpError, unauthorized } from '../errors';
import { PartnerUnavailableError } from '../plugins/partner';
import {
  clearSessionCookie,
  loadUser,
  refreshSignedInSession,
  requireUser,
  SESSION_COOKIE,
  signedInUser,
  signIn,
  signOut,
} from '../plugins/session';
import { route } from '../route';
import { isKnownDevice } from '../domain/auth/devices';
import { twoFactorState } from '../domain/auth/two-factor';
import { DEVICE_COOKIE } from '../plugins/new-browser';
import { refuseWithPartnerLink } from './partner-link';
import { signInAttempt } from './sign-in-attempts';
import { signInOrChallenge } from './two-factor';
import { AUTH_MESSAGES } from './auth-messages';

/** Spec §7 auth calls under /api/auth (design §3). Register with the prefix `/api`. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, mailer, rateLimiter, partner } = app;
  /** Counts an attempt from the caller's address before its body is even read. */
  const hitIp = (name: string) => async (request: FastifyRequest) =>
    rateLimiter.hitIp(name, request.ip);

  /** Sends what forgot-password and refused registrations queued, after the answer has gone. */
  const draining = new Set<Promise<unknown>>();
  const drainMails = () => {
    const run = drainAuthMails({
      db,
      mailer,
      appUrl: config.appUrl,
      onError: (error) => app.log.error({ err: error }, 'auth mail failed'),
    })
      .catch((error: unknown) => app.log.error({ err: error }, 'auth mail queue failed'))
      .finally(() => draining.delete(run));
    draining.add(run);
  };
  const drainAfterAnswer = (reply: FastifyReply) => reply.raw.once('finish', drainMails);
  // What a crash left queued goes out with the next run.
  const drainTimer = setInterval(drainMails, config.jobIntervalSeconds * 1000);
  drainTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(drainTimer);
    await Promise.all(draining);
  });

  route(app, register, {
    preHandler: hitIp('register'),
    // The kept answer has no session (they are stored hashed): a repeat of the same body signs in
    // anew, if its password is still the account's.
    // Counted like a sign-in, and never past a second factor turned on since: then the repeat
    // answers without a session and the client signs in.
    onReplay: async ({ request, reply, body, answer }) => {
      if (!answer.success) return;
      const attempt = await rateLimiter.attempt('login', body.email, request.ip);
      const user = await authenticate(db.read, body.email, body.password);
      if (!user) return;
      await attempt.succeeded();
      if (!(await twoFactorState(db.read, Number(user.id))).enabled) {
        await signIn(request, reply, Number(user.id));
      }
    },
  })(async ({ body, request, reply }) => {
    await rateLimiter.hitAccount('register', body.email);
    const registered = await registerAccount(db, body);
    if (!registered) {
      // Generic and limited (design §3); the e-mail's owner, if there is one, is told by mail.
      await queueAuthMail(db, 'register-attempt', body.email);
      drainAfterAnswer(reply);
      throw conflict(ACCOUNT_MESSAGES.registerConflict);
    }
    const { user, verificationToken } = registered;
    // The account exists now: a mail server failure is logged, not turned into a failed registration.
    // Not awaited: a slow mail server must not hold the registration's transaction open.
    void mailer
      .send(verificationMail(config.appUrl, user.email, user.username, verificationToken))
      .catch((error: unknown) => request.log.error({ err: error }, 'verification mail failed'));
    await signIn(request, reply, Number(user.id));
    reply.status(201);
    return {
      success: true,
      message: AUTH_MESSAGES.registered,
      user: await toApiUser(db.read, user),
    };
  });

  // A sign-in's answer is a new session, never kept: a repeat signs in again (issue 14). Its
  // address counts it until it succeeds (issue 32 point 9), as the account does.
  route(app, login, { idempotency: 'ignore' })(async ({ body, request, reply }) => {
    const { email, password } = body;
    const fromIp = await rateLimiter.attemptFromIp('login', request.ip);
    const knownDevice = await isKnownDevice(db.read, { email }, request.cookies[DEVICE_COOKIE]);
    const attempt = await signInAttempt(request, reply, {
      route: 'login',
      account: { email },
      guessed: 'password',
      knownDevice,
    });
    const user = await authenticate(db.read, email, password);
    if (!user) throw unauthorized(ACCOUNT_MESSAGES.invalidLogin);
    await Promise.all([fromIp.succeeded(), attempt.succeeded()]);
    return signInOrChallenge(request, reply, user, AUTH_MESSAGES.loggedIn);
  });

  // Design §3: the path carries the partner's slug, a setting (default /api/auth/login-with-partner).
  route(app, loginWithPartner, {
    params: { product: config.partnerSlug },
    idempotency: 'ignore',
  })(async ({ body, request, reply }) => {
    const { username, password } = body;
    const fromIp = await rateLimiter.attemptFromIp('login-with-partner', request.ip);
    const attempt = await rateLimiter.attempt('login-with-partner', username, request.ip, {
      signIn: true,
    });
    const identity = await partnerLogin(request, username, password);
    if (!identity) throw unauthorized(AUTH_MESSAGES.invalidPartnerLogin);
    await Promise.all([fromIp.succeeded(), attempt.succeeded()]);
    const account = await findOrCreatePartnerAccount(db, identity);
    if ('user' in account)
      return signInOrChallenge(request, reply, account.user, AUTH_MESSAGES.loggedIn);
    // Issue 16 point 5: the e-mail is a local account's; only its owner, signed in, may link them.
    return refuseWithPartnerLink(request, account.emailOwner, identity.username);
  });

  route(
    app,
    checkAuth,
  )(async ({ request, reply }) => {
    if (!request.cookies[SESSION_COOKIE]) return { success: true, user: null };
    // A session that is over is refused (401) and its cookie left alone: an answer to a request sent
    // before a sign-in could otherwise arrive after it and clear the new session's cookie.
    await requireUser(request);
    // The session's sliding expiry is refreshed by the session plugin's own statements.
    await refreshSignedInSession(request, reply);
    return { success: true, user: await toApiUser(db.read, signedInUser(request)) };
  });

  // Ending a session twice ends it once: a repeat simply runs again.
  route(app, logout, { idempotency: 'ignore' })(async ({ request, reply }) => {
    await signOut(request, reply);
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  });

  // The same work for a known and an unknown e-mail (design §3): counted, queued, answered. The
  // account is looked up, the link issued and the mail sent after the answer.
  route(app, forgotPassword, { preHandler: hitIp('forgot-password') })(
    async ({ body, request, reply }) => {
      // Per e-mail and address only: strangers cannot use up the owner's way back in (issue 32
      // point 3); what holds them back is at most three mails an hour to the account, whoever asks.
      await rateLimiter.hitAccountFromIp('forgot-password', body.email, request.ip);
      await queueAuthMail(db, 'password-reset', body.email);
      drainAfterAnswer(reply);
      return { success: true, message: AUTH_MESSAGES.resetRequested };
    },
  );

  // Issue 32 point 2: the mailed sign-in link, as forgot-password does: counted per address and per
  // e-mail and address, queued, answered alike; at most three links an hour go to one account.
  route(app, requestEmailSignIn, { preHandler: hitIp('email-sign-in') })(
    async ({ body, request, reply }) => {
      await rateLimiter.hitAccountFromIp('email-sign-in', body.email, request.ip);
      await queueAuthMail(db, 'sign-in-link', body.email);
      drainAfterAnswer(reply);
      return { success: true, message: EMAIL_SIGN_IN_MESSAGES.sent };
    },
  );

  // The link's page: a whole sign-in (or its first step, when two-factor sign-in is on).
  route(app, emailSignIn, { idempotency: 'ignore' })(async ({ body, request, reply }) => {
    const fromIp = await rateLimiter.attemptFromIp('email-sign-in-confirm', request.ip);
    const userId = await spendSignInLink(db, body.token);
    const user = userId === undefined ? undefined : await findUserById(db.read, userId);
    if (!user) throw badRequest(EMAIL_SIGN_IN_MESSAGES.invalidLink);
    await fromIp.succeeded();
    return signInOrChallenge(request, reply, user, AUTH_MESSAGES.loggedIn);
  });

  /** Per account: a signed-in caller's codes count against their account until one works. */
  route(app, verifyEmailCall, {
    preHandler: async (request) => {
      await rateLimiter.hitIp('verify-email', request.ip);
      await loadUser(request);
    },
  })(async ({ body, request }) => {
    const attempt = request.user
      ? await rateLimiter.attempt('verify-email', `user:${request.user.id}`, request.ip)
      : undefined;
    const outcome = await verifyEmail(db, body.code);
    if (outcome === 'invalid') throw badRequest(ACCOUNT_MESSAGES.invalidVerification);
    // Only a code that verified gives the attempt back: replaying a spent one is no way to reset
    // the count of guesses.
    if (outcome === 'verified') await attempt?.succeeded();
    return outcome === 'verified'
      ? { success: true, message: AUTH_MESSAGES.verified, alreadyVerified: false }
      : { success: true, message: VERIFICATION_MESSAGES.alreadyVerified, alreadyVerified: true };
  });

  route(app, resetPasswordCall, { preHandler: hitIp('reset-password') })(
    async ({ body, request, reply }) => {
      const caller = await loadUser(request);
      const userId = await resetPassword(db, body.resetPasswordToken, body.newPassword);
      // Every session of the account has ended: the caller's cookie too when it was one of them.
      if (caller && Number(caller.id) === userId) clearSessionCookie(reply);
      return { success: true, message: AUTH_MESSAGES.passwordReset };
    },
  );

  // Counted per address like the reset itself; answers alike for every unusable link.
  route(app, checkResetLinkCall, { preHandler: hitIp('reset-password-check') })(
    async ({ body, db: reader }) => {
      await checkResetLink(reader, body.resetPasswordToken);
      return { success: true };
    },
  );

  route(app, changePasswordCall, { preHandler: requireUser })(async ({ body, request }) => {
    const user = signedInUser(request);
    const attempt = await rateLimiter.attempt('change-password', `user:${user.id}`, request.ip);
    await changePassword(
      db,
      Number(user.id),
      request.sessionId!,
      body.oldPassword,
      body.newPassword,
    );
    await attempt.succeeded();
    return { success: true, message: AUTH_MESSAGES.passwordChanged };
  });

  async function partnerLogin(request: FastifyRequest, username: string, password: string) {
    try {
      return await partner.login(username, password);
    } catch (error) {
      if (!(error instanceof PartnerUnavailableError)) throw error;
      request.log.warn({ err: error }, 'partner login unavailable');
      throw new HttpError(502, AUTH_MESSAGES.partnerUnreachable);
    }
  }
};
