import type { User } from '../../../shared/contract/user';
import type { Reader } from '../../db/db';
import { countCampaigns } from '../campaigns/campaign-views';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string | null;
  partner_username: string | null;
  is_verified: boolean;
  balance_cents: number;
  password_changed_at: Date;
  created_at: Date;
  updated_at: Date;
  /** How many campaigns the user had when the row was read, when it was read with the session. */
  campaign_count?: number;
}

export async function findUserById(db: Reader, id: number): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow & Record<string, unknown>>(
    'SELECT * FROM users WHERE id = $1',
    [id],
  );
  return rows[0];
}

export async function findUserByEmail(db: Reader, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow & Record<string, unknown>>(
    'SELECT * FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0];
}

/**
 * The API shape of rows read with their campaign count (the session's user, kept by the read cache
 * and never changed): check-auth shows the same row many times over.
 */
const apiUsers = new WeakMap<UserRow, User>();

/** Spec §3 User as the API shows it: dollars at the edge (style habit 2), ISO dates. */
export async function toApiUser(db: Reader, row: UserRow): Promise<User> {
  const known = apiUsers.get(row);
  if (known) return known;
  const user: User = {
    username: row.username,
    email: row.email,
    isVerified: row.is_verified,
    crypto_balance: Number(row.balance_cents) / 100,
    campaigns: row.campaign_count ?? (await countCampaigns(db, Number(row.id))),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
  if (row.campaign_count !== undefined) apiUsers.set(row, Object.freeze(user));
  return user;
}
