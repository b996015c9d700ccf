import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db';
import { conflict } from '../errors';
import type { UserRow } from './users';

type UserRecord = UserRow & Record<string, unknown>;

export const PARTNER_ACCOUNT_MESSAGES = {
  emailTaken:
    'An account with the e-mail of this partner account already exists. Sign in with your e-mail and password.',
} as const;

/** What the partner's auth endpoint tells about an account it accepted. */
export interface PartnerIdentity {
  username: string;
  email: string;
}

const USERNAME_MAX = 30;

/**
 * Design §3: the local account linked to a partner account, created on first use (verified, no
 * password, balance 0). Its username is the partner's, made unique when a local account has it. An
 * e-mail that already belongs to a local account is never linked silently: the partner's e-mail may
 * not be proven, so linking would hand that account to whoever controls the partner account.
 */
export async function findOrCreatePartnerAccount(
  db: Db,
  identity: PartnerIdentity,
): Promise<UserRow> {
  const existing = await findByPartnerUsername(db, identity.username);
  if (existing) return existing;
  const base = usernameBase(identity.username);
  for (let attempt = 1; attempt <= 20; attempt++) {
    const candidate = usernameCandidate(base, attempt);
    const rows = await db.query<UserRecord>(
      `INSERT INTO users (username, email, partner_username, is_verified) VALUES ($1, $2, $3, true)
       ON CONFLICT DO NOTHING RETURNING *`,
      [candidate, identity.email.toLowerCase(), identity.username],
    );
    if (rows[0]) return rows[0];
    // Which unique key refused it: a racing first login of the same partner account, the e-mail, or the username.
    const linked = await findByPartnerUsername(db, identity.username);
    if (linked) return linked;
    const byEmail = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [
      identity.email,
    ]);
    if (byEmail.length > 0) throw conflict(PARTNER_ACCOUNT_MESSAGES.emailTaken);
  }
  throw new Error(`No free username found for partner account ${identity.username}`);
}

async function findByPartnerUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRecord>(
    'SELECT * FROM users WHERE lower(partner_username) = lower($1)',
    [username],
  );
  return rows[0];
}

/** Keeps to the characters a local username may have (contract `Username`). */
function usernameBase(partnerUsername: string): string {
  const cleaned = partnerUsername.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, USERNAME_MAX);
  return cleaned.length >= 3 ? cleaned : `${cleaned}___`.slice(0, 3);
}

/** partner, partner_2 … partner_10, then a random suffix. */
function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 1) return base;
  const suffix = attempt <= 10 ? `_${attempt}` : `_${randomBytes(3).toString('hex')}`;
  return base.slice(0, USERNAME_MAX - suffix.length) + suffix;
}
