import type { Db } from '@/server/db/db';
import { timePosts } from './api';
import { seedAdvertiser, seedCampaigns } from './seed';

/**
 * Issue 18 point 5: the tracker's chart (POST /api/campaign-daily-clicks) for a campaign with a
 * million billed clicks. The chart reads the hourly roll-ups only (click_hours), so the campaign's
 * clicks are seeded there, as billing would have rolled them up, and not in the click log.
 */

export const CHART_CLICKS = 1_000_000;
export const CHART_DAYS = 30;
const CHART_REQUESTS = 500;
/** Clicks still to bill: the campaign is running, as the advertiser watching it would have it. */
const CLICKS_LEFT = 50_000;

export interface ChartSetup {
  cookie: string;
  username: string;
}

/**
 * An advertiser of its own (signed in) with one active campaign on a profile of its own, started
 * `CHART_DAYS` days ago, that has billed `CHART_CLICKS` clicks: the campaign's counters and money as
 * billing leaves them, and one roll-up row an hour since it started, the clicks spread evenly, with
 * a few invalid clicks beside (2% bots, 1% double clicks, 0.5% past the daily cap).
 */
export async function seedChartCampaign(db: Db): Promise<ChartSetup> {
  const advertiser = await seedAdvertiser(db, 'bench_chart');
  const username = 'bench_charted';
  await db.query(
    "INSERT INTO profiles (username, full_name, avatar) VALUES ($1, 'Bench Charted', '/a.svg')",
    [username],
  );
  await seedCampaigns(db, [
    {
      userId: advertiser.userId,
      username,
      packageId: 1,
      clicks: CHART_CLICKS + CLICKS_LEFT,
      startedSecondsAgo: CHART_DAYS * 86_400,
    },
  ]);
  await db.query(
    `WITH c AS (
       UPDATE campaigns
          SET clicks_count = $2, remaining_clicks = remaining_clicks - $2,
              billed_cents = $2 * click_rate_cents, amount_remaining_cents = amount_remaining_cents - $2 * click_rate_cents
        WHERE user_id = $1
        RETURNING id, user_id, profile_key, click_rate_cents AS rate, created_at, start_date
     ), hours AS (
       SELECT c.*, h.hour, row_number() OVER (ORDER BY h.hour) - 1 AS k, count(*) OVER () AS n
         FROM c, generate_series(date_trunc('hour', c.created_at, 'UTC'), now(), interval '1 hour') AS h(hour)
     ), spread AS (
       SELECT *, (k + 1) * $2 / n - k * $2 / n AS billed FROM hours
     )
     INSERT INTO click_hours (campaign_id, period_start, hour, profile_key, user_id, billed, billed_cents, bot, double_click, daily_cap)
     SELECT id, start_date, hour, profile_key, user_id, billed, billed * rate, billed / 50, billed / 100, billed / 200
       FROM spread`,
    [advertiser.userId, CHART_CLICKS],
  );
  return { cookie: advertiser.cookie, username };
}

/** The chart's round trip through HTTP, signed in, one request after another: p50 and p95 in ms. */
export function timeChart(url: string, chart: ChartSetup): Promise<{ p50: number; p95: number }> {
  return timePosts(
    url,
    '/api/campaign-daily-clicks',
    chart.cookie,
    [{ username: chart.username }],
    CHART_REQUESTS,
  );
}
