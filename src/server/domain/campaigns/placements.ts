import type { Reader } from '../../db/db';

export interface Placement {
  rank: number;
  username: string;
  full_name: string;
  avatar: string;
  package_id: number;
  ad_icon: boolean;
  popup_ads: boolean;
}

/**
 * The profiles to promote now in a category, in rank order (design §2 ranks): package 1 fills ranks
 * 1-5 of the main categories, package 2 ranks 6-10 everywhere, package 4 what is left of ranks 6-15
 * of the main categories after package 2, package 3 ranks 1-5 of its chosen category. Within a
 * package, campaigns that started first rank first; a profile shows once, at its best rank. Issue 36:
 * a campaign whose end date has passed, or whose daily budget has no room for one more click today
 * (the advertiser's day at `now`), is left out until the next day.
 */
export async function placementsFor(
  db: Reader,
  categorySlug: string,
  now = Date.now(),
): Promise<Placement[] | undefined> {
  const [category] = await db.query<{ slug: string; is_main: boolean }>(
    'SELECT slug, is_main FROM categories WHERE slug = $1',
    [categorySlug],
  );
  if (!category) return undefined;
  const slots: { packageId: number; first: number; last: number }[] = category.is_main
    ? [
        { packageId: 1, first: 1, last: 5 },
        { packageId: 2, first: 6, last: 10 },
        { packageId: 4, first: 6, last: 15 },
      ]
    : [
        { packageId: 3, first: 1, last: 5 },
        { packageId: 2, first: 6, last: 10 },
      ];
  const rows = await db.query<Omit<Placement, 'rank'> & { start_date: Date }>(
    `SELECT DISTINCT ON (c.package_id, c.profile_username)
            c.profile_username AS username, p.full_name, p.avatar, c.package_id, pkg.ad_icon, pkg.popup_ads,
            c.start_date
       FROM campaigns c
       JOIN profiles p ON p.username = c.profile_username AND p.listed
       JOIN ad_packages pkg ON pkg.id = c.package_id
      WHERE c.status AND c.remaining_clicks > 0 AND c.package_id = ANY($1::int[])
        AND (c.package_id <> 3 OR c.category_slug = $2)
        AND (c.ends_at IS NULL OR c.ends_at > $3)
        AND (c.daily_budget_cents IS NULL
             OR COALESCE((c.day_spend ->> account_day(c.user_id, $3)::text)::bigint, 0) + c.click_rate_cents
                <= c.daily_budget_cents)
      ORDER BY c.package_id, c.profile_username, c.start_date`,
    [slots.map((slot) => slot.packageId), category.slug, new Date(now)],
  );
  const placements: Placement[] = [];
  const seen = new Set<string>();
  for (const slot of slots) {
    const candidates = rows
      .filter((row) => row.package_id === slot.packageId && !seen.has(row.username))
      .sort(
        (a, b) =>
          Number((a as { start_date?: Date }).start_date) -
          Number((b as { start_date?: Date }).start_date),
      )
      .slice(0, slot.last - slot.first + 1);
    candidates.forEach((row, index) => {
      seen.add(row.username);
      placements.push({
        rank: slot.first + index,
        username: row.username,
        full_name: row.full_name,
        avatar: row.avatar,
        package_id: row.package_id,
        ad_icon: row.ad_icon,
        popup_ads: row.popup_ads,
      });
    });
  }
  return placements;
}
