import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { Db, Queryable, Writer } from '../../../src/server/db/db';
import { signPartnerRequest } from '../../../src/server/domain/partner-signature';
import { seedAdvertiser, seedCampaigns, type CampaignSeed } from './seed';

/** Click traffic of the bench: the campaigns it bills, signed batches over HTTP, and the bare SQL. */

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

export interface ClickEventBody {
  id: string;
  username: string;
  at: string;
}

/** A small deterministic generator, so every run sends the same spread of profiles. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` batches of 100 fresh events: 90% on `billable` profiles, 10% on profiles without campaigns. */
export function makeBatches(
  billable: string[],
  unbillable: string[],
  count: number,
  seed: number,
): ClickEventBody[][] {
  const next = random(seed);
  const at = new Date().toISOString();
  return Array.from({ length: count }, () =>
    Array.from({ length: BATCH_SIZE }, () => {
      const pool = next() < 0.9 ? billable : unbillable;
      return { id: randomUUID(), username: pool[Math.floor(next() * pool.length)]!, at };
    }),
  );
}

interface ClickAnswer {
  success: boolean;
  received: number;
  duplicates: number;
  billed: number;
  unbilled: number;
  endedCampaigns: number;
}

/** One POST over `agent`'s kept-alive connections: the status and the body. */
function post(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/**
 * POSTs the batches, signed as the partner signs them, from `senders` concurrent senders (each
 * sends its share one after another, on its own kept-alive connection). Returns the billed clicks
 * and the wall time. The requests are written and signed before the clock starts (the run lasts
 * seconds; a signature holds for minutes), and sent with node:http, not fetch (fetch costs the
 * sender about 0.3 ms more a request): the sender shares the two cores with the server and the
 * database, and the figure is the server's.
 */
export async function sendBatches(
  url: string,
  secret: string,
  batches: ClickEventBody[][],
  senders: number,
): Promise<{ billed: number; unbilled: number; ended: number; seconds: number }> {
  let nextBatch = 0;
  const totals = { billed: 0, unbilled: 0, ended: 0 };
  const agent = new Agent({ keepAlive: true, maxSockets: senders });
  const timestamp = Math.floor(Date.now() / 1000);
  const requests = batches.map((events) => {
    const body = JSON.stringify({ events });
    const headers = {
      'content-type': 'application/json',
      'x-partner-timestamp': String(timestamp),
      'x-partner-signature': signPartnerRequest(secret, timestamp, body),
    };
    return { events, body, headers };
  });
  const sender = async () => {
    for (;;) {
      const next = requests[nextBatch++];
      if (!next) return;
      const { events, body, headers } = next;
      const { status, text } = await post(agent, `${url}/api/partner/clicks`, headers, body);
      if (status !== 200) throw new Error(`clicks: HTTP ${status} ${text}`);
      const answer = JSON.parse(text) as ClickAnswer;
      if (answer.received !== events.length || answer.duplicates !== 0)
        throw new Error(`clicks: unexpected answer ${text}`);
      totals.billed += answer.billed;
      totals.unbilled += answer.unbilled;
      totals.ended += answer.endedCampaigns;
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: senders }, sender));
  } finally {
    agent.destroy();
  }
  return { ...totals, seconds: (performance.now() - started) / 1000 };
}

/**
 * The baseline: the least SQL that records and bills the same batches, straight on the database
 * from this process: per batch, one transaction with the 100 events inserted (already billed to the
 * profile's campaign) and one set-based UPDATE of those campaigns' counters.
 */
export async function bareSqlBatches(
  db: Db,
  setup: ClickSetup,
  batches: ClickEventBody[][],
): Promise<{ billed: number; seconds: number }> {
  let billed = 0;
  const started = performance.now();
  for (const events of batches) {
    const campaignIds = events.map((e) => setup.bareCampaignOf.get(e.username) ?? null);
    billed += campaignIds.filter((id) => id !== null).length;
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO click_events (event_id, profile_username, clicked_at, billed, campaign_id)
         SELECT e.id, e.username, e.at, e.campaign_id IS NOT NULL, e.campaign_id
           FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::bigint[]) AS e(id, username, at, campaign_id)`,
        [
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
 * Checks the books after the runs: each campaign's clicks_count equals its billed events, money
 * balances (funded = billed + refunded + remaining, billed = clicks × rate), and no campaign billed
 * while one on the same profile that started earlier still had clicks left.
 */
export async function checkClickBooks(db: Queryable): Promise<string[]> {
  const [counts] = await db.query<{ mismatched: number; unbalanced: number; out_of_order: number }>(
    `SELECT
       (SELECT count(*)::int FROM campaigns c
         WHERE c.clicks_count <> (SELECT count(*) FROM click_events e WHERE e.campaign_id = c.id AND e.billed))
         AS mismatched,
       (SELECT count(*)::int FROM campaigns
         WHERE amount_deposit_cents <> billed_cents + refunded_cents + amount_remaining_cents
            OR billed_cents <> clicks_count * click_rate_cents) AS unbalanced,
       (SELECT count(*)::int FROM campaigns first JOIN campaigns later
           ON later.profile_username = first.profile_username AND later.start_date > first.start_date
         WHERE later.clicks_count > 0 AND first.remaining_clicks > 0) AS out_of_order`,
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
