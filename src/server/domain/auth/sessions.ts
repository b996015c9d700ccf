import type { Db, Reader, Writer } from '../../db/db';
import { readCachePerDb } from '../../db/read-cache';
import { hashSecret, newSecret } from './secrets';
import type { UserRow } from './users';

/** Design §3: a session lives 14 days after its last check-auth (sliding expiry). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface Session {
  /** The cookie value; only its hash is stored. */
  id: string;
  expiresAt: Date;
}

/** What the sessions list shows of where a session was started (issue 16 point 7). */
export interface SessionClient {
  userAgent: string | null;
  ip: string | null;
}

/** A User-Agent header is kept to this length: enough for any real browser's. */
const USER_AGENT_MAX_LENGTH = 512;

export async function createSession(
  db: Writer,
  userId: number,
  client: SessionClient = { userAgent: null, ip: null },
): Promise<Session> {
  const id = newSecret();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.query(
    'INSERT INTO sessions (id_hash, user_id, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5)',
    [
      hashSecret(id),
      userId,
      expiresAt,
      client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      client.ip,
    ],
  );
  // Housekeeping: the user's expired sessions go when a new one starts.
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now()', [userId]);
  return { id, expiresAt };
}

/**
 * Sliding expiry moves a session forward on check-auth, but writes it only once the new expiry is
 * this much later than the stored one: a session checked many times a minute costs no write each time.
 */
export const SESSION_REFRESH_STEP_MS = 60 * 1000;

export interface LiveSession {
  user: UserRow;
  expiresAt: Date;
}

/** Live sessions by their id's hash: check-auth and every signed-in call look one up. */
const sessionCache = readCachePerDb<LiveSession | undefined>(5000);

/** The signed-in user of a session cookie and the session's expiry, or undefined when it is unknown or expired. */
export async function findSession(db: Db, sessionId: string): Promise<LiveSession | undefined> {
  const idHash = hashSecret(sessionId);
  const session = await sessionCache(db).get(idHash, (read) => loadSession(read, idHash));
  // A kept session may have expired since it was read.
  return session && session.expiresAt.getTime() > Date.now() ? session : undefined;
}

async function loadSession(db: Reader, idHash: string): Promise<LiveSession | undefined> {
  // The campaign count comes along (check-auth and the user details show it): one query, not two.
  const [row] = await db.query<UserRow & { session_expires_at: Date } & Record<string, unknown>>(
    `SELECT u.*, s.expires_at AS session_expires_at,
            (SELECT count(*) FROM campaigns c WHERE c.user_id = u.id)::int AS campaign_count
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id_hash = $1 AND s.expires_at > now()`,
    [idHash],
  );
  if (!row) return undefined;
  const { session_expires_at: expiresAt, ...user } = row;
  // Shared by the requests the cache serves it to.
  return Object.freeze({
    user: Object.freeze(user) as UserRow,
    expiresAt: new Date(expiresAt),
  });
}

/**
 * Slides the expiry forward from `expiresAt`, the one just read; returns the expiry the session now
 * has, or undefined when the session is gone. Within SESSION_REFRESH_STEP_MS of the stored expiry
 * nothing is written and the stored one stands. The same write moves the session's last-seen time:
 * the sessions list is exact to a minute without a write per request.
 */
export async function refreshSession(
  db: Writer,
  sessionId: string,
  expiresAt: Date,
): Promise<Date | undefined> {
  const next = new Date(Date.now() + SESSION_TTL_MS);
  if (next.getTime() - expiresAt.getTime() < SESSION_REFRESH_STEP_MS) return expiresAt;
  const rows = await db.query(
    `UPDATE sessions SET expires_at = $2, last_seen_at = now()
      WHERE id_hash = $1 AND expires_at > now() RETURNING user_id`,
    [hashSecret(sessionId), next],
  );
  return rows.length > 0 ? next : undefined;
}

export async function deleteSession(db: Writer, sessionId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [hashSecret(sessionId)]);
}

/**
 * Ends every session of a user, or every one but `keepSessionId` (change-password and "sign out all
 * other sessions" keep the caller's); answers how many live ones ended.
 */
export async function deleteUserSessions(
  db: Writer,
  userId: number,
  keepSessionId?: string,
): Promise<number> {
  const rows = await db.query<{ live: boolean }>(
    `DELETE FROM sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2
     RETURNING expires_at > now() AS live`,
    [userId, keepSessionId === undefined ? null : hashSecret(keepSessionId)],
  );
  return rows.filter((row) => row.live).length;
}

/** One of the user's live sessions as their sessions list shows it. */
export interface UserSessionRow {
  public_id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date;
  /** Whether it is the session of `currentSessionId`. */
  current: boolean;
}

/** The user's live sessions, the one of `currentSessionId` first, then the last seen first. */
export async function listUserSessions(
  db: Reader,
  userId: number,
  currentSessionId: string,
): Promise<UserSessionRow[]> {
  return db.query<UserSessionRow & Record<string, unknown>>(
    `SELECT public_id, user_agent, ip, created_at, last_seen_at, id_hash = $2 AS current
       FROM sessions
      WHERE user_id = $1 AND expires_at > now()
      ORDER BY current DESC, last_seen_at DESC, created_at DESC, public_id`,
    [userId, hashSecret(currentSessionId)],
  );
}

/**
 * Ends the user's live session with this public id. Answers undefined when there was none, else
 * whether it was the session of `currentSessionId`. Another user's session is never touched: the
 * caller cannot tell it from one that does not exist.
 */
export async function deleteUserSession(
  db: Writer,
  userId: number,
  publicId: string,
  currentSessionId: string,
): Promise<{ current: boolean } | undefined> {
  const [row] = await db.query<{ current: boolean }>(
    `DELETE FROM sessions WHERE user_id = $1 AND public_id = $2 AND expires_at > now()
     RETURNING id_hash = $3 AS current`,
    [userId, publicId, hashSecret(currentSessionId)],
  );
  return row;
}
