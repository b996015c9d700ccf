import type { Reader, Writer } from '../../db/db';
import { hashSecret } from './secrets';

/** The device cookie lives this long from the last sign-in in that browser; so does its record. */
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * What a sign-in was to the user's known browsers: the first sign-in the account has had (its
 * registration, or its first since browsers were recorded), one from a browser it signed in from
 * before, or one from a new browser (design §3: the user is told by mail).
 */
export type SignInDevice = 'first' | 'known' | 'new';

/**
 * Records a sign-in from the browser whose device cookie holds `deviceId` (only its hash is stored)
 * and tells which kind it was. One statement: whether the user had this browser, or any, is read
 * from the table as it was before the statement's own insert.
 */
export async function recordSignInDevice(
  db: Writer,
  userId: number,
  deviceId: string,
): Promise<SignInDevice> {
  const [row] = await db.query<{ known: boolean; any_known: boolean }>(
    `WITH before AS (
       SELECT bool_or(device_hash = $2) AS known, count(*) > 0 AS any_known
         FROM user_devices WHERE user_id = $1
     ), upsert AS (
       INSERT INTO user_devices (user_id, device_hash) VALUES ($1, $2)
       ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = now()
     )
     SELECT coalesce(known, false) AS known, any_known FROM before`,
    [userId, hashSecret(deviceId)],
  );
  if (row?.known) return 'known';
  // Housekeeping when a browser is added: one not signed in from for longer than its cookie lives
  // cannot come back (read above all the same, so a user back after a year is still told).
  await db.query('DELETE FROM user_devices WHERE user_id = $1 AND last_seen_at < $2', [
    userId,
    new Date(Date.now() - DEVICE_TTL_MS),
  ]);
  return row?.any_known ? 'new' : 'first';
}

/**
 * Whether the browser with this device cookie has signed in to the account of `email` before: such a
 * browser is not held to the account-wide sign-in limit, so strangers guessing from many addresses
 * cannot shut the owner out (design §3). The same one query for a known and an unknown e-mail.
 */
export async function isKnownDevice(
  db: Reader,
  account: { email: string } | { userId: number },
  deviceId: string | undefined,
): Promise<boolean> {
  if (!deviceId) return false;
  const byEmail = 'email' in account;
  const rows = await db.query(
    `SELECT 1 FROM user_devices d JOIN users u ON u.id = d.user_id
      WHERE ${byEmail ? 'lower(u.email) = lower($1)' : 'u.id = $1'}
        AND d.device_hash = $2 AND d.last_seen_at > $3`,
    [
      byEmail ? account.email : account.userId,
      hashSecret(deviceId),
      new Date(Date.now() - DEVICE_TTL_MS),
    ],
  );
  return rows.length > 0;
}
