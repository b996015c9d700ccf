import { localDayStart, nextLocalMidnight } from '../../../shared/local-days';
import { addDays, isTimeZone } from '../../../shared/stats-range';
import type { Db, Queryable } from '../../db/db';

/**
 * Issue 36 point 1: the advertiser's time zone, on the account (migration 0310). Its days, a daily
 * budget's and an end date's, begin at its midnight. UTC until set: by the browser at the first
 * sign-in after the change (`adoptBrowserTimeZone`), then only on /account, from the next midnight of
 * the zone in force (`changeTimeZone`). Each zone is kept from the instant it took effect, so a click
 * that arrives late is still counted in the day it had when it was clicked.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

export interface AccountTimeZone {
  /** In force now. */
  timeZone: string;
  /** Set by the browser or the advertiser; false while the account is on UTC by default. */
  chosen: boolean;
  /** A change that takes effect at `from` (ms), the next midnight of the zone in force. */
  next: { timeZone: string; from: number } | null;
}

type ZoneRow = {
  chosen: boolean;
  time_zone: string | null;
  effective_from: Date | string | null;
};

/** The account's zone at `now`, and the change waiting for midnight, if any. */
export async function accountTimeZone(
  db: Queryable,
  userId: number,
  now: number,
): Promise<AccountTimeZone> {
  const rows = await db.query<ZoneRow>(
    `SELECT u.time_zone_chosen AS chosen, z.time_zone, z.effective_from
       FROM users u LEFT JOIN user_time_zones z ON z.user_id = u.id
      WHERE u.id = $1
      ORDER BY z.effective_from`,
    [userId],
  );
  const history = rows.flatMap((row) =>
    row.time_zone === null || row.effective_from === null
      ? []
      : [{ timeZone: row.time_zone, from: new Date(row.effective_from).getTime() }],
  );
  return {
    timeZone: zoneAt(history, now),
    chosen: rows[0]?.chosen ?? false,
    next: history.find((zone) => zone.from > now) ?? null,
  };
}

/**
 * The browser's zone, sent with a sign-in: taken, from now on, only by an account whose zone was
 * never set. A name the time-zone database does not know is left alone.
 */
export async function adoptBrowserTimeZone(
  db: Db,
  userId: number,
  timeZone: string | undefined,
  now: number,
): Promise<void> {
  if (!timeZone || timeZone.length > 64 || !isTimeZone(timeZone)) return;
  const adopted = await db.query(
    `WITH chosen AS (
       UPDATE users SET time_zone_chosen = true WHERE id = $1 AND NOT time_zone_chosen RETURNING id
     )
     INSERT INTO user_time_zones (user_id, effective_from, time_zone)
     SELECT id, $2, $3 FROM chosen
     ON CONFLICT (user_id, effective_from) DO UPDATE SET time_zone = excluded.time_zone
     RETURNING user_id`,
    [userId, new Date(now), timeZone],
  );
  if (adopted.length > 0) await refreshEndInstants(db, userId);
}

export type TimeZoneChange = 'changes' | 'kept' | 'cancelled';

/**
 * The advertiser's choice on /account: the zone in force until the next midnight, then `timeZone`.
 * A change still waiting is replaced; choosing the zone in force cancels it ('cancelled'), or
 * changes nothing ('kept').
 */
export async function changeTimeZone(
  db: Db,
  userId: number,
  timeZone: string,
  now: number,
): Promise<{ change: TimeZoneChange; before: AccountTimeZone; zone: AccountTimeZone }> {
  return db.transaction(async (tx) => {
    // One change at a time per account: the row lock orders two tabs' choices.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const before = await accountTimeZone(tx, userId, now);
    await tx.query('DELETE FROM user_time_zones WHERE user_id = $1 AND effective_from > $2', [
      userId,
      new Date(now),
    ]);
    await tx.query('UPDATE users SET time_zone_chosen = true WHERE id = $1', [userId]);
    let change: TimeZoneChange;
    if (timeZone === before.timeZone) {
      change = before.next ? 'cancelled' : 'kept';
    } else {
      change = 'changes';
      await tx.query(
        'INSERT INTO user_time_zones (user_id, effective_from, time_zone) VALUES ($1, $2, $3)',
        [userId, new Date(nextLocalMidnight(before.timeZone, now)), timeZone],
      );
    }
    await refreshEndInstants(tx, userId);
    return { change, before, zone: await accountTimeZone(tx, userId, now) };
  });
}

/** Each zone the account's days followed, from the instant it took effect (oldest first). */
export async function zoneHistory(
  db: Queryable,
  userId: number,
): Promise<{ timeZone: string; from: number }[]> {
  const rows = await db.query<{ time_zone: string; effective_from: Date | string }>(
    'SELECT time_zone, effective_from FROM user_time_zones WHERE user_id = $1 ORDER BY effective_from',
    [userId],
  );
  return rows.map((row) => ({
    timeZone: row.time_zone,
    from: new Date(row.effective_from).getTime(),
  }));
}

/** The zone in force at `at` (UTC before any). */
export function zoneAt(history: { timeZone: string; from: number }[], at: number): string {
  let zone = DEFAULT_TIME_ZONE;
  for (const row of history) if (row.from <= at) zone = row.timeZone;
  return zone;
}

/**
 * Issue 36 point 3: the first instant after the advertiser's day `day` (`YYYY-MM-DD`): the next
 * day's midnight in the zone in force then.
 */
export function dayEndInstant(history: { timeZone: string; from: number }[], day: string): number {
  const next = addDays(day, 1);
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const candidate = localDayStart(history[i]!.timeZone, next);
    if (candidate >= history[i]!.from) return candidate;
  }
  return localDayStart(DEFAULT_TIME_ZONE, next);
}

/** After the account's zone changed: each campaign's end instant again, by its end date. */
export async function refreshEndInstants(db: Queryable, userId: number): Promise<void> {
  const campaigns = await db.query<{ id: number; ends_on: string }>(
    "SELECT id, to_char(ends_on, 'YYYY-MM-DD') AS ends_on FROM campaigns WHERE user_id = $1 AND ends_on IS NOT NULL",
    [userId],
  );
  if (campaigns.length === 0) return;
  const history = await zoneHistory(db, userId);
  for (const campaign of campaigns) {
    await db.query('UPDATE campaigns SET ends_at = $2 WHERE id = $1', [
      campaign.id,
      new Date(dayEndInstant(history, campaign.ends_on)),
    ]);
  }
}
