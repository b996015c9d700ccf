import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Db } from '@/server/db/db';
import { dailyClicks } from '@/server/domain/campaigns/campaign-views';
import { pauseCampaign } from '@/server/domain/campaigns/campaigns';
import { recordClicks, upkeepClickLog } from '@/server/domain/clicks';
import { prepareEvents } from '@/server/domain/clicks/classify';
import { ensureClickLogDays } from '@/server/domain/clicks/partitions';
import { recordOnce } from '@/server/domain/clicks/record-once';
import { RECORD_AND_BILL } from '@/server/domain/clicks/statement';
import type { ClickEvent } from '@/server/domain/clicks/types';
import { clickId, noInvalidReasons, TEST_CLICK_RULES } from '../../helpers/click-ids';
import { accountRow, campaign as newCampaign, profile } from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

/**
 * Issue 18: invalid clicks are counted by reason and never billed (design §5,
 * src/server/domain/clicks/README.md), on each database, with exact counts.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The latest offset from BASE a test gives a click (the unidentified test's last, at 4 h). */
const LATEST = 4 * HOUR;

/**
 * Ten minutes into the UTC day of LATEST and an hour ago: the clicks of a test stay inside one UTC
 * day, in the past, and inside the accept window, whatever the hour the test runs at (with two hours,
 * a run at 02:12 UTC sent clicks at 02:20 and 02:30, judged "future").
 */
const BASE = Math.floor((Date.now() - LATEST - HOUR) / DAY) * DAY + 10 * MINUTE;

const zero = noInvalidReasons();

