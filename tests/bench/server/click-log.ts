import type { Db } from '@/server/db/db';
import { makeClickLogDays } from '@/server/domain/clicks/partitions';
import { seedAdvertiser, seedCampaigns } from './seed';

/**
 * Issue 18 point 5: billing with a full click log. `fillClickLog` writes what a week of billed
 * traffic on the bench's click profiles would have left behind, straight in SQL: the log's rows, the
 * visitors' memory and the hourly roll-ups, all billed to campaigns that ended before the run.
 */

const DAY_MS = 86_400_000;
/** The log's days: today and the six before it, all inside the accept window (7 days). */
const FILL_DAYS = 7;
const DEFAULT_EVENTS = 10_000_000;

/** BENCH_CLICK_LOG_EVENTS scales the fill down for quick runs (e.g. 200000); 10 million by default. */
export function clickLogEvents(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.BENCH_CLICK_LOG_EVENTS;
  if (text === undefined || text === '') return DEFAULT_EVENTS;
  const events = Number(text);
  if (!Number.isInteger(events) || events < FILL_DAYS)
    throw new Error(`BENCH_CLICK_LOG_EVENTS must be a whole number of at least ${FILL_DAYS}`);
  return events;
}

/** How many of `events` fall on the profile at `index` of `profiles` (event i goes to i mod P). */
const eventsOn = (events: number, profiles: number, index: number) =>
  Math.floor((events - 1 - index) / profiles) + 1;

/**
 * The last week's campaigns, one per profile (of an advertiser of their own): funded for exactly the
 * fill's clicks on their profile, all billed, then ended. So the books of the bench (clicks_count =
 * billed events, funded = billed + refunded + remaining) hold for them too, and no active campaign
 * of the run changes.
 */
async function seedPastCampaigns(db: Db, profiles: string[], events: number) {
  const { userId } = await seedAdvertiser(db, 'bench_clicks_past');
  await seedCampaigns(
    db,
    profiles.map((username, i) => ({
      userId,
      username,
      packageId: 2,
      clicks: eventsOn(events, profiles.length, i),
      startedSecondsAgo: (FILL_DAYS + 1) * 86_400,
    })),
  );
  const rows = await db.query<{ id: number; profile_username: string; rate: number }>(
    `UPDATE campaigns
        SET status = false, end_date = now(), clicks_count = clicks_purchased, remaining_clicks = 0,
            billed_cents = amount_deposit_cents, amount_remaining_cents = 0
      WHERE user_id = $1
      RETURNING id, profile_username, click_rate_cents AS rate`,
    [userId],
  );
  const byProfile = new Map(rows.map((row) => [row.profile_username, row]));
  const campaigns = profiles.map((username) => byProfile.get(username)!);
  return {
    userId,
    ids: campaigns.map((c) => Number(c.id)),
    rates: campaigns.map((c) => c.rate),
  };
}

/**
 * The fill's events, made in SQL: `$1` events spread evenly over the last 7 UTC days, a seventh a
 * day (today's between midnight, `$2` in ms, and now, `$3`), event i on profile i mod P ($4). Each id
 * is UUIDv7-shaped (version 7, variant 10) with its click's time in its first 48 bits and random-looking
 * bits from md5(i), so it keeps to its day's partition as the app's ids do.
 */
