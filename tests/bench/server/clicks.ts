import { v7 as uuidv7 } from 'uuid';
import { BROWSER_USER_AGENTS } from '@/dev/click-traffic';
import type { Db, Queryable, Writer } from '@/server/db/db';
import { makeClickLogDays } from '@/server/domain/clicks/partitions';
import type { ClickBatchBody } from '@/shared/contract/partner';
import { seedAdvertiser, seedCampaigns, type CampaignSeed } from './seed';

/**
 * Click traffic of the bench: the campaigns it bills, its batches of events, the bare SQL and the
 * books (the batches go over HTTP in send-clicks.ts).
 */

export const BATCH_SIZE = 100;
const ADVERTISERS = 20;
const PROFILES_WITH_CAMPAIGNS = 300;
/** Every tenth profile with campaigns has a first campaign of only this many clicks: it ends mid-run. */
const SMALL_CAMPAIGN_CLICKS = 150;
/** The package maximum (max_slots): far more than a run bills on one profile. */
const LARGE_CAMPAIGN_CLICKS = 10_000;

export interface ClickSetup {
  /** Profiles with two active campaigns each, billed through the app. */
  appProfiles: string[];
  /** Profiles with one large campaign each, billed by the bare SQL. */
  bareProfiles: string[];
  /** Profiles without campaigns: their clicks are recorded, never billed. */
  unbillable: string[];
  bareCampaignOf: Map<string, number>;
}

/**
 * On each of `PROFILES_WITH_CAMPAIGNS` profiles two active campaigns of different advertisers, the
 * first started an hour earlier; every tenth first campaign is small, so it runs out during the run
 * and the second takes over. As many other profiles get one large campaign each for the bare SQL.
 */
export async function seedClickCampaigns(db: Writer, profiles: string[]): Promise<ClickSetup> {
  const advertisers: number[] = [];
  for (let i = 0; i < ADVERTISERS; i += 1) {
    advertisers.push((await seedAdvertiser(db, `bench_clicks_${i}`)).userId);
  }
  const appProfiles = profiles.slice(0, PROFILES_WITH_CAMPAIGNS);
  const bareProfiles = profiles.slice(PROFILES_WITH_CAMPAIGNS, 2 * PROFILES_WITH_CAMPAIGNS);
  const seeds: CampaignSeed[] = appProfiles.flatMap((username, i) => [
    {
      userId: advertisers[i % ADVERTISERS]!,
      username,
      packageId: [1, 2, 4][i % 3]!,
      clicks: i % 10 === 0 ? SMALL_CAMPAIGN_CLICKS : LARGE_CAMPAIGN_CLICKS,
      startedSecondsAgo: 7200,
    },
    {
      userId: advertisers[(i + 1) % ADVERTISERS]!,
      username,
      packageId: 2,
      clicks: LARGE_CAMPAIGN_CLICKS,
      startedSecondsAgo: 3600,
    },
  ]);
  seeds.push(
    ...bareProfiles.map((username, i) => ({
      userId: advertisers[i % ADVERTISERS]!,
      username,
      packageId: [1, 2, 4][i % 3]!,
      clicks: LARGE_CAMPAIGN_CLICKS,
      startedSecondsAgo: 7200,
    })),
  );
  await seedCampaigns(db, seeds);
  // Issue 36 point 4: BENCH_DAILY_BUDGETS=on gives every campaign the app bills a daily budget (one
  // the run does not reach: it measures the click-by-click billing, not refusals).
  if (process.env.BENCH_DAILY_BUDGETS === 'on') {
    await db.query(
      'UPDATE campaigns SET daily_budget_cents = 1000000 WHERE profile_username = ANY($1::text[])',
      [appProfiles],
    );
  }
  const rows = await db.query<{ id: number; profile_username: string }>(
    'SELECT id, profile_username FROM campaigns WHERE profile_username = ANY($1::text[])',
    [bareProfiles],
  );
  return {
    appProfiles,
    bareProfiles,
    unbillable: profiles.slice(2 * PROFILES_WITH_CAMPAIGNS),
    bareCampaignOf: new Map(rows.map((row) => [row.profile_username, Number(row.id)])),
  };
}

export type ClickEventBody = ClickBatchBody['events'][number];

/** A small deterministic generator, so every run sends the same spread of profiles. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Visitors made so far in this process: each event gets the next, so none is ever seen twice. */
let visitorsMade = 0;

/**
 * A visitor never seen before, with a browser's user agent and an address of its own (10.0.0.0/8 or
 * 2001:db8::/32, ranges no real visitor has): the bot check, the keyed hashes of visitor and address
 * and the visitors' memory all run, and no click is a double click or past the daily cap.
 */
function freshVisitor(): Pick<ClickEventBody, 'visitor_id' | 'user_agent' | 'ip'> {
  const n = (visitorsMade += 1);
  return {
    visitor_id: `bench-visitor-${n}`,
    user_agent: BROWSER_USER_AGENTS[n % BROWSER_USER_AGENTS.length],
    ip:
      n % 2 === 0
        ? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
        : `2001:db8::${n.toString(16)}`,
  };
}

/**
 * `count` batches of 100 fresh events clicked now (each id a UUIDv7 of that time), each from a fresh
 * visitor: 90% on `billable` profiles, 10% on profiles without campaigns (the app finds those not
 * placed: recorded, never billed).
 */
