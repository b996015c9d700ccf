import type { Reader, Writer } from '../../db/db';
import { hashSecret, newSecret } from './secrets';

/**
 * Design §3: e-mail verification links live 24 hours, password reset links 1 hour. Issue 16 point 8:
 * an e-mail change's confirmation link lives as long as a verification link (it proves an address
 * too), the link that sets a partner account's first password as long as a reset link. Issue 32: a
 * sign-in link lives 15 minutes.
 */
export const TOKEN_TTL_MS = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
  'change-email': 24 * 60 * 60 * 1000,
  'set-password': 60 * 60 * 1000,
  'sign-in': 15 * 60 * 1000,
} as const;

export type TokenPurpose = keyof typeof TOKEN_TTL_MS;

/**
 * Purposes of which only the newest link works: a new e-mail change replaces the one asked for
 * before, a new set-password link the one mailed before. Not reset and sign-in links, which anyone
 * may ask for (issue 32 point 3): a stranger's request must not void the link the owner holds; they
 * are few instead (`issueMailedToken`), and using one voids the others.
 */
const NEWEST_ONLY: ReadonlySet<TokenPurpose> = new Set(['change-email', 'set-password']);

/**
 * Issue 32 point 3: links of a purpose mailed to one account in any hour, whoever asks. So the last
 * three issued within a reset link's hour are all valid, and a mailbox gets no more than this.
 */
export const MAILED_LINKS_PER_HOUR = 3;

/**
 * Issues a one-time token and returns the secret for the mail link (only its hash is stored); `data`
 * is what the link stands for besides its user (the new address of an e-mail change).
 */
export async function issueToken(
  tx: Writer,
  userId: number,
  purpose: TokenPurpose,
  data: string | null = null,
): Promise<string> {
  if (NEWEST_ONLY.has(purpose)) await voidTokens(tx, userId, purpose);
  const token = newSecret();
  await tx.query(
    `INSERT INTO auth_tokens (token_hash, user_id, purpose, expires_at, data)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashSecret(token), userId, purpose, new Date(Date.now() + TOKEN_TTL_MS[purpose]), data],
  );
  return token;
}

/**
 * Issues a link that anyone may ask for by e-mail (reset, sign-in), unless MAILED_LINKS_PER_HOUR of
 * its purpose went to the account in the last hour: then undefined, and no mail goes out. The
 * caller holds the account's lock (the auth mail queue's drain), so that two drains cannot both
 * count two and issue.
 */
export async function issueMailedToken(
  tx: Writer,
  userId: number,
  purpose: 'reset-password' | 'sign-in',
): Promise<string | undefined> {
  const [row] = await tx.query<{ issued: number }>(
    `SELECT count(*)::int AS issued FROM auth_tokens
      WHERE user_id = $1 AND purpose = $2 AND created_at > now() - interval '1 hour'`,
    [userId, purpose],
  );
  if (Number(row?.issued ?? 0) >= MAILED_LINKS_PER_HOUR) return undefined;
  return issueToken(tx, userId, purpose);
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

/**
 * Whether `consumeToken` would use this token now, without using it. One lookup by the token's hash
 * whether it is known or not: a wrong token costs what a right one does.
 */
export async function isTokenUsable(
  db: Reader,
  token: string,
  purpose: TokenPurpose,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM auth_tokens
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
    [hashSecret(token), purpose],
  );
  return rows.length > 0;
}

/** The user of a token of this purpose, whether used, expired or not; undefined when unknown. */
export async function findTokenUser(
  db: Reader,
  token: string,
  purpose: TokenPurpose,
): Promise<number | undefined> {
  const [row] = await db.query<{ user_id: number }>(
    'SELECT user_id FROM auth_tokens WHERE token_hash = $1 AND purpose = $2',
    [hashSecret(token), purpose],
  );
  return row === undefined ? undefined : Number(row.user_id);
}

/**
 * Uses a token of this user once, as `consumeToken` does, and returns its data (null when it has
 * none); undefined when it is unknown, used, expired, of another purpose or another user's. Another
 * user's token stays unused: whoever holds it cannot spend it for its owner.
 */
export async function consumeOwnToken(
  tx: Writer,
  token: string,
  purpose: TokenPurpose,
  userId: number,
): Promise<{ data: string | null } | undefined> {
  const rows = await tx.query<{ data: string | null }>(
    `UPDATE auth_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND user_id = $3 AND used_at IS NULL
        AND expires_at > now()
      RETURNING data`,
    [hashSecret(token), purpose, userId],
  );
  return rows[0];
}

/** Marks every unused token of this purpose as used. */
export async function voidTokens(tx: Writer, userId: number, purpose: TokenPurpose): Promise<void> {
  await tx.query(
    'UPDATE auth_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
    [userId, purpose],
  );
}
