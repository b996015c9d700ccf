import type { Reader, Writer } from '../../db/db';
import type { Passkey } from '../../../shared/contract/passkeys';

/** A stored passkey as @simplewebauthn/server reads it back, with its owner. */
export interface StoredPasskey {
  id: string;
  userId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

interface PasskeyRow {
  id: string;
  user_id: number;
  name: string;
  public_key: string;
  counter: number;
  transports: string[];
  created_at: Date;
  last_used_at: Date | null;
}

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

function toStored(row: PasskeyRow): StoredPasskey {
  return {
    id: row.id,
    userId: Number(row.user_id),
    publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
    counter: Number(row.counter),
    transports: row.transports,
  };
}

export async function listPasskeys(db: Reader, userId: number): Promise<Passkey[]> {
  const rows = await db.query<PasskeyRow & Record<string, unknown>>(
    'SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return rows.map(toPasskey);
}

export async function userPasskeys(db: Reader, userId: number): Promise<StoredPasskey[]> {
  const rows = await db.query<PasskeyRow & Record<string, unknown>>(
    'SELECT * FROM passkeys WHERE user_id = $1',
    [userId],
  );
  return rows.map(toStored);
}

export async function findPasskey(db: Reader, id: string): Promise<StoredPasskey | undefined> {
  const [row] = await db.query<PasskeyRow & Record<string, unknown>>(
    'SELECT * FROM passkeys WHERE id = $1',
    [id],
  );
  return row ? toStored(row) : undefined;
}

export async function hasPasskeys(db: Reader, userId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM passkeys WHERE user_id = $1 LIMIT 1', [userId]);
  return rows.length > 0;
}

/** Stores a new passkey; undefined when that credential is already stored (for anyone). */
export async function insertPasskey(
  db: Writer,
  passkey: Omit<StoredPasskey, 'counter'> & { counter: number; name: string },
): Promise<Passkey | undefined> {
  const [row] = await db.query<PasskeyRow & Record<string, unknown>>(
    `INSERT INTO passkeys (id, user_id, name, public_key, counter, transports)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING *`,
    [
      passkey.id,
      passkey.userId,
      passkey.name,
      Buffer.from(passkey.publicKey).toString('base64url'),
      passkey.counter,
      passkey.transports,
    ],
  );
  return row ? toPasskey(row) : undefined;
}

/**
 * Records a use: the new signature counter, only forwards (a counter that went back means a cloned
 * authenticator, and the sign-in is refused). False when the counter did not move forward.
 */
export async function recordPasskeyUse(
  db: Writer,
  id: string,
  newCounter: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE passkeys SET counter = $2, last_used_at = now()
      WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0)) RETURNING id`,
    [id, newCounter],
  );
  return rows.length > 0;
}

export async function renamePasskey(
  db: Writer,
  userId: number,
  id: string,
  name: string,
): Promise<boolean> {
  const rows = await db.query(
    'UPDATE passkeys SET name = $3 WHERE id = $2 AND user_id = $1 RETURNING id',
    [userId, id, name],
  );
  return rows.length > 0;
}

export async function removePasskey(db: Writer, userId: number, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM passkeys WHERE id = $2 AND user_id = $1 RETURNING id', [
    userId,
    id,
  ]);
  return rows.length > 0;
}