describe.each(databaseKinds())('invalid clicks on %s', (kind) => {
  const database = useTestDatabase(kind);
  let db: Db;

  /**
   * A click named `name` (its id), `offset` ms after BASE, by a visitor: by default one of its own
   * (a click that names nobody is unidentified: issue 32).
   */
  const click = (
    name: string,
    username: string,
    offset: number,
    visitor: Partial<Pick<ClickEvent, 'visitorId' | 'userAgent' | 'ip'>> = {
      visitorId: `visitor-${name}`,
    },
  ): ClickEvent => ({
    id: clickId(`${kind}-${name}`, BASE + offset),
    username,
    at: new Date(BASE + offset),
    ...visitor,
  });

  /** A profile with an active campaign of 125 clicks ($100 at $0.80), started two days ago. */
  async function promoted(username: string): Promise<{ user: number; campaign: number }> {
    const user = await accountRow(db, { name: 'invalid', balanceCents: 10_000 });
    const campaign = await newCampaign(db, user.id, { username: await profile(db, username) });
    await db.query(
      "UPDATE campaigns SET start_date = now() - interval '2 days', created_at = now() - interval '2 days' WHERE id = $1",
      [campaign.id],
    );
    return { user: user.id, campaign: campaign.id };
  }

  const record = (events: ClickEvent[], on: Db = db) => recordClicks(on, events, TEST_CLICK_RULES);

  async function billedCount(campaign: number): Promise<number> {
    const [row] = await db.query<{ clicks_count: number }>(
      'SELECT clicks_count FROM campaigns WHERE id = $1',
      [campaign],
    );
    return row!.clicks_count;
  }

  beforeAll(() => {
    db = database.db;
  });

  it("records a bot's click, counts it and never bills it; a browser's click is billed", async () => {
    const { campaign } = await promoted('bot_target');
    const answer = await record([
      click('bot-1', 'bot_target', 0, { userAgent: BOT, visitorId: 'crawler' }),
      click('bot-2', 'bot_target', MINUTE, { userAgent: PHONE, visitorId: 'person' }),
    ]);
    expect(answer).toEqual({
      received: 2,
      duplicates: 0,
      billed: 1,
      unbilled: 0,
      budgetReached: 0,
      invalid: 1,
      invalidReasons: { ...zero, bot: 1 },
      endedCampaigns: 0,
    });
    // Sent again: the bot's id is known, not judged twice.
    const again = await record([click('bot-1', 'bot_target', 0, { userAgent: BOT })]);
    expect(again).toMatchObject({ received: 1, duplicates: 1, billed: 0, invalid: 0 });
    expect(await billedCount(campaign)).toBe(1);
  });

  it('counts a click with neither a visitor id nor an address as unidentified, whatever its user agent, and never bills it (issue 32)', async () => {
    const { user, campaign } = await promoted('anon_target');
    // 15 clicks that name nobody (the finding: 15 of 15 billed), an empty user agent or a blank id
    // among them; a bot's stays a bot's, and a click with an address alone is judged by it.
    const nobody = Array.from({ length: 15 }, (_, i) =>
      click(
        `anon-${i}`,
        'anon_target',
        i * 10 * MINUTE,
        [{ userAgent: PHONE }, { userAgent: '' }, {}, { visitorId: '', ip: ' ', userAgent: PHONE }][
          i % 4
        ],
      ),
    );
    const answer = await record([
      ...nobody,
      click('anon-bot', 'anon_target', 5 * MINUTE, { userAgent: BOT }),
      click('anon-address', 'anon_target', 6 * MINUTE, { ip: '198.51.100.77', userAgent: '' }),
    ]);
    expect(answer).toEqual({
      received: 17,
      duplicates: 0,
      billed: 1,
      unbilled: 0,
      budgetReached: 0,
      invalid: 16,
      invalidReasons: { ...zero, unidentified: 15, bot: 1 },
      endedCampaigns: 0,
    });
    expect(await billedCount(campaign)).toBe(1);
    // Sent again: known ids, not judged twice; counted in the roll-ups the charts read.
    expect(await record(nobody.slice(0, 3))).toMatchObject({ duplicates: 3, invalid: 0 });
    const chart = await dailyClicks(db.read, user, 'anon_target');
    const total = chart!.data.reduce((sum, point) => sum + point.invalid.unidentified, 0);
    expect(total).toBe(15);

    // A partner that cannot send either: the setting (CLICK_ALLOW_UNIDENTIFIED=on) bills them.
    const allowed = await recordClicks(
      db,
      [click('anon-ok-1', 'anon_target', 3 * HOUR), click('anon-ok-2', 'anon_target', LATEST)],
      { ...TEST_CLICK_RULES, allowUnidentified: true },
    );
    expect(allowed).toMatchObject({ billed: 2, invalid: 0, invalidReasons: zero });
    expect(await billedCount(campaign)).toBe(3);
  });

  it('bills the first of a double click and not a second click within 60 s, in a batch or the next', async () => {
    const { campaign } = await promoted('double_target');
    const visitor = { visitorId: 'visitor-d', userAgent: PHONE, ip: '203.0.113.7' };
    const first = await record([
      click('dbl-1', 'double_target', 0, visitor),
      // 30 s after: a double click.
      click('dbl-2', 'double_target', 30 * SECOND, visitor),
      // 65 s after the one before it: valid again.
      click('dbl-3', 'double_target', 95 * SECOND, visitor),
      // Another visitor at the same moment: valid.
      click('dbl-4', 'double_target', 30 * SECOND, { ...visitor, visitorId: 'visitor-e' }),
    ]);
    expect(first).toMatchObject({
      received: 4,
      billed: 3,
      invalid: 1,
      invalidReasons: { ...zero, doubleClick: 1 },
    });
    // The next batch: 5 s after the last remembered click is a double click, 61 s after is not.
    const second = await record([click('dbl-5', 'double_target', 100 * SECOND, visitor)]);
    expect(second).toMatchObject({ billed: 0, invalidReasons: { ...zero, doubleClick: 1 } });
    const third = await record([click('dbl-6', 'double_target', 161 * SECOND, visitor)]);
    expect(third).toMatchObject({ billed: 1, invalid: 0 });
    // Without a visitor id, the address is the visitor.
    const byAddress = await record([
      click('dbl-7', 'double_target', 300 * SECOND, { ip: '198.51.100.1' }),
      click('dbl-8', 'double_target', 310 * SECOND, { ip: '198.51.100.1' }),
    ]);
    expect(byAddress).toMatchObject({ billed: 1, invalidReasons: { ...zero, doubleClick: 1 } });
    expect(await billedCount(campaign)).toBe(5);
  });

  it('takes a click just after UTC midnight for a double click of one just before, in any database time zone', async () => {
    const { campaign } = await promoted('midnight_target');
    const midnight = Math.floor(Date.now() / DAY) * DAY;
    const at = (name: string, ms: number): ClickEvent => ({
      id: clickId(`${kind}-${name}`, ms),
      username: 'midnight_target',
      at: new Date(ms),
      visitorId: 'night-owl',
    });
    // A zone east of UTC: there a date plus an interval is local midnight, an hour before UTC's.
    let other = db;
    if (database.url) {
      const [{ name }] = (await db.query<{ name: string }>(
        'SELECT current_database() AS name',
      )) as [{ name: string }];
      await db.query(`ALTER DATABASE "${name}" SET timezone = 'Europe/Berlin'`);
      other = openPostgres(database.url, 1);
    } else {
      await db.query("SET TIME ZONE 'Europe/Berlin'");
    }
    try {
      expect(await record([at('night-1', midnight - 10 * SECOND)], other)).toMatchObject({
        billed: 1,
      });
      expect(await record([at('night-2', midnight + 10 * SECOND)], other)).toMatchObject({
        billed: 0,
        invalidReasons: { ...zero, doubleClick: 1 },
      });
    } finally {
      if (other !== db) await other.close();
      await db.query(database.url ? 'SELECT 1' : 'RESET TIME ZONE');
    }
    expect(await billedCount(campaign)).toBe(1);
  });

  it('bills at most 10 clicks a day per visitor and per address on one profile', async () => {
    const { campaign } = await promoted('cap_target');
    // One visitor, 12 clicks two minutes apart: 10 billed, 2 past the cap.
    const visitor = Array.from({ length: 12 }, (_, i) =>
      click(`cap-v-${i}`, 'cap_target', i * 2 * MINUTE, { visitorId: 'capped-visitor' }),
    );
    expect(await record(visitor)).toMatchObject({
      billed: 10,
      invalid: 2,
      invalidReasons: { ...zero, dailyCap: 2 },
    });
    // Twelve visitors behind one address: 10 billed, 2 past the address's cap.
    const address = Array.from({ length: 12 }, (_, i) =>
      click(`cap-a-${i}`, 'cap_target', i * SECOND, {
        visitorId: `shared-${i}`,
        ip: '192.0.2.50',
      }),
    );
    expect(await record(address)).toMatchObject({
      billed: 10,
      invalidReasons: { ...zero, dailyCap: 2 },
    });
    // The capped visitor on another profile is a new count.
    const other = await promoted('cap_other');
    expect(
      await record([click('cap-o', 'cap_other', 0, { visitorId: 'capped-visitor' })]),
    ).toMatchObject({ billed: 1, invalid: 0 });
    expect(await billedCount(campaign)).toBe(20);
    expect(await billedCount(other.campaign)).toBe(1);
  });

  it('does not keep or bill clicks dated in the future or before the accept window', async () => {
    const { campaign } = await promoted('window_target');
    const now = Date.now();
    const events: ClickEvent[] = [
      // An hour ahead, by its time and id; by its id alone.
      {
        id: clickId(`${kind}-future-1`, now + HOUR),
        username: 'window_target',
        at: new Date(now + HOUR),
      },
      { id: clickId(`${kind}-future-2`, now + HOUR), username: 'window_target', at: new Date(now) },
      // Eight days old, by its time and id; by its time alone.
      {
        id: clickId(`${kind}-old-1`, now - 8 * DAY),
        username: 'window_target',
        at: new Date(now - 8 * DAY),
      },
      { id: clickId(`${kind}-old-2`, now), username: 'window_target', at: new Date(now - 8 * DAY) },
      // A minute ahead is the partner's clock: taken.
      {
        id: clickId(`${kind}-skew`, now + MINUTE),
        username: 'window_target',
        at: new Date(now + MINUTE),
        visitorId: 'window-visitor',
      },
    ];
    expect(await record(events)).toEqual({
      received: 5,
      duplicates: 0,
      billed: 1,
      unbilled: 0,
      budgetReached: 0,
      invalid: 4,
      invalidReasons: { ...zero, tooOld: 2, future: 2 },
      endedCampaigns: 0,
    });
    const [kept] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM click_log WHERE profile_username = $1',
      ['window_target'],
    );
    expect(kept).toEqual({ n: 1 });
    const [rolled] = await db.query<{ too_old: number; future: number }>(
      `SELECT sum(too_old)::int AS too_old, sum(future)::int AS future FROM click_hours
        WHERE campaign_id = 0 AND profile_key = 'window_target'`,
    );
    expect(rolled).toEqual({ too_old: 2, future: 2 });
    expect(await billedCount(campaign)).toBe(1);
  });

  it('bills an id once when it is sent again with another time', async () => {
    const { campaign } = await promoted('resend_target');
    expect(await record([click('resend', 'resend_target', 0)])).toMatchObject({ billed: 1 });
    const moved = { ...click('resend', 'resend_target', 0), at: new Date(BASE + 3 * HOUR) };
    expect(await record([moved])).toMatchObject({ received: 1, duplicates: 1, billed: 0 });
    expect(await billedCount(campaign)).toBe(1);
  });

  it('counts clicks on profiles we did not place at their time', async () => {
    await db.query(
      "INSERT INTO profiles (username, full_name, avatar) VALUES ('never_placed', 'N', '/a.svg')",
    );
    const { user, campaign } = await promoted('placed_later');
    // The campaign started two days ago: a click three days ago was not ours; within its ended
    // period (paused below), it was: valid, but no campaign is left to bill it.
    const answer = await record([
      click('np-1', 'never_placed', 0),
      click('np-2', 'placed_later', -3 * DAY),
      click('np-3', 'placed_later', 0),
    ]);
    expect(answer).toMatchObject({
      billed: 1,
      unbilled: 0,
      budgetReached: 0,
      invalid: 2,
      invalidReasons: { ...zero, notPlaced: 2 },
    });
    await pauseCampaign(db, user, 'placed_later');
    expect(await record([click('np-4', 'placed_later', MINUTE)])).toMatchObject({
      billed: 0,
      unbilled: 1,
      budgetReached: 0,
      invalid: 0,
    });
    expect(await billedCount(campaign)).toBe(1);
  });

  it("shows the campaign's valid and invalid clicks per hour in the tracker, from the roll-ups", async () => {
    const { user } = await promoted('tracked');
    const visitor = { visitorId: 'tracked-visitor' };
    await record([
      click('tr-1', 'tracked', 0, visitor),
      click('tr-2', 'tracked', 10 * SECOND, visitor),
      click('tr-3', 'tracked', 20 * SECOND, { userAgent: BOT }),
      click('tr-4', 'tracked', HOUR, { visitorId: 'other' }),
    ]);
    const chart = await dailyClicks(db.read, user, 'tracked');
    const hour = (offset: number) =>
      new Date(Math.floor((BASE + offset) / HOUR) * HOUR).toISOString();
    const shown = chart!.data.filter(
      (point) => point.clicks > 0 || point.invalid.bot > 0 || point.invalid.doubleClick > 0,
    );
    expect(chart!.granularity).toBe('day');
    // Two days old: daily bars.
    expect(shown).toEqual([
      {
        date: hour(0).slice(0, 10),
        clicks: 2,
        spend: 1.6,
        invalid: { bot: 1, unidentified: 0, doubleClick: 1, dailyCap: 0 },
      },
    ]);
  });

  it("bills one of a visitor's two clicks sent at once in two batches", async () => {
    const { campaign } = await promoted('race_target');
    // On PostgreSQL through two connection pools, so the batches go in two statements that race;
    // on PGlite (one connection) they go together in one statement.
    const other = database.url ? openPostgres(database.url, 2) : db;
    try {
      for (let round = 0; round < 5; round += 1) {
        const visitor = { visitorId: `racer-${round}` };
        const answers = await Promise.all([
          record([click(`race-${round}-a`, 'race_target', round * 5 * MINUTE, visitor)], db),
          record(
            [click(`race-${round}-b`, 'race_target', round * 5 * MINUTE + 10 * SECOND, visitor)],
            other,
          ),
        ]);
        expect(answers.map((answer) => answer.billed).sort()).toEqual([0, 1]);
        expect(answers.map((answer) => answer.invalidReasons.doubleClick).sort()).toEqual([0, 1]);
      }
      // The daily cap too: two batches of six clicks a minute and a half apart, at once.
      const capped = { visitorId: 'racer-cap' };
      const batch = (name: string, start: number) =>
        Array.from({ length: 6 }, (_, i) =>
          click(`${name}-${i}`, 'race_target', HOUR + start + i * 3 * MINUTE, capped),
        );
      const answers = await Promise.all([
        record(batch('cap-race-a', 0), db),
        record(batch('cap-race-b', 90 * SECOND), other),
      ]);
      expect(answers.reduce((sum, answer) => sum + answer.billed, 0)).toBe(10);
      expect(answers.reduce((sum, answer) => sum + answer.invalidReasons.dailyCap, 0)).toBe(2);
      // A visitor remembered already: both statements change the same memory row.
      const known = { visitorId: 'racer-known' };
      const start = HOUR + 30 * MINUTE;
      expect((await record([click('known-0', 'race_target', start, known)], db)).billed).toBe(1);
      const again = await Promise.all([
        record([click('known-a', 'race_target', start + 2 * MINUTE, known)], db),
        record([click('known-b', 'race_target', start + 2 * MINUTE + 10 * SECOND, known)], other),
      ]);
      expect(again.map((answer) => answer.billed).sort()).toEqual([0, 1]);
      expect(again.map((answer) => answer.invalidReasons.doubleClick).sort()).toEqual([0, 1]);
    } finally {
      if (other !== db) await other.close();
    }
    expect(await billedCount(campaign)).toBe(17);
  });

  it('never bills a click an ended campaign placed to a campaign that started after it', async () => {
    const first = await promoted('handover');
    await db.query(
      "UPDATE campaigns SET start_date = now() - interval '3 days', created_at = now() - interval '3 days' WHERE id = $1",
      [first.campaign],
    );
    await pauseCampaign(db, first.user, 'handover');
    // Another advertiser's campaign on the profile, started now.
    const other = await accountRow(db, { name: 'invalid', balanceCents: 10_000 });
    const later = await newCampaign(db, other.id, { username: 'handover' });
    // Two hours ago: the first campaign placed the profile; the second did not exist.
    const earlier = Date.now() - 2 * HOUR;
    const answer = await record([
      {
        id: clickId(`${kind}-handover-1`, earlier),
        username: 'handover',
        at: new Date(earlier),
        visitorId: 'handover-visitor',
      },
    ]);
    expect(answer).toMatchObject({ billed: 0, unbilled: 1, invalid: 0 });
    expect(await billedCount(later.id)).toBe(0);
    const [logged] = await db.query(
      'SELECT campaign_id, billed FROM click_log WHERE event_id = $1',
      [clickId(`${kind}-handover-1`)],
    );
    expect(logged).toEqual({ campaign_id: first.campaign, billed: false });
  });

  it('judges a click by its address alike whether the click before it came in the same batch or the one before', async () => {
    await promoted('same_group');
    await promoted('two_groups');
    const withVisitor = { visitorId: 'v-1', ip: '198.51.100.4' };
    const addressOnly = { ip: '198.51.100.4' };
    const together = await record([
      click('grp-1', 'same_group', 0, withVisitor),
      click('grp-2', 'same_group', 10 * SECOND, addressOnly),
    ]);
    const first = await record([click('grp-3', 'two_groups', 0, withVisitor)]);
    const second = await record([click('grp-4', 'two_groups', 10 * SECOND, addressOnly)]);
    // The visitor with an id is not the address's own double click: both are billed either way.
    expect([together.billed, first.billed + second.billed]).toEqual([2, 2]);
  });

  it('answers an id recorded before, sent again dated outside the window, as a duplicate', async () => {
    await promoted('resend_old');
    expect(await record([click('old-resend', 'resend_old', 0)])).toMatchObject({ billed: 1 });
    const again = await record([
      { ...click('old-resend', 'resend_old', 0), at: new Date(Date.now() - 8 * DAY) },
    ]);
    expect(again).toMatchObject({ received: 1, duplicates: 1, invalid: 0 });
    const [rolled] = await db.query<{ too_old: number }>(
      "SELECT COALESCE(sum(too_old), 0)::int AS too_old FROM click_hours WHERE profile_key = 'resend_old'",
    );
    expect(rolled).toEqual({ too_old: 0 });
  });

  it('bills one of two clicks of a visitor across UTC midnight judged by two statements at once', async () => {
    if (!database.url) return; // Two statements at once need two connections: PostgreSQL.
    const { campaign } = await promoted('midnight_race');
    await db.query("UPDATE campaigns SET start_date = now() - interval '5 days' WHERE id = $1", [
      campaign,
    ]);
    const midnight = Math.floor(Date.now() / DAY) * DAY - DAY;
    const prepared = (name: string, at: number) =>
      prepareEvents(
        [
          {
            id: clickId(`${kind}-${name}`, at),
            username: 'midnight_race',
            at: new Date(at),
            visitorId: 'owl',
          },
        ],
        TEST_CLICK_RULES,
      );
    const before = prepared('race-before', midnight - 20 * SECOND);
    const after = prepared('race-after', midnight + 20 * SECOND);
    await ensureClickLogDays(db, [...before, ...after]);
    const statementParams = [
      before.map((e) => e.id),
      before.map((e) => e.username),
      before.map((e) => e.at.toISOString()),
      [0],
      true,
      before.map((e) => e.day),
      before.map((e) => e.verdict),
      before.map((e) => e.visitorKey),
      before.map((e) => e.addressKey),
      60_000,
      10,
    ];
    // The first statement is in and holds its transaction open; the second runs meanwhile, waits for
    // the campaign, and must see the first's click once it commits (it is tried again).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const one = db.transaction(async (tx) => {
      await tx.query(RECORD_AND_BILL, statementParams);
      entered();
      await gate;
    });
    await inside;
    const two = recordOnce(db, [after], { doubleClickMs: 60_000, dailyCap: 10 }, true).then(
      (recorded) => recorded.results[0]!,
      (error: unknown) => ({ code: (error as { code?: string }).code }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await one;
    // The first remembered the visitor on the day before; the second, whose snapshot had no memory
    // of it, inserts the same row and fails on it (unique violation), to be tried again (retries.ts).
    expect(await two).toEqual({ code: '23505' });
    expect(await billedCount(campaign)).toBe(1);
  });

  it('drops days of the click log past the retention, and refuses their ids as too old', async () => {
    await promoted('upkeep_target');
    expect(await record([click('upkeep-1', 'upkeep_target', 0)])).toMatchObject({ billed: 1 });
    // The migration's partition holds every day up to the day after it ran: the day the run's
    // template was migrated (tests/helpers/global-setup.ts), not necessarily today.
    const migratedOn = Date.parse(`${inject('templateDay')}T00:00:00Z`);
    const until = `click_log_until_${new Date(migratedOn + DAY).toISOString().slice(0, 10).replaceAll('-', '')}`;
    const later = Date.now() + 20 * DAY;
    const upkeep = await upkeepClickLog(db, { acceptDays: 7, retentionDays: 10 }, later);
    const tables = await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'click_log'::regclass ORDER BY 1`,
    );
    const day = (ms: number) =>
      `click_log_${new Date(ms).toISOString().slice(0, 10).replaceAll('-', '')}`;
    // Yesterday, today and tomorrow of `later` were made ahead; everything older went.
    expect(tables.map((table) => table.name)).toEqual([
      day(later - DAY),
      day(later),
      day(later + DAY),
    ]);
    expect(upkeep.made).toBe(3);
    expect(upkeep.dropped).toContain(until);
    // Twenty days on, the id is older than the accept window: refused before the log.
    const [resent] = prepareEvents(
      [click('upkeep-1', 'upkeep_target', 0)],
      TEST_CLICK_RULES,
      later,
    );
    expect(resent!.verdict).toBe('tooOld');
    // Today's partition is made again on the next batch.
    expect(await record([click('upkeep-2', 'upkeep_target', MINUTE)])).toMatchObject({ billed: 1 });
  });
});
