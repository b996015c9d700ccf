import type { Queryable } from '../db/db';
import { hashSecret, newSecret } from './secrets';
import type { UserRow } from './users';

/** Design §3: a session lives 14 days after its last check-auth (sliding expiry). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface Session {
  /** The cookie value; only its hash is stored. */
  id: string;
  expiresAt: Date;
}

export async function createSession(db: Queryable, userId: number): Promise<Session> {
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

/** The signed-in user of a session cookie, or undefined when it is unknown or expired. */
export async function findSessionUser(
  db: Queryable,
  sessionId: string,
): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow & Record<string, unknown>>(
    `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id_hash = $1 AND s.expires_at > now()`,
    [hashSecret(sessionId)],
  );
  return rows[0];
}

/** Slides the expiry forward; returns the new expiry, or undefined when the session is gone. */
export async function refreshSession(db: Queryable, sessionId: string): Promise<Date | undefined> {
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const rows = await db.query(
    'UPDATE sessions SET expires_at = $2 WHERE id_hash = $1 AND expires_at > now() RETURNING user_id',
    [hashSecret(sessionId), expiresAt],
  );
  return rows.length > 0 ? expiresAt : undefined;
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [hashSecret(sessionId)]);
}

/** Ends every session of a user, or every one but `keepSessionId` (change-password keeps the caller's). */
export async function deleteUserSessions(
  db: Queryable,
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
