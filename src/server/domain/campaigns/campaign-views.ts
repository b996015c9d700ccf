import { CREATOR_SEARCH_MAX_RESULTS } from '../../../shared/constants';
import type { Reader } from '../../db/db';
import type {
  AdPackage,
  Campaign,
  CampaignHistoryEntry,
  ClicksOverTime,
  CreatorSearchResult,
} from '../../../shared/contract/campaigns';
import { centsToDollars } from '../../../shared/money';
import type { PackageRow } from './campaigns';
import { addDays, dayOf, daysBetween, dayStart } from '../../../shared/stats-range';
import { TRACKER_COLUMNS } from '../clicks/rollup-columns';
import { earlierPackagesIn, profileCampaigns } from './profile-periods';

/** Read models: campaigns, history and search results in the API's shape (spec §3, dollars). */

const iso = (date: Date | string) => new Date(date).toISOString();

export function toAdPackage(row: PackageRow): AdPackage {
  return {
    id: row.id,
    name: row.name,
    click_rate: centsToDollars(row.click_rate_cents),
    max_slots: row.max_slots,
    ranks: row.ranks,
    categories: row.categories,
    ad_icon: row.ad_icon,
    popup_ads: row.popup_ads,
  };
}

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds). */
const isoSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Cents to dollars as centsToDollars does: the same double division. */
const dollarsSql = (column: string) => `${column}::float8 / 100`;

/**
 * A campaign in the API's shape, built by the database as JSON text: one JSON.parse per answer
 * instead of typed columns parsed and reshaped row by row (the campaign list is a hot call).
 */
const CAMPAIGN_JSON = `
  json_build_object(
    'id', c.id, 'status', c.status, 'profile_id', c.profile_username,
    'Profile', json_build_object(
      'username', c.profile_username,
      'ProfileDatum', json_build_object('full_name', p.full_name, 'avatar', p.avatar)),
    'package_id', c.package_id, 'package_name', pkg.name,
    'categories', CASE WHEN c.category_slug IS NULL THEN pkg.categories ELSE ARRAY[cat.name] END,
    'clicks_purchased', c.clicks_purchased, 'clicks_count', c.clicks_count,
    'remaining_clicks', c.remaining_clicks,
    'amount_deposit', ${dollarsSql('c.amount_deposit_cents')},
    'amount_remaining', ${dollarsSql('c.amount_remaining_cents')},
    'amount_refunded', ${dollarsSql('c.refunded_cents')},
    'click_rate', ${dollarsSql('c.click_rate_cents')},
    'start_date', ${isoSql('c.start_date')},
    'end_date', ${isoSql('c.end_date')},
    'daily_budget', ${dollarsSql('c.daily_budget_cents')},
    'ends_on', to_char(c.ends_on, 'YYYY-MM-DD'),
    'createdAt', ${isoSql('c.created_at')},
    'updatedAt', ${isoSql('c.updated_at')})`;

const CAMPAIGN_FROM = `
    FROM campaigns c
    JOIN profiles p ON p.username = c.profile_username
    JOIN ad_packages pkg ON pkg.id = c.package_id
    LEFT JOIN categories cat ON cat.slug = c.category_slug`;

/** The advertiser's campaigns, newest first, as the JSON text of an array (sent on unparsed). */
export async function listCampaignsJson(db: Reader, userId: number): Promise<string> {
  const [row] = await db.query<{ campaigns: string }>(
    `SELECT COALESCE(json_agg(${CAMPAIGN_JSON} ORDER BY c.created_at DESC, c.id DESC), '[]')::text AS campaigns
     ${CAMPAIGN_FROM}
      WHERE c.user_id = $1`,
    [userId],
  );
  return row!.campaigns;
}

export async function findCampaign(
  db: Reader,
  userId: number,
  username: string,
): Promise<Campaign | undefined> {
  const [row] = await db.query<{ campaign: string }>(
    `SELECT ${CAMPAIGN_JSON}::text AS campaign
     ${CAMPAIGN_FROM}
      WHERE c.user_id = $1 AND lower(c.profile_username) = lower($2)`,
    [userId, username],
  );
  return row ? (JSON.parse(row.campaign) as Campaign) : undefined;
}

export async function countCampaigns(db: Reader, userId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM campaigns WHERE user_id = $1',
    [userId],
  );
  return Number(row!.count);
}

