import { localDayOf } from '../../../shared/local-days';
import { formatCents } from '../../../shared/money';
import type { Db, Writer } from '../../db/db';
import { badRequest, notFound } from '../../errors';
import { dayEndInstant, zoneAt, zoneHistory } from '../auth/time-zones';
import { MESSAGES } from './campaign-messages';
import type { CampaignRow } from './campaign-rows';

/**
 * Issue 36 points 2 and 3: a campaign's daily budget and end date (migration 0320). The budget is
 * at most this much billed in one of the advertiser's days (the billing statement's
 * bill_within_limits); the end date is the last day it runs, in the account's time zone, kept with
 * the first instant after it (`ends_at`), which billing reads and the end-date job ends it at.
 */
export interface CampaignSettings {
  /** Cents, null for none; undefined leaves it as it is. */
  dailyBudgetCents?: number | null | undefined;
  /** `YYYY-MM-DD`, null for none; undefined leaves it as it is. */
  endsOn?: string | null | undefined;
}

export const SETTINGS_MESSAGES = {
  saved: 'Campaign settings saved',
  budgetBelowRate: (rateCents: number) =>
    `The daily budget must be at least the price of one click (${formatCents(rateCents)})`,
  endsBeforeToday: 'The end date cannot be before today',
} as const;

type SettingsRow = Pick<CampaignRow, 'id' | 'user_id' | 'click_rate_cents'> & {
  daily_budget_cents?: number | string | null;
};

/**
 * Sets what `settings` names on the campaign, inside the caller's transaction (which holds its row
 * lock); refuses a budget below one click and an end date before the advertiser's today, changing
 * nothing. A budget set where there was none starts from what the campaign was billed in each of
 * the recent days, so a day under way is not given a whole budget again.
 */
export async function applySettings(
  tx: Writer,
  campaign: SettingsRow,
  settings: CampaignSettings,
  now: number,
): Promise<void> {
  const { dailyBudgetCents, endsOn } = settings;
  if (dailyBudgetCents != null && dailyBudgetCents < campaign.click_rate_cents) {
    throw badRequest(SETTINGS_MESSAGES.budgetBelowRate(campaign.click_rate_cents));
  }
  let endsAt: Date | null = null;
  if (endsOn != null) {
    const history = await zoneHistory(tx, Number(campaign.user_id));
    if (endsOn < localDayOf(zoneAt(history, now), now)) {
      throw badRequest(SETTINGS_MESSAGES.endsBeforeToday);
    }
    endsAt = new Date(dayEndInstant(history, endsOn));
  }
  if (endsOn !== undefined) {
    await tx.query('UPDATE campaigns SET ends_on = $2::date, ends_at = $3 WHERE id = $1', [
      campaign.id,
      endsOn,
      endsAt,
    ]);
  }
  if (dailyBudgetCents === undefined) return;
  const hadBudget = campaign.daily_budget_cents != null;
  await tx.query(
    hadBudget || dailyBudgetCents === null
      ? 'UPDATE campaigns SET daily_budget_cents = $2 WHERE id = $1'
      : // The billed clicks of the click log's recent days (it keeps the accept window and more),
        // each counted in the advertiser's day of its time.
        `UPDATE campaigns c SET daily_budget_cents = $2, day_spend = COALESCE((
           SELECT jsonb_object_agg(d.day, d.cents)
             FROM (SELECT account_day(c.user_id, l.clicked_at)::text AS day, count(*) * c.click_rate_cents AS cents
                     FROM click_log l
                    WHERE l.day >= (now() AT TIME ZONE 'UTC')::date - 40 AND l.campaign_id = c.id AND l.billed
                    GROUP BY 1) d), '{}')
          WHERE c.id = $1`,
    [campaign.id, dailyBudgetCents],
  );
}

/**
 * update-campaign-settings: an active campaign's daily budget and end date, in one transaction that
 * holds its row lock (billing waits for it, then bills by the new settings). Answers both as they now
 * are (cents, `YYYY-MM-DD`).
 */
export async function updateCampaignSettings(
  db: Db,
  userId: number,
  username: string,
  settings: CampaignSettings,
  now: number,
): Promise<{ dailyBudgetCents: number | null; endsOn: string | null }> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx.query<
      CampaignRow & { daily_budget_cents: string | null } & Record<string, unknown>
    >(
      `SELECT * FROM campaigns WHERE user_id = $1 AND lower(profile_username) = lower($2) FOR UPDATE`,
      [userId, username],
    );
    if (!campaign) throw notFound(MESSAGES.noCampaign);
    // One whose clicks ran out is ending (the statement's caller or the job ends it).
    if (!campaign.status || campaign.remaining_clicks === 0) throw badRequest(MESSAGES.notActive);
    await applySettings(tx, campaign, settings, now);
    const [row] = await tx.query<{ daily_budget_cents: string | null; ends_on: string | null }>(
      "SELECT daily_budget_cents, to_char(ends_on, 'YYYY-MM-DD') AS ends_on FROM campaigns WHERE id = $1",
      [campaign.id],
    );
    return {
      dailyBudgetCents: row!.daily_budget_cents === null ? null : Number(row!.daily_budget_cents),
      endsOn: row!.ends_on,
    };
  });
}

/**
 * The background job's upkeep of the day's spend kept on each campaign's row: days before the click
 * accept window (`acceptDays`, CLICK_ACCEPT_DAYS) can take no click any more, so they are dropped.
 */
export async function pruneDaySpend(db: Db, now: number, acceptDays = 7): Promise<number> {
  // The accept window's days, and two more for the zones' offsets.
  const keep = acceptDays + 2;
  const rows = await db.query(
    `UPDATE campaigns c
        SET day_spend = COALESCE((SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(c.day_spend) e
                                   WHERE e.key::date >= ($1::timestamptz AT TIME ZONE 'UTC')::date - $2::int), '{}')
      WHERE c.day_spend <> '{}'
        AND EXISTS (SELECT 1 FROM jsonb_object_keys(c.day_spend) k
                     WHERE k::date < ($1::timestamptz AT TIME ZONE 'UTC')::date - $2::int)
      RETURNING c.id`,
    [new Date(now), keep],
  );
  return rows.length;
}
