import type { Reader, Writer } from '../../db/db';
import { hashSecret } from './secrets';

/**
 * Issue 32 point 8 (ASVS 6.4.x, 7.5.1): a session alone cannot change how the account signs in. The
 * owner proves it is them (the password, a current two-factor code) and the proof holds this long
 * for that session; the sign-in itself does not count, so a stolen cookie fresh from a sign-in
 * changes nothing.
 */
export const PROOF_TTL_MINUTES = 10;

/** The session proved its owner just now (on the database's clock, as the check reads it). */
export async function recordProof(db: Writer, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET proved_at = now() WHERE id_hash = $1', [
    hashSecret(sessionId),
  ]);
}

/** Whether the session proved its owner within the last PROOF_TTL_MINUTES. */
export async function hasRecentProof(db: Reader, sessionId: string): Promise<boolean> {
  const [row] = await db.query<{ proved: boolean }>(
    `SELECT proved_at > now() - make_interval(mins => $2) AS proved
       FROM sessions WHERE id_hash = $1 AND expires_at > now()`,
    [hashSecret(sessionId), PROOF_TTL_MINUTES],
  );
  return row?.proved === true;
}