export async function campaignHistory(db: Reader, userId: number): Promise<CampaignHistoryEntry[]> {
  const rows = await db.query<{
    id: number;
    profile_username: string;
    package_name: string;
    categories: string[];
    total_clicks_purchased: number;
    clicks_purchased: number;
    remaining_clicks: number;
    clicks_count: number;
    total_spent_cents: number;
    amount_deposit_cents: number;
    click_rate_cents: number;
    start_date: Date;
    end_date: Date;
  }>('SELECT * FROM campaign_history WHERE user_id = $1 ORDER BY end_date DESC, id DESC', [userId]);
  return rows.map((row) => ({
    id: Number(row.id),
    profile_id: row.profile_username,
    package_name: row.package_name,
    categories: row.categories,
    total_clicks_purchased: row.total_clicks_purchased,
    clicks_purchased: row.clicks_purchased,
    remaining_clicks: row.remaining_clicks,
    clicks_count: row.clicks_count,
    total_spent: centsToDollars(Number(row.total_spent_cents)),
    amount_deposit: centsToDollars(Number(row.amount_deposit_cents)),
    click_rate: centsToDollars(row.click_rate_cents),
    start_date: iso(row.start_date),
    end_date: iso(row.end_date),
  }));
}

/**
 * One tier of the search: usernames and likes of at most $4 matches, best first. `$1` is the query
 * and `$2` the same with LIKE's wildcards escaped; search_text is the lowercased username, a newline
 * and the lowercased full name, so with no newline in the query a LIKE on it matches within one
 * field, as ILIKE on each did, and a prefix of it is a prefix of the username. A 2-character query
 * is below what trigrams index: it is one of the text's two-letter pieces, or not. The planner folds
 * the tests on $1 alone away.
 */
const searchTier = (tier: number, pattern: string) => `
  (SELECT ${tier} AS tier, p.username, p.likes
     FROM profiles p
    WHERE p.listed AND strpos($1, E'\\n') = 0 AND ${pattern}
    ORDER BY p.likes DESC, p.username
    LIMIT $4)`;
const SEARCH_SQL = `
  SELECT p.username, p.full_name, p.avatar, p.likes, p.photos_count, p.videos_count, p.subscribe_price_cents,
         EXISTS (SELECT 1 FROM campaigns c
                  WHERE c.user_id = $3 AND c.profile_username = p.username AND c.status) AS active_adpackage
    FROM (SELECT * FROM ((SELECT 0 AS tier, p.username, p.likes FROM profiles p
                           WHERE p.listed AND lower(p.username) = lower($1))
                         UNION ALL
                         ${searchTier(1, `p.search_text LIKE lower($2) || '%'`)}
                         UNION ALL
                         ${searchTier(
                           2,
                           `CASE WHEN length(lower($1)) = 2 THEN p.search_bigrams @> ARRAY[lower($1)]
                                 ELSE p.search_text LIKE '%' || lower($2) || '%' END`,
                         )}) AS t
           -- The username itself counts in tier 0 only, and a username starting with the query in
           -- tier 1 only (tier 2 takes the best of all matches: with fewer than $4 in tier 1, those
           -- are all there, and at least the rest of $4 others are in tier 2).
           WHERE CASE t.tier WHEN 1 THEN lower(t.username) <> lower($1)
                             WHEN 2 THEN lower(t.username) NOT LIKE lower($2) || '%'
                             ELSE true END
           ORDER BY t.tier, t.likes DESC, t.username
           LIMIT $4) AS h
    JOIN profiles p ON p.username = h.username
   ORDER BY h.tier, h.likes DESC, h.username`;

/**
 * Case-insensitive search on username and full name, best matches first: the username itself, then
 * usernames starting with the query, then the other matches, each by likes (indexes of 0040).
 */
