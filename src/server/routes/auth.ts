import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  changePassword as changePasswordCall,
  forgotPassword,
  loginWithPartner,
  register,
  resetPassword as resetPasswordCall,
  verifyEmail as verifyEmailCall,
} from '../../shared/contract/auth';
import { login } from '../../shared/contract/login';
import { checkAuth, logout } from '../../shared/contract/user';
import {
  ACCOUNT_MESSAGES,
  authenticate,
  changePassword,
  registerAccount,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from '../domain/accounts';
import { passwordResetMail, verificationMail } from '../domain/mails';
import { findOrCreatePartnerAccount } from '../domain/partner-accounts';
import { toApiUser } from '../domain/users';
import { badRequest, HttpError, unauthorized } from '../errors';
import { PartnerUnavailableError } from '../plugins/partner';
import {
  clearSessionCookie,
  loadUser,
  refreshSignedInSession,
  requireUser,
  signedInUser,
  signIn,
  signOut,
} from '../plugins/session';
import { route } from '../route';

export const AUTH_MESSAGES = {
  registered: 'Account created successfully. Please check your email to verify your account.',
  loggedIn: 'Logged in successfully',
  loggedOut: 'Logged out successfully',
  resetRequested: 'If an account exists for this email, a password reset link has been sent.',
  verified: 'Account verified successfully!',
  passwordReset: 'Your password has been reset. You can now sign in.',
  passwordChanged: 'Password changed successfully!',
  invalidPartnerLogin: 'Invalid username or password',
  partnerUnreachable: 'The partner site is not reachable right now. Please try again later.',
} as const;

/** Spec §7 auth calls under /api/auth (design §3). Register with the prefix `/api`. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, mailer, rateLimiter, partner } = app;
  /** Counts an attempt from the caller's address before its body is even read. */
  const hitIp = (name: string) => async (request: FastifyRequest) =>
    rateLimiter.hitIp(name, request.ip);

  route(app, register, {
    preHandler: hitIp('register'),
    // The kept answer has no session (they are stored hashed): a repeat of the same body signs in
    // anew, if its password is still the account's.
    onReplay: async ({ request, reply, body, answer }) => {
      if (!answer.success) return;
      const user = await authenticate(db.read, body.email, body.password);
      if (user) await signIn(request, reply, Number(user.id));
    },
  })(async ({ body, request, reply }) => {
    await rateLimiter.hitAccount('register', body.email);
    const { user, verificationToken } = await registerAccount(db, body);
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

  // A sign-in's answer is a new session, never kept: a repeat signs in again (issue 14).
  route(app, login, { preHandler: hitIp('login'), idempotency: 'ignore' })(
    async ({ body, request, reply }) => {
      const { email, password } = body;
      await rateLimiter.checkFailures('login', email);
      const user = await authenticate(db.read, email, password);
      if (!user) {
        await rateLimiter.recordFailure('login', email);
        throw unauthorized(ACCOUNT_MESSAGES.invalidLogin);
      }
      await rateLimiter.clearFailures('login', email);
      await signIn(request, reply, Number(user.id));
      return {
        success: true,
        message: AUTH_MESSAGES.loggedIn,
        user: await toApiUser(db.read, user),
      };
    },
  );

  // Design §3: the path carries the partner's slug, a setting (default /api/auth/login-with-partner).
  route(app, loginWithPartner, {
    params: { product: config.partnerSlug },
    preHandler: hitIp('login-with-partner'),
    idempotency: 'ignore',
  })(async ({ body, request, reply }) => {
    const { username, password } = body;
    await rateLimiter.checkFailures('login-with-partner', username);
    const identity = await partnerLogin(request, username, password);
    if (!identity) {
      await rateLimiter.recordFailure('login-with-partner', username);
      throw unauthorized(AUTH_MESSAGES.invalidPartnerLogin);
    }
    await rateLimiter.clearFailures('login-with-partner', username);
    const user = await findOrCreatePartnerAccount(db, identity);
    await signIn(request, reply, Number(user.id));
    return { success: true, message: AUTH_MESSAGES.loggedIn, user: await toApiUser(db.read, user) };
  });

  route(app, checkAuth, { preHandler: requireUser })(async ({ request, reply }) => {
    // The session's sliding expiry is refreshed by the session plugin's own statements.
    await refreshSignedInSession(request, reply);
    return { success: true, user: await toApiUser(db.read, signedInUser(request)) };
  });

  // Ending a session twice ends it once: a repeat simply runs again.
  route(app, logout, { idempotency: 'ignore' })(async ({ request, reply }) => {
    await signOut(request, reply);
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  });

  route(app, forgotPassword, { preHandler: hitIp('forgot-password') })(
    async ({ body, request }) => {
      const { email } = body;
      await rateLimiter.hitAccount('forgot-password', email);
      const reset = await requestPasswordReset(db, email);
      if (reset) {
        // Not awaited: a slow mail server must not tell a known e-mail from an unknown one (design §3).
        const mail = passwordResetMail(
          config.appUrl,
          reset.user.email,
          reset.user.username,
          reset.resetToken,
        );
        mailer.send(mail).catch((error: unknown) => {
          request.log.error({ err: error }, 'password reset mail failed');
        });
      }
      return { success: true, message: AUTH_MESSAGES.resetRequested };
    },
  );

  /** Per account: a signed-in caller's failed codes count against their account. */
  const verifyingAccount = (request: FastifyRequest) =>
    request.user ? `user:${request.user.id}` : undefined;
  route(app, verifyEmailCall, {
    preHandler: async (request) => {
      await rateLimiter.hitIp('verify-email', request.ip);
      await loadUser(request);
      const account = verifyingAccount(request);
      if (account) await rateLimiter.checkFailures('verify-email', account);
    },
  })(async ({ body, request }) => {
    if (!(await verifyEmail(db, body.code))) {
      const account = verifyingAccount(request);
      if (account) await rateLimiter.recordFailure('verify-email', account);
      throw badRequest(ACCOUNT_MESSAGES.invalidVerification);
    }
    return { success: true, message: AUTH_MESSAGES.verified };
  });

  route(
    app,
    resetPasswordCall,
  )(async ({ body, request, reply }) => {
    const caller = await loadUser(request);
    const userId = await resetPassword(db, body.resetPasswordToken, body.newPassword);
    // Every session of the account has ended: the caller's cookie too when it was one of them.
    if (caller && Number(caller.id) === userId) clearSessionCookie(reply);
    return { success: true, message: AUTH_MESSAGES.passwordReset };
  });

  route(app, changePasswordCall, { preHandler: requireUser })(async ({ body, request }) => {
    const user = signedInUser(request);
    const account = `user:${user.id}`;
    await rateLimiter.checkFailures('change-password', account);
    try {
      await changePassword(
        db,
        Number(user.id),
        request.sessionId!,
        body.oldPassword,
        body.newPassword,
      );
    } catch (error) {
      if (error instanceof HttpError) await rateLimiter.recordFailure('change-password', account);
      throw error;
    }
    await rateLimiter.clearFailures('change-password', account);
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
