import { beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '@/server/db/db';
import { dailyClicks } from '@/server/domain/campaigns/campaign-views';
import { pruneDaySpend } from '@/server/domain/campaigns/campaign-settings';
import { endCampaignsPastEndDate } from '@/server/domain/campaigns/end-dates';
import { placementsFor } from '@/server/domain/campaigns/placements';
import { recordClicks } from '@/server/domain/clicks';
import type { ClickEvent } from '@/server/domain/clicks/types';
import { addDays } from '@/shared/stats-range';
import { localDayOf, localDayStart, nextLocalMidnight } from '@/shared/local-days';
import { clickId, NO_INVALID, TEST_CLICK_RULES } from '../../helpers/click-ids';
import { accountRow, campaign as newCampaign, profile } from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

/**
 * Issue 36 points 2, 3 and 5: billing never bills a campaign more than its daily budget in one of
 * its advertiser's days (their time zone at the click's time, to the minute: +05:30 too), also
 * under concurrent batches; a click a budget turns away goes to the next campaign on the profile, or
 * is valid but unbilled ("daily budget reached"); from the first instant after its end date a
 * campaign bills nothing, and the job ends it once. Exact cents, on each database.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An answer of a batch with no invalid click. */
const answer = (counts: {
  received: number;
  billed: number;
  unbilled?: number;
  budgetReached?: number;
  endedCampaigns?: number;
}) => ({
  received: counts.received,
  duplicates: 0,
  billed: counts.billed,
  unbilled: counts.unbilled ?? 0,
  budgetReached: counts.budgetReached ?? 0,
  ...NO_INVALID,
  endedCampaigns: counts.endedCampaigns ?? 0,
});

/**
 * About an hour ago, moved earlier while a midnight of one of the zones falls within three minutes
 * of it: a test's clicks there, a few seconds apart, share each zone's day.
 */
function quietTime(...zones: string[]): number {
  let at = Date.now() - HOUR;
  while (zones.some((zone) => localDayOf(zone, at) !== localDayOf(zone, at + 3 * MINUTE))) {
    at -= 10 * MINUTE;
  }
  return at;
}

describe.each(databaseKinds())('daily budgets and end dates on %s', (kind) => {
  const database = useTestDatabase(kind);
  let db: Db;
  let visitors = 0;

  beforeAll(() => {
    db = database.db;
  });

  /** `n` clicks on `username` at `at` (a second apart), each by a visitor of its own. */
  const clicks = (name: string, username: string, at: number, n: number): ClickEvent[] =>
    Array.from({ length: n }, (_, i) => {
      visitors += 1;
      return {
        id: clickId(`${kind}-${name}-${i}`, at + i * SECOND),
        username,
        at: new Date(at + i * SECOND),
        visitorId: `budget-visitor-${kind}-${visitors}`,
      };
    });

  const record = (events: ClickEvent[], on: Db = db) => recordClicks(on, events, TEST_CLICK_RULES);

  /** An advertiser whose days follow `zone` (set a month ago), with $1,000. */
  async function advertiserIn(zone: string): Promise<number> {
    const user = await accountRow(db, { name: 'budget', balanceCents: 100_000 });
    await db.query(
      'INSERT INTO user_time_zones (user_id, effective_from, time_zone) VALUES ($1, $2, $3)',
      [user.id, new Date(Date.now() - 30 * DAY), zone],
    );
    return user.id;
  }

  /** A campaign of `user` on `username` ($100 at $0.80), started three days ago. */
  async function running(
    user: number,
    username: string,
    budgetCents: number | null,
    startedDaysAgo = 3,
  ): Promise<number> {
    const { id } = await newCampaign(db, user, { username });
    await db.query(
      `UPDATE campaigns SET daily_budget_cents = $2,
              start_date = now() - $3 * interval '1 day', created_at = now() - $3 * interval '1 day'
        WHERE id = $1`,
      [id, budgetCents, startedDaysAgo],
    );
    return id;
  }

  async function campaignRow(id: number) {
    const [row] = await db.query<{
      billed_cents: string;
      clicks_count: number;
      remaining_clicks: number;
      day_spend: Record<string, number>;
      status: boolean;
    }>(
      'SELECT billed_cents, clicks_count, remaining_clicks, day_spend, status FROM campaigns WHERE id = $1',
      [id],
    );
    return { ...row!, billed_cents: Number(row!.billed_cents) };
  }

  async function budgetReachedRolledUp(id: number): Promise<number> {
    const [row] = await db.query<{ n: string | null }>(
      'SELECT sum(budget_reached) AS n FROM click_hours WHERE campaign_id = $1',
      [id],
    );
    return Number(row!.n ?? 0);
  }

  it.each(['Asia/Kolkata', 'America/New_York'])(
    'bills at most the daily budget in each of the advertiser’s days, across their midnight (%s)',
    async (zone) => {
      const user = await advertiserIn(zone);
      const username = await profile(db);
      const id = await running(user, username, 240);
      // The zone's latest midnight at least two hours ago: clicks either side of it are in the past.
      const today = localDayOf(zone, Date.now() - 2 * HOUR);
      const midnight = localDayStart(zone, today);
      const yesterday = addDays(today, -1);

      // $2.40 a day at $0.80: three clicks. Five in the last 20 minutes of the day before midnight.
      expect(await record(clicks(`late-${zone}`, username, midnight - 20 * MINUTE, 5))).toEqual(
        answer({ received: 5, billed: 3, unbilled: 2, budgetReached: 2 }),
      );
      // Five in the first 10 minutes after it: a new day, a new budget.
      expect(await record(clicks(`early-${zone}`, username, midnight + 10 * SECOND, 5))).toEqual(
        answer({ received: 5, billed: 3, unbilled: 2, budgetReached: 2 }),
      );
      // One more of the day before, arriving late: that day's budget is spent.
      expect(await record(clicks(`straggler-${zone}`, username, midnight - 1 * SECOND, 1))).toEqual(
        answer({ received: 1, billed: 0, unbilled: 1, budgetReached: 1 }),
      );
      expect(await campaignRow(id)).toMatchObject({
        billed_cents: 480,
        clicks_count: 6,
        remaining_clicks: 119,
        day_spend: { [yesterday]: 240, [today]: 240 },
      });
      expect(await budgetReachedRolledUp(id)).toBe(5);
      // The tracker's lifetime figures say how many.
      expect((await dailyClicks(db.read, user, username))?.budget_reached).toBe(5);
    },
  );

  it('bills a batch across the advertiser’s midnight click by click, each day on its own budget', async () => {
    const zone = 'Asia/Kolkata';
    const user = await advertiserIn(zone);
    const username = await profile(db);
    // $1.60 a day at $0.80: two clicks a day.
    const id = await running(user, username, 160);
    const today = localDayOf(zone, Date.now() - 2 * HOUR);
    const midnight = localDayStart(zone, today);
    const batch = [
      ...clicks('across-before', username, midnight - 10 * SECOND, 3),
      ...clicks('across-after', username, midnight + 10 * SECOND, 3),
    ];
    expect(await record(batch)).toEqual(
      answer({ received: 6, billed: 4, unbilled: 2, budgetReached: 2 }),
    );
    expect(await campaignRow(id)).toMatchObject({
      billed_cents: 320,
      day_spend: { [addDays(today, -1)]: 160, [today]: 160 },
    });
    // The job drops the days that can take no click any more: before the accept window (7 days) and
    // two more.
    expect(await pruneDaySpend(db, localDayStart('UTC', addDays(today, 9)), 7)).toBeGreaterThan(0);
    expect((await campaignRow(id)).day_spend).toEqual({ [today]: 160 });
  });

  it('gives a click a budget turns away to the next campaign on the profile (two advertisers)', async () => {
    const first = await advertiserIn('Asia/Kolkata');
    const second = await advertiserIn('Europe/Berlin');
    const username = await profile(db);
    // The first started first: it bills first, up to its $1.60 (two clicks) a day.
    const budgeted = await running(first, username, 160, 4);
    const open = await running(second, username, null, 2);
    const at = quietTime('Asia/Kolkata', 'Europe/Berlin');

    expect(await record(clicks('shared', username, at, 5))).toEqual(
      answer({ received: 5, billed: 5 }),
    );
    expect((await campaignRow(budgeted)).billed_cents).toBe(160);
    expect((await campaignRow(open)).billed_cents).toBe(240);

    // The second's budget is spent too: a click neither can take is valid, unbilled, and counted.
    await db.query(
      'UPDATE campaigns SET daily_budget_cents = 240, day_spend = $2::text::jsonb WHERE id = $1',
      [open, JSON.stringify({ [localDayOf('Europe/Berlin', at)]: 240 })],
    );
    expect(await record(clicks('shared-more', username, at + MINUTE, 2))).toEqual(
      answer({ received: 2, billed: 0, unbilled: 2, budgetReached: 2 }),
    );
    expect(await budgetReachedRolledUp(budgeted)).toBe(2);
  });

  it('never bills past the budget when batches come at once', async () => {
    const user = await advertiserIn('Asia/Kathmandu');
    const username = await profile(db);
    // $4.00 a day at $0.80: five clicks.
    const id = await running(user, username, 400);
    const at = quietTime('Asia/Kathmandu');
    const other = database.url ? openPostgres(database.url, 2) : db;
    try {
      const answers = await Promise.all([
        record(clicks('race-a', username, at, 3)),
        record(clicks('race-b', username, at + 5 * SECOND, 3), other),
        record(clicks('race-c', username, at + 10 * SECOND, 3)),
        record(clicks('race-d', username, at + 15 * SECOND, 3), other),
      ]);
      expect(answers.reduce((sum, a) => sum + a.billed, 0)).toBe(5);
      expect(answers.reduce((sum, a) => sum + a.budgetReached, 0)).toBe(7);
    } finally {
      if (other !== db) await other.close();
    }
    expect(await campaignRow(id)).toMatchObject({ billed_cents: 400, clicks_count: 5 });
  });

  it('counts a day in the zone in force at the click, across a change at midnight', async () => {
    const user = (await accountRow(db, { name: 'budget', balanceCents: 100_000 })).id;
    // UTC until yesterday's UTC midnight, Kolkata (+05:30) from then on.
    const change = Math.floor((Date.now() - DAY) / DAY) * DAY;
    await db.query(
      `INSERT INTO user_time_zones (user_id, effective_from, time_zone)
       VALUES ($1, $2, 'UTC'), ($1, $3, 'Asia/Kolkata')`,
      [user, new Date(change - 30 * DAY), new Date(change)],
    );
    const username = await profile(db);
    const id = await running(user, username, 80);
    const utcDay = new Date(change - DAY).toISOString().slice(0, 10);
    const kolkataDay = new Date(change).toISOString().slice(0, 10);

    // One click a day. Ten minutes before the change: the UTC day before it.
    expect(await record(clicks('before', username, change - 10 * MINUTE, 1))).toEqual(
      answer({ received: 1, billed: 1 }),
    );
    // Ten minutes after: 05:40 in Kolkata, its first day; and 18:20 UTC, still that Kolkata day.
    expect(await record(clicks('after', username, change + 10 * MINUTE, 1))).toEqual(
      answer({ received: 1, billed: 1 }),
    );
    expect(await record(clicks('evening', username, change + 18 * HOUR + 20 * MINUTE, 1))).toEqual(
      answer({ received: 1, billed: 0, unbilled: 1, budgetReached: 1 }),
    );
    // 18:40 UTC is 00:10 of the next day in Kolkata.
    expect(await record(clicks('next', username, change + 18 * HOUR + 40 * MINUTE, 1))).toEqual(
      answer({ received: 1, billed: 1 }),
    );
    expect((await campaignRow(id)).day_spend).toEqual({
      [utcDay]: 80,
      [kolkataDay]: 80,
      [addDays(kolkataDay, 1)]: 80,
    });
  });

  it("leaves a campaign out of the placements once its day's budget is spent, until the next day", async () => {
    const user = await advertiserIn('Asia/Kolkata');
    const username = await profile(db);
    // Started before the file's other campaigns: first among them for ranks 1-5 of Top.
    const id = await running(user, username, 160, 6);
    const at = quietTime('Asia/Kolkata');
    const placed = async (when: number) =>
      (await placementsFor(db.read, 'top', when))!.some((p) => p.username === username);

    expect(await placed(at)).toBe(true);
    expect(await record(clicks('placed', username, at, 2))).toEqual(
      answer({ received: 2, billed: 2 }),
    );
    expect(await placed(at + MINUTE)).toBe(false);
    const midnight = nextLocalMidnight('Asia/Kolkata', at);
    expect(await placed(midnight - SECOND)).toBe(false);
    expect(await placed(midnight)).toBe(true);

    // Past its end instant it is not placed either.
    await db.query('UPDATE campaigns SET ends_at = $2 WHERE id = $1', [
      id,
      new Date(midnight + HOUR),
    ]);
    expect(await placed(midnight + HOUR - SECOND)).toBe(true);
    expect(await placed(midnight + HOUR)).toBe(false);
  });

  it('bills nothing from the first instant after the end date, and the job ends it once', async () => {
    const user = await advertiserIn('Asia/Kolkata');
    const username = await profile(db);
    const id = await running(user, username, null);
    // It ended with the day before the zone's latest midnight (two hours ago at least).
    const today = localDayOf('Asia/Kolkata', Date.now() - 2 * HOUR);
    const end = localDayStart('Asia/Kolkata', today);
    await db.query('UPDATE campaigns SET ends_on = $2::date, ends_at = $3 WHERE id = $1', [
      id,
      addDays(today, -1),
      new Date(end),
    ]);

    expect(await record(clicks('last', username, end - SECOND, 1))).toEqual(
      answer({ received: 1, billed: 1 }),
    );
    expect(await record(clicks('after-end', username, end, 2))).toEqual(
      answer({ received: 2, billed: 0, unbilled: 2 }),
    );
    // One batch across the end instant: billed click by click, only before it.
    expect(
      await record([
        ...clicks('end-before', username, end - 10 * SECOND, 2),
        ...clicks('end-after', username, end + 10 * SECOND, 2),
      ]),
    ).toEqual(answer({ received: 4, billed: 2, unbilled: 2 }));
    expect((await campaignRow(id)).billed_cents).toBe(240);

    // Two runs at once (two processes): one ends it, with the refund and one notification.
    const other = database.url ? openPostgres(database.url, 1) : db;
    try {
      const runs = await Promise.all([
        endCampaignsPastEndDate(db, Date.now()),
        endCampaignsPastEndDate(other, Date.now()),
      ]);
      expect(runs.flat().filter((ended) => ended === id)).toEqual([id]);
    } finally {
      if (other !== db) await other.close();
    }
    expect(await endCampaignsPastEndDate(db, Date.now())).not.toContain(id);
    expect(await campaignRow(id)).toMatchObject({ status: false, billed_cents: 240 });
    const notes = await db.query<{ message: string }>(
      "SELECT message FROM notifications WHERE user_id = $1 AND message LIKE '%end date%'",
      [user],
    );
    const endedOn = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(Date.parse(`${addDays(today, -1)}T00:00:00Z`));
    expect(notes.map((note) => note.message)).toEqual([
      `Your campaign for ${username} ended after its end date, ${endedOn}. $97.60 left of its budget went back to your balance.`,
    ]);
    const [balance] = await db.query<{ balance_cents: string }>(
      'SELECT balance_cents FROM users WHERE id = $1',
      [user],
    );
    expect(Number(balance!.balance_cents)).toBe(100_000 - 240);
  });
});
