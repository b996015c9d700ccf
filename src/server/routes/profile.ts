import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  changeEmail,
  confirmEmail,
  emailChangedMessage,
  emailChangeSentMessage,
  getAccountSecurity,
  PROFILE_MESSAGES,
  sendSetPasswordLink,
  setPassword,
  setPasswordLinkSentMessage,
  updateUsername,
} from '../../shared/contract/profile';
import { resendVerification, VERIFICATION_MESSAGES } from '../../shared/contract/verification';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  emailChangeTakenMail,
  setPasswordMail,
  verificationMail,
} from '../domain/mails';
import {
  changeUsername,
  checkCurrentPassword,
  confirmEmailChange,
  issueSetPasswordLink,
  issueVerificationLink,
  requestEmailChange,
  setFirstPassword,
} from '../domain/auth/profile';
import { recordProof } from '../domain/auth/identity-proofs';
import { toApiUser } from '../domain/auth/users';
import type { Mail } from '../plugins/mail';
import { requireUser, signedInUser } from '../plugins/session';
import { route } from '../route';

/**
 * Issue 16 point 8: the profile of the account page really saves (design §3). Every call that mails
 * or tries a secret is counted before its work: per address, and per account. Register with the
 * prefix `/api`.
 */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, mailer, rateLimiter } = app;
  /** Counts a call from the caller's address, then requires a session. */
  const signedIn = (name: string) => async (request: FastifyRequest) => {
    await rateLimiter.hitIp(name, request.ip);
    await requireUser(request);
  };
  /** Counts a call on the caller's account. */
  const hitAccount = (name: string, request: FastifyRequest) =>
    rateLimiter.hitAccount(name, `user:${signedInUser(request).id}`);
  /** Not awaited: a slow mail server must not hold the request's transaction open. */
  const send = (request: FastifyRequest, mail: Mail, what: string) =>
    void mailer
      .send(mail)
      .catch((error: unknown) => request.log.error({ err: error }, `${what} mail failed`));

  // Registration's rules; limited, since a refusal tells that the username is someone's.
  route(app, updateUsername, { preHandler: signedIn('change-username') })(
    async ({ body, request }) => {
      await hitAccount('change-username', request);
      const user = await changeUsername(db, signedInUser(request).id, body.username);
      return {
        success: true,
        message: PROFILE_MESSAGES.usernameSaved,
        user: await toApiUser(db.read, user),
      };
    },
  );

  route(app, changeEmail, { preHandler: signedIn('change-email') })(async ({ body, request }) => {
    const caller = signedInUser(request);
    const attempt = await rateLimiter.attempt('change-email', `user:${caller.id}`, request.ip);
    const user = await checkCurrentPassword(db, caller.id, body.password);
    await attempt.succeeded();
    // The password was just given: the proof of the owner (issue 32 point 8).
    await recordProof(db, request.sessionId!);
    // Each request mails two addresses: counted apart from the password attempts, which a right
    // password gives back.
    await hitAccount('change-email-link', request);
    const change = await requestEmailChange(db, user, body.newEmail);
    if ('token' in change) {
      send(
        request,
        emailChangeConfirmMail(config.appUrl, body.newEmail, user.username, change.token),
        'change-email',
      );
    } else {
      // The answer and the notice below are the same as for a free address: the caller learns
      // nothing of another account; the address's owner is told, as a refused registration does.
      send(
        request,
        emailChangeTakenMail(config.appUrl, body.newEmail, change.takenBy.username),
        'change-email taken',
      );
    }
    send(
      request,
      emailChangeRequestedMail(config.appUrl, user.email, user.username, body.newEmail),
      'change-email notice',
    );
    return { success: true, message: emailChangeSentMessage(body.newEmail) };
  });

  // Only in a session of the account that asked: whoever else reads the link (a mistyped address's
  // owner) cannot move the account to their mailbox, and cannot spend the link either.
  route(app, confirmEmail, { preHandler: signedIn('confirm-email') })(async ({ body, request }) => {
    const caller = signedInUser(request);
    const attempt = await rateLimiter.attempt('confirm-email', `user:${caller.id}`, request.ip);
    const { user, previousEmail } = await confirmEmailChange(
      db,
      caller.id,
      body.token,
      request.sessionId!,
    );
    await attempt.succeeded();
    send(
      request,
      emailChangedMail(config.links.supportEmail, previousEmail, user.username, user.email),
      'e-mail changed',
    );
    return {
      success: true,
      message: emailChangedMessage(user.email),
      user: await toApiUser(db.read, user),
    };
  });

  route(app, resendVerification, { preHandler: signedIn('resend-verification') })(
    async ({ request }) => {
      await hitAccount('resend-verification', request);
      const user = signedInUser(request);
      const token = await issueVerificationLink(db, user);
      send(
        request,
        verificationMail(config.appUrl, user.email, user.username, token),
        'verification',
      );
      return { success: true, message: VERIFICATION_MESSAGES.sent };
    },
  );

  route(app, getAccountSecurity, { preHandler: requireUser })(async ({ request }) => {
    const user = signedInUser(request);
    const hasPassword = user.password_hash !== null;
    return {
      success: true,
      message: PROFILE_MESSAGES.securityRead,
      data: {
        hasPassword,
        passwordChangedAt: hasPassword ? new Date(user.password_changed_at).toISOString() : null,
        partnerName: user.partner_username === null ? null : config.partnerName,
      },
    };
  });

  route(app, sendSetPasswordLink, { preHandler: signedIn('set-password-link') })(
    async ({ request }) => {
      await hitAccount('set-password-link', request);
      const user = signedInUser(request);
      const token = await issueSetPasswordLink(db, user);
      send(
        request,
        setPasswordMail(config.appUrl, user.email, user.username, config.partnerName, token),
        'set-password',
      );
      return { success: true, message: setPasswordLinkSentMessage(user.email) };
    },
  );

  route(app, setPassword, {
    preHandler: async (request) => rateLimiter.hitIp('set-password', request.ip),
  })(async ({ body }) => {
    await setFirstPassword(db, body.token, body.newPassword);
    return { success: true, message: PROFILE_MESSAGES.passwordSet };
  });
};
