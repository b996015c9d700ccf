import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { pauseCampaign } from '@/server/domain/campaigns/campaigns';
import { recordClicks } from '@/server/domain/clicks';
import type { ClickEvent } from '@/server/domain/clicks/types';
import { accountStats, campaignStats, campaignsInRange } from '@/server/domain/campaigns/stats';
import {
  accountStats as accountStatsEndpoint,
  campaignsInRange as campaignsInRangeEndpoint,
  campaignStats as campaignStatsEndpoint,
  type DayFigures,
  type HourFigures,
  type InvalidByReason,
} from '@/shared/contract/stats';
import { addDays, dayOf } from '@/shared/stats-range';
import { clickId, noInvalidReasons, TEST_CLICK_RULES } from '../../helpers/click-ids';
import { moneyInvariantViolations } from '../../reliability/support/invariants';
import { accountRow, campaign as newCampaign } from '../../helpers/factories';
import { useTestApp, useTestDatabase } from '../../helpers/fixtures';
import { answerOf, databaseKinds, registerUser } from '../../helpers/server';

/**
 * Issue 19: spend and clicks over a date range in the advertiser's time zone, from the hourly
 * roll-ups, with exact values: spend per day = billed clicks x rate, the range's edges in two time
 * zones, totals = the sum of the days.
 */

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NOW = Date.parse('2026-03-07T12:00:00Z');
const NY = 'America/New_York'; // -05:00 in early March 2026
const KOLKATA = 'Asia/Kolkata'; // +05:30, counted as +06:00

const none: InvalidByReason = noInvalidReasons();
const day = (date: string, clicks: number, spend: number, invalid: Partial<InvalidByReason> = {}) =>
  ({
    date,
    clicks,
    spend,
    credits: 0,
    credited_clicks: 0,
    invalid: { ...none, ...invalid },
  }) satisfies DayFigures;

const sum = (days: DayFigures[], pick: (figures: DayFigures) => number) =>
  Math.round(days.reduce((total, figures) => total + pick(figures) * 100, 0)) / 100;

