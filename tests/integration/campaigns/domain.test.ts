import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import {
  addMoney,
  MESSAGES,
  openCampaign,
  pauseCampaign,
  removeCampaign,
} from '@/server/domain/campaigns/campaigns';
import { clicksFor } from '@/shared/rules/campaign-rules';
import { ledgerSumCents } from '@/server/domain/ledger';
import { recordClicks, sweepCampaignsOutOfClicks } from '@/server/domain/clicks';
import { uuidv7Time } from '@/server/domain/clicks/classify';
import { clickId, NO_INVALID, TEST_CLICK_RULES } from '../../helpers/click-ids';
import { accountRow } from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

let db: Db;

/** An advertiser's id, holding `balanceCents`. */
async function advertiser(balanceCents: number): Promise<number> {
  return (await accountRow(db, { balanceCents })).id;
}

/**
 * Runs `statement` in a transaction of another connection and keeps it open while `run` starts its
 * work; `run` calls `waited()` once that work waits for the other transaction, which then commits.
 * PostgreSQL only.
 */
async function whileAnotherTransactionHolds<T>(
  statement: string,
  run: (waited: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const [{ name }] = (await db.query<{ name: string }>('SELECT current_database() AS name')) as [
    { name: string },
  ];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const other = postgres(url.toString(), { max: 1, onnotice: () => undefined });
  try {
    const connection = await other.reserve();
    await connection.unsafe('BEGIN');
    await connection.unsafe(statement);
    return await run(async () => {
      await waitUntilWaitingForLock(db);
      await connection.unsafe('COMMIT');
      connection.release();
    });
  } finally {
    await other.end({ timeout: 5 });
  }
}

/** Polls until some statement of this database waits for a lock another transaction holds. */
async function waitUntilWaitingForLock(on: Db): Promise<void> {
  for (;;) {
    const [row] = await on.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (row!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function balance(userId: number): Promise<number> {
  const [row] = await db.query<{ balance_cents: number }>(
    'SELECT balance_cents FROM users WHERE id = $1',
    [userId],
  );
  return row!.balance_cents;
}

describe.each(databaseKinds())('on %s', (kind) => {
  const t = useTestDatabase(kind);
  beforeAll(async () => {
    db = t.db;
    await db.query(
      `INSERT INTO profiles (username, full_name, avatar) VALUES
       ('alice', 'Alice A', '/avatars/alice.svg'), ('bob', 'Bob B', '/avatars/bob.svg'),
       ('hidden', 'Hidden H', '/avatars/hidden.svg')`,
    );
    await db.query("UPDATE profiles SET listed = false WHERE username = 'hidden'");
  });

  describe('clicksFor', () => {
    it('floors in cents and caps at max_slots', () => {
      expect(clicksFor(10000, 60, 10000)).toBe(166);
      expect(clicksFor(15000, 60, 10000)).toBe(250);
      expect(clicksFor(1_000_000, 50, 10000)).toBe(10000);
    });
  });

  describe('campaign money', () => {
    it('debits the deposit and buys floor(deposit / rate) clicks', async () => {
      const user = await advertiser(50_000);
      const campaign = await openCampaign(
        db,
        user,
        { username: 'alice', packageId: 2, amountCents: 10_000 },
        10_000,
      );
      expect(campaign.clicks_purchased).toBe(166);
      expect(campaign.remaining_clicks).toBe(166);
      expect(await balance(user)).toBe(40_000);
      expect(await ledgerSumCents(db.read, user)).toBe(40_000);
    });

    it('carries fractions of a click over on top-up: $100 then $50 at $0.60 gives 250 clicks', async () => {
      const user = await advertiser(50_000);
      await openCampaign(
        db,
        user,
        { username: 'alice', packageId: 2, amountCents: 10_000 },
        10_000,
      );
      const { campaign, reactivated } = await addMoney(db, user, 'alice', 5_000);
      expect(reactivated).toBe(false);
      expect(campaign.remaining_clicks).toBe(250);
      expect(campaign.clicks_purchased).toBe(250);
      expect(Number(campaign.amount_deposit_cents)).toBe(15_000);
      expect(await balance(user)).toBe(35_000);
    });

    it('refunds the remaining budget on pause and writes one history entry', async () => {
      const user = await advertiser(20_000);
      await openCampaign(db, user, { username: 'bob', packageId: 1, amountCents: 12_000 }, 10_000);
      const paused = await pauseCampaign(db, user, 'bob');
      expect(paused.status).toBe(false);
      expect(paused.end_date).not.toBeNull();
      expect(Number(paused.refunded_cents)).toBe(12_000);
      expect(await balance(user)).toBe(20_000);
      expect(await ledgerSumCents(db.read, user)).toBe(20_000);
      const history = await db.query(
        'SELECT package_name, total_spent_cents FROM campaign_history WHERE user_id = $1',
        [user],
      );
      expect(history).toEqual([{ package_name: 'Main Categories', total_spent_cents: 0 }]);
    });

    it('reactivates an inactive campaign with the same package', async () => {
      const user = await advertiser(20_000);
      await openCampaign(db, user, { username: 'bob', packageId: 4, amountCents: 10_000 }, 10_000);
      await pauseCampaign(db, user, 'bob');
      const { campaign, reactivated } = await addMoney(db, user, 'bob', 4_000);
      expect(reactivated).toBe(true);
      expect(campaign.status).toBe(true);
      expect(campaign.end_date).toBeNull();
      expect(campaign.remaining_clicks).toBe(100);
      expect(await balance(user)).toBe(16_000);
    });

    it('refuses what the rules forbid, changing nothing', async () => {
      const user = await advertiser(15_000);
      const attempt = (input: Parameters<typeof openCampaign>[2]) =>
        openCampaign(db, user, input, 10_000);
      await expect(
        attempt({ username: 'alice', packageId: 3, amountCents: 10_000 }),
      ).rejects.toThrow(MESSAGES.selectCategory);
      await expect(
        attempt({ username: 'alice', packageId: 3, amountCents: 10_000, categoryName: 'Top' }),
      ).rejects.toThrow(MESSAGES.categoryNotForPackage);
      await expect(
        attempt({ username: 'alice', packageId: 2, amountCents: 9_999 }),
      ).rejects.toThrow(MESSAGES.minimumDeposit);
      await expect(
        attempt({ username: 'hidden', packageId: 2, amountCents: 10_000 }),
      ).rejects.toThrow(MESSAGES.notAvailable);
      await expect(
        attempt({ username: 'alice', packageId: 2, amountCents: 20_000 }),
      ).rejects.toThrow(MESSAGES.createBalance);
      await expect(addMoney(db, user, 'alice', 100)).rejects.toThrow(MESSAGES.noCampaign);
      expect(await balance(user)).toBe(15_000);
      expect(await db.query('SELECT id FROM campaigns WHERE user_id = $1', [user])).toEqual([]);
    });

    it('deletes only inactive campaigns and keeps their history', async () => {
      const user = await advertiser(20_000);
      await openCampaign(
        db,
        user,
        { username: 'alice', packageId: 3, amountCents: 10_000, categoryName: 'Fitness' },
        10_000,
      );
      await expect(removeCampaign(db, user, 'alice')).rejects.toThrow(MESSAGES.deleteActive);
      await pauseCampaign(db, user, 'alice');
      await removeCampaign(db, user, 'alice');
      expect(await db.query('SELECT id FROM campaigns WHERE user_id = $1', [user])).toEqual([]);
      const history = await db.query<{ categories: string[] }>(
        'SELECT categories FROM campaign_history WHERE user_id = $1',
        [user],
      );
      expect(history).toEqual([{ categories: ['Fitness'] }]);
    });

    it('refuses a top-up that passes the package maximum of clicks', async () => {
      const user = await advertiser(1_000_000);
      await openCampaign(
        db,
        user,
        { username: 'alice', packageId: 4, amountCents: 390_000 },
        10_000,
      );
      await expect(addMoney(db, user, 'alice', 20_000)).rejects.toThrow(
        'This amount would take the campaign past the package maximum of 10,000 clicks',
      );
      expect(await balance(user)).toBe(610_000);
    });
  });

  describe('clicks', () => {
    const clicks = (username: string, names: string[]) =>
      names.map((name) => ({
        id: clickId(`${db.kind}-${name}`),
        username,
        at: new Date(),
        visitorId: `visitor-${name}`,
      }));
    const ids = (names: string[]) => names.map((name) => clickId(`${db.kind}-${name}`));
    const range = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

    it('bills each event id once, even when replayed', async () => {
      const user = await advertiser(10_000);
      await db.query(
        "INSERT INTO profiles (username, full_name, avatar) VALUES ('carol', 'Carol C', '/a.svg')",
      );
      await openCampaign(
        db,
        user,
        { username: 'carol', packageId: 1, amountCents: 10_000 },
        10_000,
      );
      const first = await recordClicks(db, clicks('carol', ['e1', 'e2', 'e3']), TEST_CLICK_RULES);
      const replay = await recordClicks(
        db,
        clicks('carol', ['e1', 'e2', 'e3', 'e4']),
        TEST_CLICK_RULES,
      );
      expect(first).toEqual({
        received: 3,
        duplicates: 0,
        billed: 3,
        unbilled: 0,
        budgetReached: 0,
        ...NO_INVALID,
        endedCampaigns: 0,
      });
      expect(replay).toEqual({
        received: 4,
        duplicates: 3,
        billed: 1,
        unbilled: 0,
        budgetReached: 0,
        ...NO_INVALID,
        endedCampaigns: 0,
      });
      const [campaign] = await db.query(
        'SELECT clicks_count, remaining_clicks, amount_remaining_cents FROM campaigns WHERE user_id = $1',
        [user],
      );
      expect(campaign).toEqual({
        clicks_count: 4,
        remaining_clicks: 121,
        amount_remaining_cents: 10_000 - 4 * 80,
      });
    });

    it('bills exactly the clicks left, ends the campaign and refunds the leftover fraction', async () => {
      const user = await advertiser(10_050);
      await db.query(
        "INSERT INTO profiles (username, full_name, avatar) VALUES ('dave', 'Dave D', '/a.svg')",
      );
      // $100.50 at $0.60: 167 clicks and 30 cents left over.
      await openCampaign(db, user, { username: 'dave', packageId: 2, amountCents: 10_050 }, 10_000);
      const result = await recordClicks(db, clicks('dave', range('d', 1000)), TEST_CLICK_RULES);
      expect(result).toEqual({
        received: 1000,
        duplicates: 0,
        billed: 167,
        unbilled: 833,
        budgetReached: 0,
        ...NO_INVALID,
        endedCampaigns: 1,
      });
      const [campaign] = await db.query(
        'SELECT status, clicks_count, remaining_clicks, billed_cents, refunded_cents, amount_remaining_cents FROM campaigns WHERE user_id = $1',
        [user],
      );
      expect(campaign).toEqual({
        status: false,
        clicks_count: 167,
        remaining_clicks: 0,
        billed_cents: 10_020,
        refunded_cents: 30,
        amount_remaining_cents: 0,
      });
      expect(await balance(user)).toBe(30);
      expect(await ledgerSumCents(db.read, user)).toBe(30);
      const history = await db.query(
        'SELECT clicks_count, total_spent_cents FROM campaign_history WHERE user_id = $1',
        [user],
      );
      expect(history).toEqual([{ clicks_count: 167, total_spent_cents: 10_020 }]);
    });

    it('bills batches sent at once as if one came after the other, each with its own answer', async () => {
      const user = await advertiser(10_050);
      await db.query(
        "INSERT INTO profiles (username, full_name, avatar) VALUES ('erin', 'Erin E', '/a.svg')",
      );
      // $100.50 at $0.60: 167 clicks. The first batch goes alone; the two sent while it is being
      // recorded go together, the first of them repeating an id of the first batch.
      await openCampaign(db, user, { username: 'erin', packageId: 2, amountCents: 10_050 }, 10_000);
      const answers = await Promise.all([
        recordClicks(db, clicks('erin', range('ea', 100)), TEST_CLICK_RULES),
        recordClicks(db, clicks('erin', [...range('eb', 99), 'ea-5']), TEST_CLICK_RULES),
        recordClicks(db, clicks('erin', [...range('ec', 50), 'ec-1']), TEST_CLICK_RULES),
      ]);
      expect(answers).toEqual([
        {
          received: 100,
          duplicates: 0,
          billed: 100,
          unbilled: 0,
          budgetReached: 0,
          ...NO_INVALID,
          endedCampaigns: 0,
        },
        {
          received: 100,
          duplicates: 1,
          billed: 67,
          unbilled: 32,
          budgetReached: 0,
          ...NO_INVALID,
          endedCampaigns: 1,
        },
        {
          received: 51,
          duplicates: 1,
          billed: 0,
          unbilled: 50,
          budgetReached: 0,
          ...NO_INVALID,
          endedCampaigns: 0,
        },
      ]);
      const [campaign] = await db.query(
        'SELECT status, clicks_count, remaining_clicks, refunded_cents FROM campaigns WHERE user_id = $1',
        [user],
      );
      expect(campaign).toEqual({
        status: false,
        clicks_count: 167,
        remaining_clicks: 0,
        refunded_cents: 30,
      });
      const [billed] = await db.query<{ ea: number; eb: number }>(
        `SELECT count(*) FILTER (WHERE event_id = ANY ($1::uuid[]))::int AS ea,
              count(*) FILTER (WHERE event_id = ANY ($2::uuid[]))::int AS eb
         FROM click_log WHERE billed AND profile_username = 'erin'`,
        [ids(range('ea', 100)), ids(range('eb', 99))],
      );
      expect(billed).toEqual({ ea: 100, eb: 67 });
      expect(await balance(user)).toBe(30);
    });

    it('fails only the batch the database refuses when batches go together', async () => {
      const user = await advertiser(10_000);
      await db.query(
        "INSERT INTO profiles (username, full_name, avatar) VALUES ('finn', 'Finn F', '/a.svg')",
      );
      await openCampaign(db, user, { username: 'finn', packageId: 1, amountCents: 10_000 }, 10_000);
      const [first, good, bad] = await Promise.allSettled([
        recordClicks(db, clicks('finn', ['f1']), TEST_CLICK_RULES),
        recordClicks(db, clicks('finn', ['f2', 'f3']), TEST_CLICK_RULES),
        recordClicks(db, clicks('fi\u0000nn', ['f4']), TEST_CLICK_RULES),
      ]);
      expect(first).toEqual({
        status: 'fulfilled',
        value: {
          received: 1,
          duplicates: 0,
          billed: 1,
          unbilled: 0,
          budgetReached: 0,
          ...NO_INVALID,
          endedCampaigns: 0,
        },
      });
      expect(good).toEqual({
        status: 'fulfilled',
        value: {
          received: 2,
          duplicates: 0,
          billed: 2,
          unbilled: 0,
          budgetReached: 0,
          ...NO_INVALID,
          endedCampaigns: 0,
        },
      });
      expect(bad.status).toBe('rejected');
      const [row] = await db.query<{ events: number }>(
        'SELECT count(*)::int AS events FROM click_log WHERE event_id = ANY ($1::uuid[])',
        [ids(['f1', 'f2', 'f3', 'f4'])],
      );
      expect(row).toEqual({ events: 3 });
    });
    /**
     * An open campaign of $100.50 at $0.60 (package 2) as a click statement leaves it when it takes
     * the last click, before the campaign is ended: 167 clicks billed, 30 cents left over.
     */
    async function usedUpCampaign(user: number, profile: string): Promise<number> {
      await db.query('INSERT INTO profiles (username, full_name, avatar) VALUES ($1, $1, $2)', [
        profile,
        '/a.svg',
      ]);
      await openCampaign(
        db,
        user,
        { username: profile, packageId: 2, amountCents: 10_050 },
        10_000,
      );
      const [campaign] = await db.query<{ id: number }>(
        `UPDATE campaigns SET clicks_count = 167, remaining_clicks = 0, billed_cents = 10020,
                amount_remaining_cents = 30
          WHERE user_id = $1 RETURNING id`,
        [user],
      );
      return campaign!.id;
    }

    it('sweeps, once, a campaign that a crash left active with no clicks left', async () => {
      const user = await advertiser(10_050);
      const id = await usedUpCampaign(user, 'gina');
      // Billed just now: the batch being answered ends it itself.
      expect(await sweepCampaignsOutOfClicks(db)).toEqual([]);
      await db.query(
        "UPDATE campaigns SET updated_at = now() - interval '1 minute' WHERE id = $1",
        [id],
      );
      expect(await sweepCampaignsOutOfClicks(db)).toEqual([id]);
      expect(await sweepCampaignsOutOfClicks(db)).toEqual([]);
      const [ended] = await db.query(
        'SELECT status, remaining_clicks, refunded_cents, amount_remaining_cents FROM campaigns WHERE id = $1',
        [id],
      );
      expect(ended).toEqual({
        status: false,
        remaining_clicks: 0,
        refunded_cents: 30,
        amount_remaining_cents: 0,
      });
      expect(await balance(user)).toBe(30);
      expect(await ledgerSumCents(db.read, user)).toBe(30);
      const notes = await db.query(
        'SELECT message FROM notifications WHERE user_id = $1 ORDER BY id',
        [user],
      );
      expect(notes.at(-1)).toEqual({
        message: 'Your campaign for gina ended: all 167 clicks purchased were used.',
      });
    });

    it('ends a used-up campaign before a top-up, which then reactivates it', async () => {
      const user = await advertiser(10_650);
      const id = await usedUpCampaign(user, 'ivy');
      const { campaign, reactivated } = await addMoney(db, user, 'ivy', 600);
      expect(reactivated).toBe(true);
      expect({
        status: campaign.status,
        clicks_purchased: campaign.clicks_purchased,
        remaining_clicks: campaign.remaining_clicks,
        amount_deposit_cents: campaign.amount_deposit_cents,
        billed_cents: campaign.billed_cents,
        refunded_cents: campaign.refunded_cents,
        amount_remaining_cents: campaign.amount_remaining_cents,
      }).toEqual({
        // A new period: the used-up one is in the history, the figures start from the $6.
        status: true,
        clicks_purchased: 10,
        remaining_clicks: 10,
        amount_deposit_cents: 600,
        billed_cents: 0,
        refunded_cents: 0,
        amount_remaining_cents: 600,
      });
      // 10,650 - 10,050 + 30 refunded - 600.
      expect(await balance(user)).toBe(30);
      expect(await ledgerSumCents(db.read, user)).toBe(30);
      const history = await db.query(
        'SELECT clicks_count, total_spent_cents FROM campaign_history WHERE campaign_id = $1',
        [id],
      );
      expect(history).toEqual([{ clicks_count: 167, total_spent_cents: 10_020 }]);
      const notes = await db.query<{ message: string }>(
        'SELECT message FROM notifications WHERE user_id = $1 ORDER BY id',
        [user],
      );
      expect(notes.slice(-2).map((note) => note.message)).toEqual([
        'Your campaign for ivy ended: all 167 clicks purchased were used.',
        'Your campaign for ivy was reactivated with $6.00: 10 clicks remaining.',
      ]);
    });

    if (kind === 'postgres') {
      it('records a batch again when another transaction records one of its events first', async () => {
        const user = await advertiser(10_000);
        await db.query(
          "INSERT INTO profiles (username, full_name, avatar) VALUES ('hugo', 'Hugo H', '/a.svg')",
        );
        await openCampaign(
          db,
          user,
          { username: 'hugo', packageId: 1, amountCents: 10_000 },
          10_000,
        );
        // Another process is recording h1 and has not committed: the statement does not see it yet,
        // counts it as new, then waits for it at the insert and finds it recorded. Its row is under
        // the day of its id's time, where the statement looks (not the database's now: a midnight
        // may fall between the two).
        const h1 = ids(['h1'])[0]!;
        const day = new Date(uuidv7Time(h1)).toISOString().slice(0, 10);
        const answer = await whileAnotherTransactionHolds(
          `INSERT INTO click_log (day, event_id, profile_username, clicked_at, billed)
           VALUES ('${day}', '${h1}', 'hugo', now(), false)`,
          async (waited) => {
            const recording = recordClicks(db, clicks('hugo', ['h1', 'h2']), TEST_CLICK_RULES);
            await waited();
            return recording;
          },
        );
        expect(answer).toEqual({
          received: 2,
          duplicates: 1,
          billed: 1,
          unbilled: 0,
          budgetReached: 0,
          ...NO_INVALID,
          endedCampaigns: 0,
        });
        const [campaign] = await db.query(
          'SELECT clicks_count, remaining_clicks FROM campaigns WHERE user_id = $1',
          [user],
        );
        expect(campaign).toEqual({ clicks_count: 1, remaining_clicks: 124 });
      });

      it('records a batch again when a top-up of its campaign commits while it waits for the row', async () => {
        const user = await advertiser(400);
        await db.query(
          "INSERT INTO profiles (username, full_name, avatar) VALUES ('jade', 'Jade J', '/a.svg')",
        );
        // $4.00 at $0.80: 5 clicks.
        await openCampaign(db, user, { username: 'jade', packageId: 1, amountCents: 400 }, 0);
        // A top-up of 10 clicks holds the campaign's row; the batch of 10 waits for it. The
        // statement's snapshot still has the campaign with 5 clicks and $4.00, and PostgreSQL checks
        // the constraints on that row (amount_remaining_cents >= 0) before it moves to the new one.
        const answer = await whileAnotherTransactionHolds(
          `UPDATE campaigns SET amount_deposit_cents = amount_deposit_cents + 800,
                  amount_remaining_cents = amount_remaining_cents + 800,
                  remaining_clicks = remaining_clicks + 10, clicks_purchased = clicks_purchased + 10
            WHERE user_id = ${user}`,
          async (waited) => {
            const recording = recordClicks(db, clicks('jade', range('j', 10)), TEST_CLICK_RULES);
            await waited();
            return recording;
          },
        );
        expect(answer).toEqual({
          received: 10,
          duplicates: 0,
          billed: 10,
          unbilled: 0,
          budgetReached: 0,
          ...NO_INVALID,
          endedCampaigns: 0,
        });
        const [campaign] = await db.query(
          'SELECT clicks_count, remaining_clicks, billed_cents, amount_remaining_cents FROM campaigns WHERE user_id = $1',
          [user],
        );
        expect(campaign).toEqual({
          clicks_count: 10,
          remaining_clicks: 5,
          billed_cents: 800,
          amount_remaining_cents: 400,
        });
      });
    }
  });
});
