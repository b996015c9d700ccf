import type { Writer } from '../db/db';
import { hashSecret, newSecret } from './secrets';

/** Design §3: e-mail verification links live 24 hours, password reset links 1 hour. */
export const TOKEN_TTL_MS = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
} as const;

export type TokenPurpose = keyof typeof TOKEN_TTL_MS;

/**
 * Issues a one-time token and returns the secret for the mail link (only its hash is stored). A new
 * reset token makes the user's older unused ones void (design §3: a new reset invalidates the old).
 */
export async function issueToken(
  tx: Writer,
  userId: number,
  purpose: TokenPurpose,
): Promise<string> {
  if (purpose === 'reset-password') await voidTokens(tx, userId, purpose);
  const token = newSecret();
  await tx.query(
    'INSERT INTO auth_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)',
    [hashSecret(token), userId, purpose, new Date(Date.now() + TOKEN_TTL_MS[purpose])],
  );
  return token;
}

/**
 * Uses a token once: returns its user id, or undefined when it is unknown, used, expired or meant for
 * another purpose. The single UPDATE makes two racing uses end with one winner.
 */
export async function consumeToken(
  tx: Writer,
  token: string,
  purpose: TokenPurpose,
): Promise<number | undefined> {
  const rows = await tx.query<{ user_id: number }>(
    `UPDATE auth_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [hashSecret(token), purpose],
  );
  return rows[0] === undefined ? undefined : Number(rows[0].user_id);
}

/** Marks every unused token of this purpose as used. */
export async function voidTokens(tx: Writer, userId: number, purpose: TokenPurpose): Promise<void> {
  await tx.query(
    'UPDATE auth_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
    [userId, purpose],
  );
}
