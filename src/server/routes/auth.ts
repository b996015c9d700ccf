import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  PartnerLoginBody,
  RegisterBody,
  ResetPasswordBody,
  VerifyEmailBody,
} from '../../shared/contract/auth';
import type { MessageResponse } from '../../shared/contract/common';
import type { UserResponse } from '../../shared/contract/user';
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
import { parseBody } from '../validate';

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

  app.post('/auth/register', async (request, reply) => {
    await rateLimiter.hitIp('register', request.ip);
    const body = parseBody(RegisterBody, request.body);
    await rateLimiter.hitAccount('register', body.email);
    const { user, verificationToken } = await registerAccount(db, body);
    // The account exists now: a mail server failure is logged, not turned into a failed registration.
    await mailer
      .send(verificationMail(config.appUrl, user.email, user.username, verificationToken))
      .catch((error: unknown) => request.log.error({ err: error }, 'verification mail failed'));
    await signIn(request, reply, Number(user.id));
    const answer: UserResponse = {
      success: true,
      message: AUTH_MESSAGES.registered,
      user: await toApiUser(db, user),
    };
    return reply.status(201).send(answer);
  });

  app.post('/auth/login', async (request, reply) => {
    await rateLimiter.hitIp('login', request.ip);
    const { email, password } = parseBody(LoginBody, request.body);
    await rateLimiter.checkFailures('login', email);
    const user = await authenticate(db, email, password);
    if (!user) {
      await rateLimiter.recordFailure('login', email);
      throw unauthorized(ACCOUNT_MESSAGES.invalidLogin);
    }
    await rateLimiter.clearFailures('login', email);
    await signIn(request, reply, Number(user.id));
    const answer: UserResponse = {
      success: true,
      message: AUTH_MESSAGES.loggedIn,
      user: await toApiUser(db, user),
    };
    return answer;
  });

  // Design §3: the path carries the partner's slug, a setting (default /api/auth/login-with-partner).
  app.post(`/auth/login-with-${config.partnerSlug}`, async (request, reply) => {
    await rateLimiter.hitIp('login-with-partner', request.ip);
    const { username, password } = parseBody(PartnerLoginBody, request.body);
    await rateLimiter.checkFailures('login-with-partner', username);
    const identity = await partnerLogin(request, username, password);
    if (!identity) {
      await rateLimiter.recordFailure('login-with-partner', username);
      throw unauthorized(AUTH_MESSAGES.invalidPartnerLogin);
    }
    await rateLimiter.clearFailures('login-with-partner', username);
    const user = await findOrCreatePartnerAccount(db, identity);
    await signIn(request, reply, Number(user.id));
    const answer: UserResponse = {
      success: true,
      message: AUTH_MESSAGES.loggedIn,
      user: await toApiUser(db, user),
    };
    return answer;
  });

  app.get('/auth/check-auth', { preHandler: requireUser }, async (request, reply) => {
    await refreshSignedInSession(request, reply);
    const answer: UserResponse = {
      success: true,
      user: await toApiUser(db, signedInUser(request)),
    };
    return answer;
  });

  app.post('/auth/logout', async (request, reply) => {
    await signOut(request, reply);
    const answer: MessageResponse = { success: true, message: AUTH_MESSAGES.loggedOut };
    return answer;
  });

  app.post('/auth/forgot-password', async (request) => {
    await rateLimiter.hitIp('forgot-password', request.ip);
    const { email } = parseBody(ForgotPasswordBody, request.body);
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
    const answer: MessageResponse = { success: true, message: AUTH_MESSAGES.resetRequested };
    return answer;
  });

  app.post('/auth/verify-email', async (request) => {
    await rateLimiter.hitIp('verify-email', request.ip);
    // Per account: a signed-in caller's failed codes count against their account.
    const caller = await loadUser(request);
    const account = caller ? `user:${caller.id}` : undefined;
    if (account) await rateLimiter.checkFailures('verify-email', account);
    const { code } = parseBody(VerifyEmailBody, request.body);
    if (!(await verifyEmail(db, code))) {
      if (account) await rateLimiter.recordFailure('verify-email', account);
      throw badRequest(ACCOUNT_MESSAGES.invalidVerification);
    }
    const answer: MessageResponse = { success: true, message: AUTH_MESSAGES.verified };
    return answer;
  });

  app.post('/auth/reset-password', async (request, reply) => {
    const { resetPasswordToken, newPassword } = parseBody(ResetPasswordBody, request.body);
    const caller = await loadUser(request);
    const userId = await resetPassword(db, resetPasswordToken, newPassword);
    // Every session of the account has ended: the caller's cookie too when it was one of them.
    if (caller && Number(caller.id) === userId) clearSessionCookie(reply);
    const answer: MessageResponse = { success: true, message: AUTH_MESSAGES.passwordReset };
    return answer;
  });

  app.post('/auth/change-password', { preHandler: requireUser }, async (request) => {
    const user = signedInUser(request);
    const { oldPassword, newPassword } = parseBody(ChangePasswordBody, request.body);
    const account = `user:${user.id}`;
    await rateLimiter.checkFailures('change-password', account);
    try {
      await changePassword(db, Number(user.id), request.sessionId!, oldPassword, newPassword);
    } catch (error) {
      if (error instanceof HttpError) await rateLimiter.recordFailure('change-password', account);
      throw error;
    }
    await rateLimiter.clearFailures('change-password', account);
    const answer: MessageResponse = { success: true, message: AUTH_MESSAGES.passwordChanged };
    return answer;
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
