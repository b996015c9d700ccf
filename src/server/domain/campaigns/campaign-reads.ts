import type { Reader } from '../../db/db';
import { badRequest } from '../../errors';
import { SEARCH_DISABLED_AT_OR_BELOW_DOLLARS } from '../../../shared/constants';
import { dollarsToCents } from '../../../shared/money';
import { MESSAGES } from './campaign-messages';
import type { PackageRow } from './campaign-rows';

/** What the campaign screens read before a purchase: packages, categories, what may be bought. */

export async function listPackages(db: Reader): Promise<PackageRow[]> {
  return db.query<PackageRow & Record<string, unknown>>('SELECT * FROM ad_packages ORDER BY id');
}

/**
 * Spec §9: searching creators requires a balance above $90. The page disables the search below it;
 * the server holds the rule for any other caller (issue 16).
 */
export async function checkSearchAllowed(db: Reader, userId: number): Promise<void> {
  const [user] = await db.query<{ balance_cents: number }>(
    'SELECT balance_cents FROM users WHERE id = $1',
    [userId],
  );
  if (Number(user?.balance_cents ?? 0) <= dollarsToCents(SEARCH_DISABLED_AT_OR_BELOW_DOLLARS)) {
    throw badRequest(MESSAGES.searchBalance);
  }
}

/** The categories as the API lists them (the dashboard's and the partner's calls). */
export async function listCategories(db: Reader): Promise<{ name: string; slug: string }[]> {
  return db.query('SELECT name, slug FROM categories ORDER BY position');
}

/** Available = listed at the partner and with no active campaign of this advertiser (design §2). */
export async function isProfileAvailable(
  db: Reader,
  userId: number,
  username: string,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM profiles p
      WHERE lower(p.username) = lower($2) AND p.listed
        AND NOT EXISTS (SELECT 1 FROM campaigns c
                         WHERE c.user_id = $1 AND c.profile_username = p.username AND c.status)`,
    [userId, username],
  );
  return rows.length > 0;
}
