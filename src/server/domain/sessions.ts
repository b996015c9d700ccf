import type { Db, Reader, Writer } from '../db/db';
import { readCachePerDb } from '../db/read-cache';
import { hashSecret, newSecret } from './secrets';
import type { UserRow } from './users';

/** Design §3: a session lives 14 days after its last check-auth (sliding expiry). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface Session {
  /** The cookie value; only its hash is stored. */
  id: string;
  expiresAt: Date;
}

export async function createSession(db: Writer, userId: number): Promise<Session> {
  const id = newSecret();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.query('INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    hashSecret(id),
    userId,
    expiresAt,
  ]);
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
 * nothing is written and the stored one stands.
 */
export async function refreshSession(
  db: Writer,
  sessionId: string,
  expiresAt: Date,
): Promise<Date | undefined> {
  const next = new Date(Date.now() + SESSION_TTL_MS);
  if (next.getTime() - expiresAt.getTime() < SESSION_REFRESH_STEP_MS) return expiresAt;
  const rows = await db.query(
    'UPDATE sessions SET expires_at = $2 WHERE id_hash = $1 AND expires_at > now() RETURNING user_id',
    [hashSecret(sessionId), next],
  );
  return rows.length > 0 ? next : undefined;
}

export async function deleteSession(db: Writer, sessionId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [hashSecret(sessionId)]);
}

/** Ends every session of a user, or every one but `keepSessionId` (change-password keeps the caller's). */
export async function deleteUserSessions(
  db: Writer,
  userId: number,
  keepSessionId?: string,
): Promise<void> {
  if (keepSessionId === undefined) {
    await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    return;
  }
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2', [
    userId,
    hashSecret(keepSessionId),
  ]);
}