describe.each(databaseKinds())('range figures on %s', (kind) => {
  const t = useTestDatabase(kind);
  let db: Db;
  let advertiser: number;
  let stranger: number;
  let edgeOne: number;
  let edgeTwo: number;

  async function user(name: string): Promise<number> {
    return (await accountRow(db, { name, balanceCents: 100_000 })).id;
  }

  /** A campaign created (and started) at a fixed time. */
  async function campaignAt(userId: number, username: string, packageId: number, at: string) {
    const { id } = await newCampaign(db, userId, { username, packageId });
    await db.query('UPDATE campaigns SET created_at = $2, start_date = $2 WHERE id = $1', [id, at]);
    return id;
  }

  /** Clicks rolled up as the billing does it: billed at the campaign's rate, or invalid (a bot). */
  async function clicksAt(campaignId: number, times: string[], what: 'billed' | 'bot' = 'billed') {
    for (const at of times) {
      await db.query(
        `INSERT INTO click_hours AS h (campaign_id, period_start, hour, profile_key, user_id, billed,
                                       billed_cents, bot)
         SELECT c.id, c.start_date, date_trunc('hour', $2::timestamptz, 'UTC'), c.profile_key, c.user_id,
                ($3 = 'billed')::int, CASE WHEN $3 = 'billed' THEN c.click_rate_cents ELSE 0 END,
                ($3 = 'bot')::int
           FROM campaigns c WHERE c.id = $1
         ON CONFLICT (campaign_id, period_start, hour, profile_key) DO UPDATE
            SET billed = h.billed + excluded.billed, billed_cents = h.billed_cents + excluded.billed_cents,
                bot = h.bot + excluded.bot`,
        [campaignId, at, what],
      );
    }
  }

  beforeAll(async () => {
    db = t.db;
    await db.query(
      `INSERT INTO profiles (username, full_name, avatar) VALUES
         ('edge_one', 'Edge One', '/a.svg'), ('edge_two', 'Edge Two', '/a.svg'),
         ('live_one', 'Live One', '/a.svg'), ('live_two', 'Live Two', '/a.svg')`,
    );
    advertiser = await user('ranges');
    stranger = await user('stranger');
    // Site-Wide: $0.60 a click; Main Categories 2nd tier: $0.40.
    edgeOne = await campaignAt(advertiser, 'edge_one', 2, '2026-03-04T00:00:00Z');
    edgeTwo = await campaignAt(advertiser, 'edge_two', 4, '2026-03-05T00:00:00Z');
    await clicksAt(edgeOne, [
      '2026-03-05T04:30:00Z', // New York: Mar 4, 23:30. Kolkata: Mar 5
      '2026-03-05T05:30:00Z', // New York: Mar 5, 00:30
      '2026-03-05T17:30:00Z', // Kolkata (+06:00 counted): Mar 5, 23:30
      '2026-03-05T18:30:00Z', // Kolkata: Mar 6, 00:30
      '2026-03-05T18:45:00Z',
      '2026-03-06T04:59:00Z', // New York: Mar 5, 23:59
      '2026-03-06T05:00:00Z', // New York: Mar 6, 00:00
    ]);
    await clicksAt(edgeOne, ['2026-03-05T18:10:00Z'], 'bot');
    await clicksAt(edgeTwo, Array<string>(3).fill('2026-03-05T12:00:00Z'));
  });

  const custom = (time_zone: string, from = '2026-03-05', to = '2026-03-06') =>
    ({ range: 'custom', from, to, time_zone }) as const;

  it('counts each day from midnight in New York, spend = clicks x rate, totals = the days', async () => {
    const stats = await accountStats(db.read, advertiser, custom(NY), NOW);
    expect(stats.range).toEqual({
      from: '2026-03-05',
      to: '2026-03-06',
      time_zone: NY,
      utc_offset: '-05:00',
      counted_offset: '-05:00',
      rounded: false,
    });
    expect(stats.days).toEqual([
      day('2026-03-05', 8, 4.2, { bot: 1 }), // 5 x $0.60 + 3 x $0.40
      day('2026-03-06', 1, 0.6),
    ]);
    expect(stats.totals).toEqual({
      spend: 4.8,
      clicks: 9,
      avg_cpc: 0.53,
      invalid: 1,
      credits: 0,
      credited_clicks: 0,
      net_spend: 4.8,
      active_campaigns: 2,
    });
    expect(stats.totals.spend).toBe(sum(stats.days, (d) => d.spend));
    expect(stats.totals.clicks).toBe(sum(stats.days, (d) => d.clicks));
  });

  it('counts Kolkata days from 18:00 UTC (+05:30 rounded to +06:00) and says so', async () => {
    const stats = await accountStats(db.read, advertiser, custom(KOLKATA), NOW);
    expect(stats.range).toMatchObject({
      utc_offset: '+05:30',
      counted_offset: '+06:00',
      rounded: true,
    });
    expect(stats.days).toEqual([
      day('2026-03-05', 6, 3), // 3 x $0.60 + 3 x $0.40
      day('2026-03-06', 4, 2.4, { bot: 1 }),
    ]);
    expect(stats.totals).toMatchObject({
      spend: 5.4,
      clicks: 10,
      avg_cpc: 0.54,
      invalid: 1,
      credits: 0,
      credited_clicks: 0,
      net_spend: 5.4,
    });
  });

  it('gives a one-day range its hours in the zone, zero-filled, and a longer one none', async () => {
    const hour = (
      at: string,
      clicks: number,
      spend: number,
      invalid: Partial<InvalidByReason> = {},
    ) =>
      ({
        at,
        clicks,
        spend,
        credits: 0,
        credited_clicks: 0,
        invalid: { ...none, ...invalid },
      }) satisfies HourFigures;
    const stats = await accountStats(
      db.read,
      advertiser,
      custom(NY, '2026-03-05', '2026-03-05'),
      NOW,
    );
    // Mar 5 in New York: 05:00 UTC to 05:00 UTC the next day.
    expect(stats.hours).toHaveLength(24);
    expect(stats.hours[0]?.at).toBe('2026-03-05T05:00:00.000Z');
    expect(stats.hours.filter((figures) => figures.clicks > 0 || figures.invalid.bot > 0)).toEqual([
      hour('2026-03-05T05:00:00.000Z', 1, 0.6),
      hour('2026-03-05T12:00:00.000Z', 3, 1.2),
      hour('2026-03-05T17:00:00.000Z', 1, 0.6),
      hour('2026-03-05T18:00:00.000Z', 2, 1.2, { bot: 1 }),
      hour('2026-03-06T04:00:00.000Z', 1, 0.6),
    ]);
    expect(sum(stats.hours as unknown as DayFigures[], (d) => d.spend)).toBe(stats.totals.spend);
    // The campaign's own: edge_one alone.
    const one = await campaignStats(
      db.read,
      advertiser,
      'edge_one',
      custom(NY, '2026-03-05', '2026-03-05'),
      NOW,
    );
    expect(one?.hours.filter((figures) => figures.clicks > 0)).toEqual([
      hour('2026-03-05T05:00:00.000Z', 1, 0.6),
      hour('2026-03-05T17:00:00.000Z', 1, 0.6),
      hour('2026-03-05T18:00:00.000Z', 2, 1.2, { bot: 1 }),
      hour('2026-03-06T04:00:00.000Z', 1, 0.6),
    ]);
    // The day New York turns its clocks back has 25 hours.
    const autumn = await accountStats(
      db.read,
      advertiser,
      custom(NY, '2025-11-02', '2025-11-02'),
      NOW,
    );
    expect(autumn.hours.map((figures) => figures.at).slice(0, 2)).toEqual([
      '2025-11-02T04:00:00.000Z',
      '2025-11-02T05:00:00.000Z',
    ]);
    expect(autumn.hours.at(-1)?.at).toBe('2025-11-03T04:00:00.000Z');
    expect(autumn.hours).toHaveLength(25);
    expect((await accountStats(db.read, advertiser, custom(NY), NOW)).hours).toEqual([]);
  });

  it('gives the last 7 days with today, zero-filled, and all time from the first campaign', async () => {
    const week = await accountStats(db.read, advertiser, { range: '7d', time_zone: NY }, NOW);
    expect(week.days.map((d) => [d.date, d.clicks])).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 0],
      ['2026-03-03', 0],
      ['2026-03-04', 1],
      ['2026-03-05', 8],
      ['2026-03-06', 1],
      ['2026-03-07', 0],
    ]);
    const all = await accountStats(db.read, advertiser, { range: 'all', time_zone: NY }, NOW);
    // The first campaign began on Mar 3 at 19:00 in New York.
    expect(all.range).toMatchObject({ from: '2026-03-03', to: '2026-03-07' });
    expect(all.totals).toMatchObject({ spend: 5.4, clicks: 10 });
    const today = await accountStats(db.read, advertiser, { range: 'today', time_zone: NY }, NOW);
    expect(today.days).toEqual([day('2026-03-07', 0, 0)]);
    expect(today.totals).toEqual({
      spend: 0,
      clicks: 0,
      avg_cpc: 0,
      invalid: 0,
      credits: 0,
      credited_clicks: 0,
      net_spend: 0,
      active_campaigns: 2,
    });
  });

  it('gives one campaign its days and its current period', async () => {
    const stats = await campaignStats(
      db.read,
      advertiser,
      'EDGE_ONE',
      custom(NY, '2026-03-06', '2026-03-06'),
      NOW,
    );
    expect(stats).toEqual({
      range: expect.objectContaining({ from: '2026-03-06', to: '2026-03-06' }),
      totals: {
        spend: 0.6,
        clicks: 1,
        avg_cpc: 0.6,
        invalid: 0,
        credits: 0,
        credited_clicks: 0,
        net_spend: 0.6,
      },
      // Its clicks here are roll-ups alone (the campaign's own counters billed none).
      period: { from: '2026-03-03', to: null, budget: 100, spent: 0 },
      days: [day('2026-03-06', 1, 0.6)],
      hours: expect.any(Array),
      credit_notes: [],
      // The day before, edge_one's own clicks only.
      previous: {
        from: '2026-03-05',
        to: '2026-03-05',
        until: null,
        spend: 3,
        clicks: 5,
        avg_cpc: 0.6,
      },
    });
    expect(stats?.hours.filter((figures) => figures.clicks > 0)).toEqual([
      {
        at: '2026-03-06T05:00:00.000Z',
        clicks: 1,
        spend: 0.6,
        credits: 0,
        credited_clicks: 0,
        invalid: none,
      },
    ]);
    const all = await campaignStats(
      db.read,
      advertiser,
      'edge_one',
      { range: 'all', time_zone: NY },
      NOW,
    );
    expect(all?.days.map((d) => [d.date, d.clicks, d.spend])).toEqual([
      ['2026-03-03', 0, 0],
      ['2026-03-04', 1, 0.6],
      ['2026-03-05', 5, 3],
      ['2026-03-06', 1, 0.6],
      ['2026-03-07', 0, 0],
    ]);
    expect(await campaignStats(db.read, stranger, 'edge_one', custom(NY), NOW)).toBeUndefined();
  });

  it('compares a range with the one before of as many days, a range ending today to the same hour', async () => {
    const previous = async (body: Parameters<typeof accountStats>[2], now = NOW) =>
      (await accountStats(db.read, advertiser, body, now)).previous;
    // Mar 6 against the whole of Mar 5 (8 clicks: 5 x $0.60 + 3 x $0.40).
    expect(await previous(custom(NY, '2026-03-06', '2026-03-06'))).toEqual({
      from: '2026-03-05',
      to: '2026-03-05',
      until: null,
      spend: 4.2,
      clicks: 8,
      avg_cpc: 0.53,
    });
    expect(await previous(custom(NY, '2026-03-05', '2026-03-06'))).toEqual({
      from: '2026-03-03',
      to: '2026-03-04',
      until: null,
      spend: 0.6,
      clicks: 1,
      avg_cpc: 0.6,
    });
    // Today at 00:30 in New York (Mar 6): yesterday up to 01:00, its first hour, not its whole day.
    const justAfterMidnight = Date.parse('2026-03-06T05:30:00Z');
    expect(await previous({ range: 'today', time_zone: NY }, justAfterMidnight)).toEqual({
      from: '2026-03-05',
      to: '2026-03-05',
      until: '2026-03-05T06:00:00.000Z',
      spend: 0.6,
      clicks: 1,
      avg_cpc: 0.6,
    });
    // New York's clocks went forward on Mar 8 (EST to EDT): at 10:30 on Mar 8 and on Mar 9, the day
    // before counts up to 11:00 by its own clock.
    const cutAt = async (now: string) =>
      (await previous({ range: 'today', time_zone: NY }, Date.parse(now)))?.until;
    expect(await cutAt('2026-03-08T14:30:00Z')).toBe('2026-03-07T16:00:00.000Z');
    expect(await cutAt('2026-03-09T14:30:00Z')).toBe('2026-03-08T15:00:00.000Z');
    // Nothing to compare with: all time, and a week before the first campaign (Mar 3).
    expect(await previous({ range: 'all', time_zone: NY })).toBeNull();
    expect(await previous({ range: '7d', time_zone: NY })).toBeNull();
    // A campaign's range before its first day has none; the first day itself is a range to compare with.
    const campaignPrevious = async (username: string, from: string, to: string) =>
      (await campaignStats(db.read, advertiser, username, custom(NY, from, to), NOW))?.previous;
    expect(await campaignPrevious('edge_two', '2026-03-04', '2026-03-04')).toBeNull();
    expect(await campaignPrevious('edge_two', '2026-03-05', '2026-03-05')).toEqual({
      from: '2026-03-04',
      to: '2026-03-04',
      until: null,
      spend: 0,
      clicks: 0,
      avg_cpc: 0,
    });
  });

  it('gives each campaign and each history entry its figures in the range', async () => {
    expect(await campaignsInRange(db.read, advertiser, custom(NY), NOW)).toEqual({
      range: expect.objectContaining({ from: '2026-03-05' }),
      campaigns: [
        {
          id: edgeOne,
          spend: 3.6,
          clicks: 6,
          avg_cpc: 0.6,
          invalid: 1,
          credits: 0,
          credited_clicks: 0,
          net_spend: 3.6,
        },
        {
          id: edgeTwo,
          spend: 1.2,
          clicks: 3,
          avg_cpc: 0.4,
          invalid: 0,
          credits: 0,
          credited_clicks: 0,
          net_spend: 1.2,
        },
      ],
      history: [],
    });
    await pauseCampaign(db, advertiser, 'edge_two');
    const after = await campaignsInRange(db.read, advertiser, custom(NY), NOW);
    const [entry] = await db.query<{ id: number }>(
      'SELECT id FROM campaign_history WHERE campaign_id = $1',
      [edgeTwo],
    );
    expect(after.history).toEqual([
      {
        id: Number(entry!.id),
        spend: 1.2,
        clicks: 3,
        avg_cpc: 0.4,
        invalid: 0,
        credits: 0,
        credited_clicks: 0,
        net_spend: 1.2,
      },
    ]);
    // Paused now, it still ran in the range.
    const stats = await accountStats(db.read, advertiser, custom(NY), NOW);
    expect(stats.totals.active_campaigns).toBe(2);
  });

  it('shows another advertiser nothing of these', async () => {
    const stats = await accountStats(db.read, stranger, custom(NY), NOW);
    expect(stats.totals).toEqual({
      spend: 0,
      clicks: 0,
      avg_cpc: 0,
      invalid: 0,
      credits: 0,
      credited_clicks: 0,
      net_spend: 0,
      active_campaigns: 0,
    });
    expect(await campaignsInRange(db.read, stranger, custom(NY), NOW)).toMatchObject({
      campaigns: [],
      history: [],
    });
  });

  it('keeps the advertiser roll-ups equal to the billing, also for batches billed at once', async () => {
    const liveOne = await campaignAt(
      advertiser,
      'live_one',
      1,
      new Date(Date.now() - 86_400_000).toISOString(),
    );
    const liveTwo = await campaignAt(
      advertiser,
      'live_two',
      4,
      new Date(Date.now() - 86_400_000).toISOString(),
    );
    const at = Date.now() - 60_000;
    const events = (username: string, count: number): ClickEvent[] =>
      Array.from({ length: count }, (_, index) => ({
        id: clickId(`${kind}-stats-${username}-${index}`, at),
        username,
        at: new Date(at),
        visitorId: `${username}-visitor-${index}`,
        userAgent: index === 0 ? 'Googlebot/2.1 (+http://www.google.com/bot.html)' : PHONE,
      }));
    await Promise.all([
      recordClicks(db, events('live_one', 7), TEST_CLICK_RULES),
      recordClicks(db, events('live_two', 5), TEST_CLICK_RULES),
      recordClicks(db, events('live_one', 7).slice(3), TEST_CLICK_RULES),
    ]);
    // Package 1: $0.80; package 4: $0.40. One bot each.
    const stats = await accountStats(
      db.read,
      advertiser,
      { range: '7d', time_zone: 'UTC' },
      Date.now(),
    );
    expect(stats.totals).toMatchObject({ clicks: 10, spend: 6.4, invalid: 2 });
    const [books] = await db.query<{ cents: string; clicks: number }>(
      `SELECT sum(billed_cents)::text AS cents, sum(billed)::int AS clicks FROM click_hours WHERE campaign_id IN ($1, $2)`,
      [liveOne, liveTwo],
    );
    expect(books).toEqual({ cents: '640', clicks: 10 });
    const drift = await db.query(
      `SELECT * FROM (SELECT user_id, hour, sum(billed) AS billed, sum(billed_cents) AS cents, sum(bot) AS bot
                        FROM click_hours WHERE user_id IS NOT NULL GROUP BY 1, 2) c
        FULL JOIN user_click_hours u USING (user_id, hour)
       WHERE c.billed IS DISTINCT FROM u.billed OR c.cents IS DISTINCT FROM u.billed_cents OR c.bot IS DISTINCT FROM u.bot`,
    );
    expect(drift).toEqual([]);
    // The reliability suite's invariants check the same, and say which row is off.
    const rollUpLines = async () =>
      (await moneyInvariantViolations(db)).filter((line) => line.startsWith('user_click_hours'));
    expect(await rollUpLines()).toEqual([]);
    const [row] = await db.query<{ hour: Date }>(
      'UPDATE user_click_hours SET billed = billed + 1 WHERE user_id = $1 AND billed > 0 AND hour = (SELECT max(hour) FROM user_click_hours WHERE user_id = $1) RETURNING hour',
      [advertiser],
    );
    expect(await rollUpLines()).toEqual([
      `user_click_hours of advertiser ${advertiser}, ${new Date(row!.hour).toISOString()}: not the sum of their click_hours`,
    ]);
    await db.query(
      'UPDATE user_click_hours SET billed = billed - 1 WHERE user_id = $1 AND hour = $2',
      [advertiser, row!.hour],
    );
  });
});

