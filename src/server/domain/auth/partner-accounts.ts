import { randomBytes } from 'node:crypto';
import {
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../../../shared/rules/account';
import type { Db } from '../../db/db';
import { findUserByEmail, type UserRow } from './users';

type UserRecord = UserRow & Record<string, unknown>;

export const PARTNER_ACCOUNT_MESSAGES = {
  /** The local account with the e-mail is linked to another partner account: nothing to offer. */
  emailTaken:
    'An account with the e-mail of this partner account already exists. Sign in with your e-mail and password.',
} as const;

/** What the partner's auth endpoint tells about an account it accepted. */
export interface PartnerIdentity {
  username: string;
  email: string;
}

/**
 * The local account a partner login signs in to, or the local account that has the partner
 * account's e-mail and is not linked to it (its owner may link it: domain/auth/partner-links.ts).
 */
export type PartnerAccount = { user: UserRow } | { emailOwner: UserRow };

/**
 * Design §3: the local account linked to a partner account, created on first use (verified, no
 * password, balance 0). Its username is the partner's, made unique when a local account has it. An
 * e-mail that already belongs to a local account is never linked silently: the partner's e-mail may
 * not be proven, so linking would hand that account to whoever controls the partner account. That
 * account is answered instead, for its owner to be asked (issue 16 point 5).
 */
export async function findOrCreatePartnerAccount(
  db: Db,
  identity: PartnerIdentity,
): Promise<PartnerAccount> {
  const existing = await findByPartnerUsername(db, identity.username);
  if (existing) return { user: existing };
  const base = usernameBase(identity.username);
  for (let attempt = 1; attempt <= 20; attempt++) {
    const candidate = usernameCandidate(base, attempt);
    const rows = await db.query<UserRecord>(
      `INSERT INTO users (username, email, partner_username, is_verified) VALUES ($1, $2, $3, true)
       ON CONFLICT DO NOTHING RETURNING *`,
      [candidate, identity.email.toLowerCase(), identity.username],
    );
    if (rows[0]) return { user: rows[0] };
    // Which unique key refused it: a racing first login of the same partner account, the e-mail, or the username.
    const linked = await findByPartnerUsername(db, identity.username);
    if (linked) return { user: linked };
    const emailOwner = await findUserByEmail(db.read, identity.email);
    if (emailOwner) return { emailOwner };
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

/** Keeps to the rules of a local username (shared/rules/account.ts): each other UTF-16 unit is a _. */
function usernameBase(partnerUsername: string): string {
  const cleaned = partnerUsername
    .split('')
    .map((unit) => (USERNAME_PATTERN.test(unit) ? unit : '_'))
    .join('')
    .slice(0, USERNAME_MAX_LENGTH);
  return cleaned.length >= USERNAME_MIN_LENGTH ? cleaned : cleaned.padEnd(USERNAME_MIN_LENGTH, '_');
}

/** partner, partner_2 … partner_10, then a random suffix. */
function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 1) return base;
  const suffix = attempt <= 10 ? `_${attempt}` : `_${randomBytes(3).toString('hex')}`;
  return base.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix;
}
