import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TIME_ZONE_HEADER } from '../../shared/contract/account-time-zone';
import { unauthorized } from '../errors';
import { adoptBrowserTimeZone } from '../domain/auth/time-zones';
import {
  createSession,
  deleteSession,
  findSession,
  refreshSession,
  type SessionClient,
} from '../domain/auth/sessions';
import type { UserRow } from '../domain/auth/users';
import { noticeSignInBrowser } from './new-browser';

/** Design §3: the session id travels in this httpOnly cookie; the database keeps only its hash. */
export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyInstance {
    /** The same as the exported `requireUser`, for plugins that prefer `app.requireUser`. */
    requireUser: typeof requireUser;
  }
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser` (or `loadUser`); null before. */
    user: UserRow | null;
    /** The raw session id of the signed-in user's cookie; null before `requireUser`. */
    sessionId: string | null;
    /** When that session expires, as stored; null before `requireUser`. */
    sessionExpiresAt: Date | null;
  }
}

/** Decorates every request with `user`, `sessionId` and `sessionExpiresAt`, and the app with `requireUser`. */
export const sessionPlugin = fp(async (app) => {
  app.decorate('requireUser', requireUser);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionExpiresAt', null);
});

/**
 * Reads the session cookie and sets `request.user` / `request.sessionId` when it names a live session.
 * Answers nothing: for routes that behave differently for signed-in callers.
 */
export async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (!sessionId) return null;
  const session = await findSession(request.server.db, sessionId);
  if (!session) return null;
  request.user = session.user;
  request.sessionId = sessionId;
  request.sessionExpiresAt = session.expiresAt;
  return session.user;
}

/**
 * preHandler for signed-in routes: 401 "Not authenticated" without a live session. Use it as
 * `app.get('/path', { preHandler: requireUser }, handler)` (or `app.addHook('preHandler', requireUser)`
 * in a plugin of signed-in routes), then read the caller with `signedInUser(request)`.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await loadUser(request))) throw unauthorized();
}

/** The caller of a route guarded by `requireUser`. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Starts a fresh session for the user and sets its cookie. A session the request came with is ended
 * first: every sign-in gets a new id (no session fixation). The session keeps the browser and address
 * it was started from (the sessions list), and a sign-in from a new browser is told by mail.
 */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(request.server.db, previous);
  const client: SessionClient = {
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
  };
  const session = await createSession(request.server.db, userId, client);
  setSessionCookie(reply, session.id, session.expiresAt);
  // Issue 36: an account whose time zone was never set takes the browser's (sent with every write).
  const zone = request.headers[TIME_ZONE_HEADER.toLowerCase()];
  await adoptBrowserTimeZone(
    request.server.db,
    userId,
    typeof zone === 'string' ? zone : undefined,
    request.server.now(),
  );
  await noticeSignInBrowser(request, reply, userId, client);
}

/** Slides a signed-in caller's session forward (check-auth) and renews the cookie to match. */
export async function refreshSignedInSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (!request.sessionId || !request.sessionExpiresAt) throw unauthorized();
  const expiresAt = await refreshSession(
    request.server.db,
    request.sessionId,
    request.sessionExpiresAt,
  );
  if (!expiresAt) throw unauthorized();
  setSessionCookie(reply, request.sessionId, expiresAt);
}

/** Ends the request's session, if any, and clears the cookie. */
export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (sessionId) await deleteSession(request.server.db, sessionId);
  clearSessionCookie(reply);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(reply));
}

function setSessionCookie(reply: FastifyReply, sessionId: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions(reply), expires: expiresAt });
}

function cookieOptions(reply: FastifyReply) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: reply.server.config.production,
    path: '/',
  };
}
