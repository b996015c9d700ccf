import { describe, expect, it } from 'vitest';
import { migrationStatements } from '@/server/db/migrate';
import { makeClickLogDays } from '@/server/domain/clicks/partitions';
import { accountRow, campaign as newCampaign } from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

const HOUR = 3_600_000;
const iso = (at: number) => new Date(at).toISOString();

/**
 * Migration 0290 (issue 35 point 2) gives the roll-ups written before it their period: an hour of one
 * period goes to it; an hour two periods share goes to the later one, save the billed clicks the
 * click log still holds, which go back to the period under way when they were billed. The
 * advertiser's hourly figures do not move. The table is put back as it was before 0290, rows are
 * written as the billing wrote them then, and the migration runs again over them.
 */
describe.each(databaseKinds())('migration 0290 (roll-ups by period) on %s', (kind) => {
  const t = useTestDatabase(kind);

  it('splits a shared hour by the click log and gives every other row its period', async () => {
    const db = t.db;
    const { id: userId } = await accountRow(db, { name: `rollups-${kind}`, balanceCents: 50_000 });
    const { id, username } = await newCampaign(db, userId, { amountCents: 10_000 });
    const profile = username.toLowerCase();
    // The first period: from 5 hours ago to 10 minutes into the last full hour; the second began
    // 10 seconds after it, in the same hour.
    const shared = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    const [first, ended, second] = [shared - 4 * HOUR, shared + 600_000, shared + 610_000];
    await db.query(
      `INSERT INTO campaign_history (user_id, campaign_id, profile_username, package_id, package_name,
         categories, total_clicks_purchased, clicks_purchased, remaining_clicks, clicks_count,
         total_spent_cents, amount_deposit_cents, click_rate_cents, start_date, end_date)
       VALUES ($1, $2, $3, 1, 'Main Categories', '{}', 125, 125, 122, 3, 240, 10000, 80, $4, $5)`,
      [userId, id, username, iso(first), iso(ended)],
    );
    await db.query('UPDATE campaigns SET start_date = $2, clicks_count = 3 WHERE id = $1', [
      id,
      iso(second),
    ]);
    // As before 0290: no period in the key.
    await db.query('DELETE FROM click_hours');
    await db.query('DELETE FROM user_click_hours');
    await db.query('ALTER TABLE click_hours DROP CONSTRAINT click_hours_pkey');
    await db.query('ALTER TABLE click_hours DROP COLUMN period_start');
    await db.query('ALTER TABLE click_hours ADD PRIMARY KEY (campaign_id, hour, profile_key)');
    const hours = [
      // An hour of the first period alone (no longer in the log); the shared hour, whose five
      // billed clicks and one bot the log holds: two billed before the ending, three after.
      [shared - 3 * HOUR, 1, 80, 0],
      [shared, 5, 400, 1],
    ] as const;
    for (const [hour, billed, cents, bot] of hours) {
      await db.query(
        `INSERT INTO click_hours (campaign_id, hour, profile_key, user_id, billed, billed_cents, bot)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, iso(hour), profile, userId, billed, cents, bot],
      );
    }
    await makeClickLogDays(db, [iso(shared).slice(0, 10)]);
    for (const [index, received] of [
      ended - 1_000,
      ended - 500,
      second + 1,
      second + 2,
      second + 3,
    ].entries()) {
      await db.query(
        `INSERT INTO click_log (day, event_id, campaign_id, profile_username, clicked_at, billed, received_at)
         VALUES ($1::timestamptz::date, gen_random_uuid(), $2, $3, $4, true, $5)`,
        [iso(shared), id, username, iso(shared + 60_000 * index), iso(received)],
      );
    }
    const advertiser = async () =>
      (
        await db.query<{ hour: Date; billed: number; billed_cents: number; bot: number }>(
          'SELECT hour, billed, billed_cents, bot FROM user_click_hours WHERE user_id = $1 ORDER BY hour',
          [userId],
        )
      ).map((row) => [
        iso(new Date(row.hour).getTime()),
        row.billed,
        Number(row.billed_cents),
        row.bot,
      ]);
    const before = await advertiser();

    for (const statement of migrationStatements('0290-click-hours-periods.sql')) {
      await db.query(statement);
    }

    const rows = await db.query<{
      period_start: Date;
      hour: Date;
      billed: number;
      billed_cents: number;
      bot: number;
    }>(
      `SELECT period_start, hour, billed, billed_cents, bot FROM click_hours
        WHERE campaign_id = $1 ORDER BY hour, period_start`,
      [id],
    );
    expect(
      rows.map((row) => [
        iso(new Date(row.period_start).getTime()),
        iso(new Date(row.hour).getTime()),
        row.billed,
        Number(row.billed_cents),
        row.bot,
      ]),
    ).toEqual([
      [iso(first), iso(shared - 3 * HOUR), 1, 80, 0],
      [iso(first), iso(shared), 2, 160, 0],
      [iso(second), iso(shared), 3, 240, 1],
    ]);
    expect(await advertiser()).toEqual(before);
    expect(before).toEqual([
      [iso(shared - 3 * HOUR), 1, 80, 0],
      [iso(shared), 5, 400, 1],
    ]);
  });
});
