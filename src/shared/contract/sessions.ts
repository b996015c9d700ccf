import * as v from 'valibot';
import { endpoint } from './endpoint';

/**
 * Issue 16 point 7 (design §3): the caller's active sessions, each named by a random public id
 * (never the cookie's secret nor its hash). `browser` and `system` are read from the User-Agent the
 * session was started with; null when unknown. `current` marks the session of the caller's cookie.
 */
export const UserSession = v.object({
  id: v.string(),
  browser: v.nullable(v.string()),
  system: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  createdAt: v.string(),
  lastSeenAt: v.string(),
  current: v.boolean(),
});
export type UserSession = v.InferOutput<typeof UserSession>;

export const SESSION_MESSAGES = {
  listed: 'Sessions fetched successfully',
  ended: 'The session was signed out',
  noOthers: 'There were no other sessions to sign out',
  notFound: 'Session not found',
  invalidId: 'Please choose a session',
} as const;

/** How many other sessions "sign out all other sessions" ended, in words. */
export function othersEndedMessage(count: number): string {
  if (count === 0) return SESSION_MESSAGES.noOthers;
  return count === 1 ? 'Signed out 1 other session' : `Signed out ${count} other sessions`;
}

/**
 * A session as a person names it: "Chrome on Windows". The sessions list and the new-browser mail
 * both say it this way.
 */
export function sessionName({ browser, system }: Pick<UserSession, 'browser' | 'system'>): string {
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return 'Unknown browser';
}

export const SessionsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: v.array(UserSession),
});
export type SessionsResponse = v.InferOutput<typeof SessionsResponse>;

/** POST /api/auth/sessions: the caller's live sessions, the current one first. */
export const getSessions = endpoint({
  method: 'POST',
  path: 'auth/sessions',
  response: SessionsResponse,
  access: 'read',
});

export const EndSessionBody = v.object({
  // Any text: one that names none of the caller's sessions gets the same 404 as another user's id.
  id: v.string(SESSION_MESSAGES.invalidId),
});
export type EndSessionBody = v.InferInput<typeof EndSessionBody>;

/**
 * POST /api/auth/end-session: ends one of the caller's sessions; its cookie is refused at once.
 * Unknown or another user's id: 404 "Session not found", and nothing ends. The current session's id
 * signs the caller out, as logout does.
 */
export const endSession = endpoint({
  method: 'POST',
  path: 'auth/end-session',
  body: EndSessionBody,
  response: v.object({ success: v.literal(true), message: v.string() }),
  access: 'write',
});

/** POST /api/auth/end-other-sessions: ends every session of the caller but the current one. */
export const endOtherSessions = endpoint({
  method: 'POST',
  path: 'auth/end-other-sessions',
  response: v.object({ success: v.literal(true), message: v.string(), count: v.number() }),
  access: 'write',
});
