import { describe, expect, it } from 'vitest';
import { migrationStatements } from '@/server/db/migrate';
import { makeClickLogDays } from '@/server/domain/clicks/partitions';
import { clickId } from '../../helpers/click-ids';
import { accountRow, campaign as newCampaign } from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

const HOUR = 3_600_000;
const iso = (at: number) => new Date(at).toISOString();

/**
 * Migration 0300 (issue 35 point 4) gives the credits written before it the hour their click is
 * counted in and the period that billed it: from the click log while it holds the click, else from
 * the click id's own time. The columns are dropped as before 0300, refunds written as refund-clicks
 * wrote them then, and the migration runs again over them.
 */
describe.each(databaseKinds())('migration 0300 (credits by hour and period) on %s', (kind) => {
  const t = useTestDatabase(kind);

  it('takes the hour from the click log, or from the id, and the period under way then', async () => {
    const db = t.db;
    const { id: userId } = await accountRow(db, { name: `credits-${kind}`, balanceCents: 50_000 });
    const { id, username } = await newCampaign(db, userId, { amountCents: 10_000 });
    // A first period from 30 hours ago to 3 hours ago; the current one since 2 hours ago.
    const now = Math.floor(Date.now() / HOUR) * HOUR;
    const [first, ended, second] = [now - 30 * HOUR, now - 3 * HOUR, now - 2 * HOUR];
    await db.query(
      `INSERT INTO campaign_history (user_id, campaign_id, profile_username, package_id, package_name,
         categories, total_clicks_purchased, clicks_purchased, remaining_clicks, clicks_count,
         total_spent_cents, amount_deposit_cents, click_rate_cents, start_date, end_date)
       VALUES ($1, $2, $3, 1, 'Main Categories', '{}', 125, 125, 123, 2, 160, 10000, 80, $4, $5)`,
      [userId, id, username, iso(first), iso(ended)],
    );
    await db.query('UPDATE campaigns SET start_date = $2 WHERE id = $1', [id, iso(second)]);
    const [action] = await db.query<{ id: number }>(
      `INSERT INTO operator_actions (command, arguments, reason, run_by)
       VALUES ('refund-clicks', '{}', 'Click farm', 'ops') RETURNING id`,
    );
    // As before 0300.
    await db.query('DROP INDEX click_refunds_user_hour_idx');
    await db.query('DROP INDEX click_refunds_campaign_idx');
    await db.query('ALTER TABLE click_refunds DROP COLUMN hour');
    await db.query('ALTER TABLE click_refunds DROP COLUMN period_start');
    // One click the log holds: its id dated 26 hours ago, clicked 25 hours ago as the log has it (in
    // the first period), received an hour later; one the log no longer holds, its id dated 90
    // minutes ago (the current period).
    const idTime = now - 26 * HOUR + 120_000;
    const logged = clickId(`credit-logged-${kind}`, idTime);
    const dropped = clickId(`credit-dropped-${kind}`, now - 90 * 60_000);
    const loggedDay = iso(idTime).slice(0, 10);
    await makeClickLogDays(db, [loggedDay]);
    await db.query(
      `INSERT INTO click_log (day, event_id, campaign_id, profile_username, clicked_at, billed, received_at)
       VALUES ($1, $2, $3, $4, $5, true, $6)`,
      [loggedDay, logged, id, username, iso(now - 25 * HOUR + 600_000), iso(now - 24 * HOUR)],
    );
    for (const [eventId, day] of [
      [logged, loggedDay],
      [dropped, iso(now - 90 * 60_000).slice(0, 10)],
    ] as const) {
      await db.query(
        `INSERT INTO click_refunds (event_id, day, campaign_id, user_id, amount_cents, action_id)
         VALUES ($1, $2, $3, $4, 80, $5)`,
        [eventId, day, id, userId, action!.id],
      );
    }

    for (const statement of migrationStatements('0300-click-credits.sql')) {
      await db.query(statement);
    }

    const rows = await db.query<{ event_id: string; hour: Date; period_start: Date }>(
      'SELECT event_id::text AS event_id, hour, period_start FROM click_refunds WHERE user_id = $1',
      [userId],
    );
    const of = (eventId: string) => {
      const row = rows.find((candidate) => candidate.event_id === eventId)!;
      return [iso(new Date(row.hour).getTime()), iso(new Date(row.period_start).getTime())];
    };
    // The log's hour (not the id's), in the period under way when it was received.
    expect(of(logged)).toEqual([iso(now - 25 * HOUR), iso(first)]);
    expect(of(dropped)).toEqual([iso(now - 2 * HOUR), iso(second)]);
  });
});