export async function searchProfiles(
  db: Reader,
  userId: number,
  query: string,
  limit = CREATOR_SEARCH_MAX_RESULTS,
): Promise<CreatorSearchResult[]> {
  const escaped = query.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const rows = await db.query<{
    username: string;
    full_name: string;
    avatar: string;
    likes: number;
    photos_count: number;
    videos_count: number;
    subscribe_price_cents: number;
    active_adpackage: boolean;
  }>(SEARCH_SQL, [query, escaped, userId, limit], { prepare: false });
  return rows.map((row) => ({
    username: row.username,
    full_name: row.full_name,
    avatar: row.avatar,
    likes: row.likes,
    photos_count: row.photos_count,
    videos_count: row.videos_count,
    subscribe_price: centsToDollars(row.subscribe_price_cents),
    active_adpackage: row.active_adpackage,
  }));
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The chart's buckets from the campaign's first instant to its last: whole UTC hours (their starts
 * as ISO times), or the advertiser's days (as dates, each from its start in the zone: stats-range.ts),
 * at most the last 366; with the instant each ends, for width_bucket.
 */
function chartBuckets(unit: 'hour' | 'day', firstAt: number, lastAt: number, timeZone: string) {
  if (unit === 'hour') {
    const starts: number[] = [];
    for (let at = Math.floor(firstAt / HOUR_MS) * HOUR_MS; at <= lastAt; at += HOUR_MS)
      starts.push(at);
    const labels = starts.map((at) => new Date(at).toISOString());
    return { labels, bounds: [...starts, starts.at(-1)! + HOUR_MS] };
  }
  const lastDay = dayOf(timeZone, lastAt);
  const firstDay = dayOf(timeZone, firstAt);
  const oldest = addDays(lastDay, -365);
  const labels = daysBetween(firstDay > oldest ? firstDay : oldest, lastDay);
  return {
    labels,
    bounds: [...labels, addDays(lastDay, 1)].map((day) => dayStart(timeZone, day)),
  };
}

/**
 * Billed clicks and spend per UTC hour while the campaign is younger than 2 days (a day or two of
 * daily bars says little), per day after, from its creation to its end (or now), zero-filled so the
 * chart shows quiet hours and days too; at most the last 366 days. Days are UTC days, or the
 * advertiser's in `timeZone` when the client sends it (issue 35: the tracker shows local days).
 * Beside them, the clicks on the campaign that were not billed because invalid, by reason (issue
 * 18). Read from the hourly roll-ups the click billing keeps (click_hours), never from the click log:
 * a campaign with a million clicks answers as fast as one with ten. Spend is what the billing
 * charged. A click the partner dated outside the campaign's life counts in its first or last bucket.
 * The life is the profile's (issue 35 point 6): from the start of the advertiser's first package on
 * it, the earlier packages' roll-ups included and named in the answer.
 */
export async function dailyClicks(
  db: Reader,
  userId: number,
  username: string,
  timeZone = 'UTC',
): Promise<ClicksOverTime | undefined> {
  const [campaign] = await db.query<{
    id: number;
    profile_username: string;
    created_at: Date;
    last_at: Date;
    end_at: Date;
  }>(
    `SELECT id, profile_username, created_at, LEAST(COALESCE(end_date, now()), now()) AS last_at,
            COALESCE(end_date, now()) AS end_at
       FROM campaigns WHERE user_id = $1 AND lower(profile_username) = lower($2)`,
    [userId, username],
  );
  if (!campaign) return undefined;
  const profile = await profileCampaigns(db, userId, campaign);
  const firstAt = profile.firstAt.getTime();
  const lastAt = new Date(campaign.last_at).getTime();
  const unit = new Date(campaign.end_at).getTime() - firstAt < 2 * DAY_MS ? 'hour' : 'day';
  const { labels, bounds } = chartBuckets(unit, firstAt, lastAt, timeZone);
  const rows = await db.query<
    { bucket: number; clicks: number; spend_cents: number } & Record<string, number>
  >(
    `SELECT width_bucket(LEAST(GREATEST(hour, $2::timestamptz), $3::timestamptz), $4::timestamptz[]) AS bucket,
            sum(billed)::int AS clicks, sum(billed_cents)::bigint AS spend_cents,
            sum(budget_reached)::int AS budget_reached,
            ${TRACKER_COLUMNS.map(({ column }) => `sum(${column})::int AS ${column}`).join(', ')}
       FROM click_hours
      WHERE campaign_id = ANY($1::bigint[])
      GROUP BY 1`,
    [
      profile.ids,
      profile.firstAt.toISOString(),
      campaign.last_at,
      bounds.map((at) => new Date(at).toISOString()),
    ],
  );
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  const earlier = earlierPackagesIn(profile);
  return {
    granularity: unit,
    data: labels.map((date, index) => {
      const row = byBucket.get(index + 1);
      return {
        date,
        clicks: Number(row?.clicks ?? 0),
        spend: centsToDollars(Number(row?.spend_cents ?? 0)),
        invalid: Object.fromEntries(
          TRACKER_COLUMNS.map(({ code, column }) => [code, Number(row?.[column] ?? 0)]),
        ) as ClicksOverTime['data'][number]['invalid'],
      };
    }),
    ...(earlier ? { earlier_packages: earlier } : {}),
    budget_reached: rows.reduce((sum, row) => sum + Number(row.budget_reached ?? 0), 0),
  };
}
