import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionName } from '../../shared/contract/sessions';
import { DEVICE_TTL_MS, recordSignInDevice } from '../domain/auth/devices';
import { newSignInMail } from '../domain/mails';
import { newSecret } from '../domain/auth/secrets';
import type { SessionClient } from '../domain/auth/sessions';
import { describeUserAgent } from '../domain/auth/user-agents';
import { findUserById } from '../domain/auth/users';

/**
 * Design §3: each browser carries a random id in this long-lived httpOnly cookie; per user, the
 * database keeps the hashes of the ids it signed in with.
 */
export const DEVICE_COOKIE = 'did';

/** What newSecret makes: 32 bytes in base64url. Anything else in the cookie is ignored. */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The browser's random id from its cookie, or undefined when it has none (or not one we made). */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[DEVICE_COOKIE];
  return cookie && DEVICE_ID.test(cookie) ? cookie : undefined;
}

/**
 * After a sign-in: records the browser for the user and renews its cookie, and when the account had
 * signed in before but never from this browser, tells the user by mail (not awaited: a slow mail
 * server must not hold the sign-in; a failure is logged).
 */
export async function noticeSignInBrowser(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  client: SessionClient,
): Promise<void> {
  const { db, config, mailer } = request.server;
  const deviceId = deviceIdOf(request) ?? newSecret();
  const seen = await recordSignInDevice(db, userId, deviceId);
  reply.setCookie(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    path: '/',
    maxAge: DEVICE_TTL_MS / 1000,
  });
  if (seen !== 'new') return;
  const user = await findUserById(db.read, userId);
  if (!user) return;
  const mail = newSignInMail(config.appUrl, user.email, user.username, {
    browser: sessionName(describeUserAgent(client.userAgent)),
    ip: client.ip ?? 'unknown',
    at: new Date(),
  });
  mailer.send(mail).catch((error: unknown) => {
    request.log.error({ err: error }, 'new sign-in mail failed');
  });
}