const FILL_EVENTS = `
  WITH day AS (
    SELECT d, d * $1::bigint / ${FILL_DAYS} AS lo, (d + 1) * $1::bigint / ${FILL_DAYS} AS hi,
           $2::bigint - (${FILL_DAYS - 1} - d) * ${DAY_MS}::bigint AS start_ms,
           CASE WHEN d = ${FILL_DAYS - 1} THEN $3::bigint - $2::bigint ELSE ${DAY_MS} END AS len_ms
      FROM generate_series(0, ${FILL_DAYS - 1}) AS d
  ), at_ms AS (
    SELECT i, day.start_ms + (i - day.lo) * day.len_ms / (day.hi - day.lo) AS ms
      FROM day, generate_series(day.lo, day.hi - 1) AS i
  ), ev AS (
    SELECT i, ms, lpad(to_hex(ms), 12, '0') AS t, md5(i::text) AS h, 1 + (i % array_length($4::text[], 1))::int AS p
      FROM at_ms
  ), events AS (
    SELECT i, date '1970-01-01' + (ms / ${DAY_MS})::int AS day,
           (substr(t, 1, 8) || '-' || substr(t, 9, 4) || '-7' || substr(h, 1, 3) || '-'
            || substr('89ab', 1 + (i % 4)::int, 1) || substr(h, 4, 3) || '-' || substr(h, 7, 12))::uuid AS id,
           to_timestamp(ms / 1000.0) AS at, ($4::text[])[p] AS username, ($5::bigint[])[p] AS campaign_id,
           ($6::int[])[p] AS rate
      FROM ev
  )`;

export interface FillTimings {
  events: number;
  /** Seconds for the log, the visitors' memory, the roll-ups, and VACUUM ANALYZE with a checkpoint. */
  log: number;
  visitors: number;
  hours: number;
  vacuum: number;
}

/**
 * Fills the click log with `events` billed events on `profiles`, and what billing writes beside each
 * (the app's own events in the bench are of fresh visitors, so each left two memory rows: its
 * visitor's and its address's keyed hash), then vacuums and analyzes them and, on PostgreSQL, forces
 * a checkpoint, so that neither autovacuum nor the checkpointer works through the fill while billing
 * is measured. The partitions of the 7 days are made first; on a fresh database the days before
 * today are all in the migration's catch-all partition (click_log_until_<today>), today's in its own.
 */
export async function fillClickLog(
  db: Db,
  profiles: string[],
  events: number,
): Promise<FillTimings> {
  const now = Date.now();
  const midnight = now - (now % DAY_MS);
  const days = Array.from({ length: FILL_DAYS }, (_, d) =>
    new Date(midnight - (FILL_DAYS - 1 - d) * DAY_MS).toISOString().slice(0, 10),
  );
  await makeClickLogDays(db, days);
  const past = await seedPastCampaigns(db, profiles, events);
  const params = [events, midnight, now, profiles, past.ids, past.rates];
  const timed = async (sql: string, extra: unknown[] = []) => {
    const started = performance.now();
    await db.query(sql, [...params, ...extra]);
    return (performance.now() - started) / 1000;
  };
  // In time order: each day's rows go to the right edge of its partition's primary key.
  const log = await timed(`${FILL_EVENTS}
    INSERT INTO click_log (day, event_id, campaign_id, profile_username, clicked_at, billed, received_at)
    SELECT day, id, campaign_id, username, at, true, at FROM events ORDER BY i`);
  const visitors = await timed(`${FILL_EVENTS}
    INSERT INTO click_visitors (day, key, clicks, last_at, version)
    SELECT e.day, ('x' || left(md5(k.kind || e.i), 16))::bit(64)::bigint, 1, e.at, 1
      FROM events e, (VALUES ('v:'), ('a:')) AS k(kind) ORDER BY 1, 2`);
  const hours = await timed(
    `${FILL_EVENTS}
    INSERT INTO click_hours (campaign_id, period_start, hour, profile_key, user_id, billed, billed_cents)
    SELECT e.campaign_id, c.start_date, date_trunc('hour', e.at, 'UTC'), lower(e.username), $7::bigint,
           count(*), sum(e.rate)
      FROM events e JOIN campaigns c ON c.id = e.campaign_id GROUP BY 1, 2, 3, 4`,
    [past.userId],
  );
  const started = performance.now();
  await db.exec('VACUUM ANALYZE click_log, click_visitors, click_hours, campaigns');
  if (db.kind !== 'pglite') await db.exec('CHECKPOINT');
  const vacuum = (performance.now() - started) / 1000;
  return { events, log, visitors, hours, vacuum };
}