describe('range figures over HTTP', () => {
  const t = useTestApp('pglite');

  it('answers the signed-in advertiser, refuses bad ranges with a clear message', async () => {
    const { client } = await registerUser(t.server);
    const ok = await client.call(accountStatsEndpoint, { range: '7d', time_zone: 'Europe/Berlin' });
    expect(ok.status).toBe(200);
    expect(answerOf(ok).totals).toEqual({
      spend: 0,
      clicks: 0,
      avg_cpc: 0,
      invalid: 0,
      credits: 0,
      credited_clicks: 0,
      net_spend: 0,
      active_campaigns: 0,
    });
    expect(answerOf(ok).days).toHaveLength(7);
    expect(
      await client.call(accountStatsEndpoint, { range: '7d', time_zone: 'Mars/Olympus' }),
    ).toMatchObject({ status: 400, body: { success: false, message: 'Unknown time zone' } });
    expect(
      await client.call(campaignsInRangeEndpoint, {
        range: 'custom',
        from: '2026-02-01',
        to: '2026-01-01',
        time_zone: 'UTC',
      }),
    ).toMatchObject({
      status: 400,
      body: { success: false, message: 'The first day must not be after the last day' },
    });
    // Issue 35: two days ahead is after today in any zone, whatever the hour.
    const later = addDays(dayOf('Pacific/Kiritimati', Date.now()), 2);
    expect(
      await client.post('/api/stats/account', {
        range: 'custom',
        from: '2026-01-01',
        to: later,
        time_zone: 'Pacific/Kiritimati',
      }),
    ).toMatchObject({
      status: 400,
      body: { success: false, message: 'The last day must not be after today' },
    });
    const today = dayOf('Pacific/Kiritimati', Date.now());
    expect(
      (
        await client.post('/api/stats/account', {
          range: 'custom',
          from: addDays(today, -1),
          to: today,
          time_zone: 'Pacific/Kiritimati',
        })
      ).status,
    ).toBe(200);
    expect(
      await client.call(campaignStatsEndpoint, {
        username: 'nobody',
        range: '7d',
        time_zone: 'UTC',
      }),
    ).toMatchObject({
      status: 404,
      body: { success: false, message: 'No campaign found for this profile' },
    });
    expect(
      (await t.server.client().call(accountStatsEndpoint, { range: '7d', time_zone: 'UTC' }))
        .status,
    ).toBe(401);
  });
});
