import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import type { Measurement } from '../report';
import { timePosts } from './api';
import type { Kind } from './measure';
import { freshDatabase } from './index';
import { startServer } from './process';
import { seedAdvertiser, seedCampaigns } from './seed';

/**
 * Issue 19 point 6: the dashboard's range answer (POST /api/stats/account) for an advertiser with
 * 1,000 campaigns and ten million billed clicks. The answer reads the per-advertiser hourly roll-ups
 * (user_click_hours), which the statement triggers on click_hours keep; so the clicks are seeded in
 * click_hours, as billing would have rolled them up (one row an hour a running campaign), and the
 * trigger fills the advertiser's rows. Beside it, the lists' figures (POST /api/stats/campaigns),
 * which sum the campaigns' own roll-ups in the range.
 */

export const RANGE_CAMPAIGNS = 1_000;
export const RANGE_CLICKS = 10_000_000;
/** Each campaign runs 30 days; their starts spread over the year before. */
const CAMPAIGN_DAYS = 30;
const YEAR_DAYS = 365;
const REQUESTS = 300;
const TIME_ZONE = 'America/New_York';

export interface RangeSetup {
  cookie: string;
}

/** The advertiser, its 1,000 campaigns on profiles of their own, and their clicks' roll-ups. */
export async function seedRangeAdvertiser(db: Db): Promise<RangeSetup> {
  const advertiser = await seedAdvertiser(db, 'bench_ranges');
  const usernames = Array.from(
    { length: RANGE_CAMPAIGNS },
    (_, i) => `bench_range_${String(i).padStart(4, '0')}`,
  );
  await db.query(
    `INSERT INTO profiles (username, full_name, avatar)
     SELECT u, 'Bench Range', '/a.svg' FROM unnest($1::text[]) AS u`,
    [usernames],
  );
  const perCampaign = RANGE_CLICKS / RANGE_CAMPAIGNS;
  await seedCampaigns(
    db,
    usernames.map((username, i) => ({
      userId: advertiser.userId,
      username,
      packageId: 1 + (i % 4),
      clicks: perCampaign + 1_000,
      startedSecondsAgo: Math.round(
        (YEAR_DAYS - (i * (YEAR_DAYS - CAMPAIGN_DAYS)) / RANGE_CAMPAIGNS) * 86_400,
      ),
    })),
  );
  // Each campaign's clicks spread evenly over the hours of its 30 days (or up to now).
  await db.query(
    `WITH c AS (
       UPDATE campaigns
          SET clicks_count = $2, remaining_clicks = remaining_clicks - $2,
              billed_cents = $2 * click_rate_cents, amount_remaining_cents = amount_remaining_cents - $2 * click_rate_cents
        WHERE user_id = $1
        RETURNING id, user_id, profile_key, click_rate_cents AS rate, created_at, start_date
     ), hours AS (
       SELECT c.*, h.hour, row_number() OVER (PARTITION BY c.id ORDER BY h.hour) - 1 AS k,
              count(*) OVER (PARTITION BY c.id) AS n
         FROM c, generate_series(date_trunc('hour', c.created_at, 'UTC'),
                                 LEAST(now(), c.created_at + $3 * interval '1 day'), interval '1 hour') AS h(hour)
     ), spread AS (
       SELECT *, (k + 1) * $2 / n - k * $2 / n AS billed FROM hours
     )
     INSERT INTO click_hours (campaign_id, period_start, hour, profile_key, user_id, billed, billed_cents, bot, double_click, daily_cap)
     SELECT id, start_date, hour, profile_key, user_id, billed, billed * rate, billed / 50, billed / 100, billed / 200
       FROM spread`,
    [advertiser.userId, perCampaign, CAMPAIGN_DAYS],
  );
  return { cookie: advertiser.cookie };
}

export interface RangeFigures {
  month: number;
  year: number;
  lists: number;
}

/** p95 of the dashboard's answer for the last 30 days and for all time, and of the lists' figures. */
export async function timeRanges(url: string, setup: RangeSetup): Promise<RangeFigures> {
  const month = { range: '30d', time_zone: TIME_ZONE };
  const all = { range: 'all', time_zone: TIME_ZONE };
  const monthly = await timePosts(url, '/api/stats/account', setup.cookie, [month], REQUESTS);
  const yearly = await timePosts(url, '/api/stats/account', setup.cookie, [all], REQUESTS);
  const lists = await timePosts(url, '/api/stats/campaigns', setup.cookie, [month], REQUESTS / 3);
  console.log(
    `dashboard range p95: 30 days ${monthly.p95.toFixed(1)} ms, all time ${yearly.p95.toFixed(1)} ms; lists' figures 30 days ${lists.p95.toFixed(1)} ms`,
  );
  return { month: monthly.p95, year: yearly.p95, lists: lists.p95 };
}

const scale = `${RANGE_CAMPAIGNS.toLocaleString('en-US')} campaigns, ${RANGE_CLICKS.toLocaleString('en-US')} clicks`;
const ms = (value: number) => Math.round(value * 10) / 10;

export function rangeRows(kind: Kind, figures: RangeFigures): Measurement[] {
  return [
    {
      group: 'Clicks',
      name: `dashboard range p95, stats/account last 30 days (${scale}, ${kind})`,
      value: ms(figures.month),
      unit: 'ms',
      ...(kind === 'PostgreSQL' ? { target: '< 50 ms', pass: figures.month < 50 } : {}),
    },
    {
      group: 'Clicks',
      name: `dashboard range p95, stats/account all time (a year; ${scale}, ${kind})`,
      value: ms(figures.year),
      unit: 'ms',
      ...(kind === 'PostgreSQL' ? { target: '< 50 ms', pass: figures.year < 50 } : {}),
    },
    {
      group: 'Clicks',
      name: `lists' range figures p95, stats/campaigns last 30 days (${scale}, ${kind})`,
      value: ms(figures.lists),
      unit: 'ms',
    },
  ];
}

/**
 * `npm run bench -- ranges`: these figures alone, on a fresh database of each kind (a whole run has
 * them in the server part, measured on its own databases).
 */
export async function runRangeBench(): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const kind of ['PGlite', 'PostgreSQL'] as const) {
    const tempDir = await mkdtemp(join(tmpdir(), 'rangebench-'));
    const database = await freshDatabase(kind, tempDir);
    try {
      const db = await database.open();
      await migrate(db);
      const started = performance.now();
      const setup = await seedRangeAdvertiser(db);
      console.log(`-- ${kind}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await db.close();
      const server = await startServer({
        ...database.env,
        LOG_LEVEL: 'info',
        OUTBOX_DIR: join(tempDir, 'outbox'),
        STATIC_DIR: join(tempDir, 'no-static'),
      });
      try {
        measurements.push(...rangeRows(kind, await timeRanges(server.url, setup)));
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
      await rm(tempDir, { recursive: true, force: true });
    }
  }
  return measurements;
}
