import type { FastifyPluginAsync } from 'fastify';
import {
  endOtherSessions,
  endSession,
  getSessions,
  othersEndedMessage,
  SESSION_MESSAGES,
  type UserSession,
} from '../../shared/contract/sessions';
import {
  deleteUserSession,
  deleteUserSessions,
  listUserSessions,
  type UserSessionRow,
} from '../domain/auth/sessions';
import { describeUserAgent } from '../domain/auth/user-agents';
import { notFound } from '../errors';
import { clearSessionCookie, requireUser, signedInUser } from '../plugins/session';
import { route } from '../route';

/**
 * Issue 16 point 7 (design §3): the caller's active sessions, and ending them. Each call reads or
 * ends only the caller's own sessions. Register with the prefix `/api`.
 */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser);

  route(
    app,
    getSessions,
  )(async ({ request, db }) => {
    const rows = await listUserSessions(db, signedInUser(request).id, request.sessionId!);
    return { success: true, message: SESSION_MESSAGES.listed, data: rows.map(toApiSession) };
  });

  route(
    app,
    endSession,
  )(async ({ body, request, reply, db }) => {
    const user = signedInUser(request);
    const ended = await deleteUserSession(db, user.id, body.id, request.sessionId!);
    if (!ended) throw notFound(SESSION_MESSAGES.notFound);
    // The caller's own session: signed out, as by logout.
    if (ended.current) clearSessionCookie(reply);
    return { success: true, message: SESSION_MESSAGES.ended };
  });

  route(
    app,
    endOtherSessions,
  )(async ({ request, db }) => {
    const count = await deleteUserSessions(db, signedInUser(request).id, request.sessionId!);
    return { success: true, message: othersEndedMessage(count), count };
  });
};

function toApiSession(row: UserSessionRow): UserSession {
  return {
    id: row.public_id,
    ...describeUserAgent(row.user_agent),
    ip: row.ip,
    createdAt: new Date(row.created_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    current: row.current,
  };
}