export function makeBatches(
  billable: string[],
  unbillable: string[],
  count: number,
  seed: number,
): ClickEventBody[][] {
  const next = random(seed);
  const now = Date.now();
  const at = new Date(now).toISOString();
  return Array.from({ length: count }, () =>
    Array.from({ length: BATCH_SIZE }, () => {
      const pool = next() < 0.9 ? billable : unbillable;
      const username = pool[Math.floor(next() * pool.length)]!;
      return { id: uuidv7({ msecs: now }), username, at, ...freshVisitor() };
    }),
  );
}

/** The UTC day of a UUIDv7's time (its first 48 bits): the click log's partition of the event. */
const dayOfId = (id: string) =>
  new Date(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toISOString().slice(0, 10);

/** Before the runs: the partitions of the days the batches' ids fall on (the app makes its own too). */
async function makeBatchDays(db: Db, batches: ClickEventBody[][]): Promise<void> {
  await makeClickLogDays(db, new Set(batches.flat().map((e) => dayOfId(e.id))));
}

/**
 * The baseline: the least SQL that records and bills the same batches, straight on the database
 * from this process: per batch, one transaction with the 100 events inserted into the click log
 * under their id's day (already billed to the profile's campaign) and one set-based UPDATE of those
 * campaigns' counters. What the app does besides is not in it: the invalid-click rules (bots,
 * placement, double clicks and daily caps, with the visitors' memory and its keyed hashes), the
 * hourly roll-ups, billing in start order across a profile's campaigns, ending used-up campaigns,
 * replays, and HTTP with the signature check.
 */
export async function bareSqlBatches(
  db: Db,
  setup: ClickSetup,
  batches: ClickEventBody[][],
): Promise<{ billed: number; seconds: number }> {
  await makeBatchDays(db, batches);
  let billed = 0;
  const started = performance.now();
  for (const events of batches) {
    const campaignIds = events.map((e) => setup.bareCampaignOf.get(e.username) ?? null);
    billed += campaignIds.filter((id) => id !== null).length;
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO click_log (day, event_id, profile_username, clicked_at, billed, campaign_id)
         SELECT e.day, e.id, e.username, e.at, e.campaign_id IS NOT NULL, e.campaign_id
           FROM unnest($1::date[], $2::uuid[], $3::text[], $4::timestamptz[], $5::bigint[])
                AS e(day, id, username, at, campaign_id)`,
        [
          events.map((e) => dayOfId(e.id)),
          events.map((e) => e.id),
          events.map((e) => e.username),
          events.map((e) => e.at),
          campaignIds,
        ],
      );
      await tx.query(
        `UPDATE campaigns c
            SET clicks_count = c.clicks_count + b.n, remaining_clicks = c.remaining_clicks - b.n,
                billed_cents = c.billed_cents + b.n * c.click_rate_cents,
                amount_remaining_cents = c.amount_remaining_cents - b.n * c.click_rate_cents,
                updated_at = now()
           FROM (SELECT id, count(*)::int AS n FROM unnest($1::bigint[]) AS id WHERE id IS NOT NULL GROUP BY id) b
          WHERE c.id = b.id`,
        [campaignIds],
      );
    });
  }
  return { billed, seconds: (performance.now() - started) / 1000 };
}

/** What the app must bill: every event on a profile with campaigns (they never all run out). */
export function expectedBilled(billable: string[], batches: ClickEventBody[][]): number {
  const profiles = new Set(billable);
  return batches.flat().filter((e) => profiles.has(e.username)).length;
}

/**
 * Checks the books of the campaigns on `profiles` after the runs: each campaign's clicks_count equals
 * its billed events in the log, money balances (funded = billed + refunded + remaining, billed =
 * clicks × rate), and no campaign billed while one on the same profile that started earlier still
 * had clicks left. The log is read once (grouped by campaign): it may hold millions of events.
 */
export async function checkClickBooks(db: Queryable, profiles: string[]): Promise<string[]> {
  const [counts] = await db.query<{ mismatched: number; unbalanced: number; out_of_order: number }>(
    `WITH checked AS (SELECT * FROM campaigns WHERE profile_username = ANY($1::text[])),
          billed AS (SELECT campaign_id, count(*) AS n FROM click_log WHERE billed GROUP BY campaign_id)
     SELECT
       (SELECT count(*)::int FROM checked c LEFT JOIN billed b ON b.campaign_id = c.id
         WHERE c.clicks_count <> COALESCE(b.n, 0)) AS mismatched,
       (SELECT count(*)::int FROM checked
         WHERE amount_deposit_cents <> billed_cents + refunded_cents + amount_remaining_cents
            OR billed_cents <> clicks_count * click_rate_cents) AS unbalanced,
       (SELECT count(*)::int FROM checked first JOIN checked later
           ON later.profile_username = first.profile_username AND later.start_date > first.start_date
         WHERE later.clicks_count > 0 AND first.remaining_clicks > 0) AS out_of_order`,
    [profiles],
  );
  const problems: string[] = [];
  if (counts!.mismatched > 0)
    problems.push(`${counts!.mismatched} campaigns' clicks_count differ from their billed events`);
  if (counts!.unbalanced > 0)
    problems.push(`${counts!.unbalanced} campaigns break funded = billed + refunded + remaining`);
  if (counts!.out_of_order > 0)
    problems.push(`${counts!.out_of_order} campaigns billed before an earlier one ran out`);
  return problems;
}
