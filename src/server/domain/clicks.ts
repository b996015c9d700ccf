import type { Db } from '../db/db';
import { endCampaign, type CampaignRow } from './campaigns';
import { notify, NOTIFICATION_TEXTS } from './notifications';

export interface ClickEvent {
  id: string;
  username: string;
  at: Date;
}

export interface ClickBatchResult {
  received: number;
  duplicates: number;
  billed: number;
  unbilled: number;
  endedCampaigns: number;
}

/**
 * Bills the events just recorded, set-based, in one statement: it locks every active campaign on
 * the batch's profiles in a fixed order (by id, in a materialized CTE, so concurrent batches never
 * deadlock: stack notes), gives each profile's k-th new event to the campaign whose purchased clicks
 * cover k when the campaigns are queued by start date (the first started bills first), then updates
 * the campaigns' counters and marks the events billed. Returns how many were billed and the
 * campaigns left without clicks.
 */
const BILL_EVENTS = `
  WITH ev AS (
    SELECT e.event_id, e.profile,
           row_number() OVER (PARTITION BY e.profile ORDER BY e.ord) AS k
      FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS e(event_id, profile, ord)
  ), demand AS (
    SELECT profile, count(*) AS n FROM ev GROUP BY profile
  ), locked AS MATERIALIZED (
    SELECT c.id, lower(c.profile_username) AS profile, c.remaining_clicks, c.start_date
      FROM campaigns c
     WHERE c.status AND lower(c.profile_username) = ANY($3::text[])
     ORDER BY c.id
     FOR UPDATE
  ), queued AS (
    SELECT id, profile, remaining_clicks,
           sum(remaining_clicks) OVER (PARTITION BY profile ORDER BY start_date, id) - remaining_clicks AS before
      FROM locked
  ), alloc AS (
    SELECT q.id, q.before, q.profile,
           LEAST(q.remaining_clicks, GREATEST(d.n - q.before, 0))::int AS take
      FROM queued q JOIN demand d ON d.profile = q.profile
  ), charged AS (
    UPDATE campaigns c
       SET clicks_count = c.clicks_count + a.take,
           remaining_clicks = c.remaining_clicks - a.take,
           billed_cents = c.billed_cents + a.take * c.click_rate_cents,
           amount_remaining_cents = c.amount_remaining_cents - a.take * c.click_rate_cents,
           updated_at = now()
      FROM alloc a
     WHERE c.id = a.id AND a.take > 0
    RETURNING c.*
  ), marked AS (
    UPDATE click_events e
       SET billed = true, campaign_id = a.id
      FROM ev JOIN alloc a ON a.profile = ev.profile AND ev.k > a.before AND ev.k <= a.before + a.take
     WHERE e.event_id = ev.event_id
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM marked)::int AS billed,
         COALESCE((SELECT json_agg(charged ORDER BY user_id, id) FROM charged WHERE remaining_clicks = 0), '[]')::text
           AS used_up`;

/**
 * Records a batch of partner click events and bills them (design §5). Each event id counts once,
 * ever. A click on a profile bills the advertiser whose active campaign on it started first; a click
 * with no purchased click left is recorded but never billed. A campaign whose clicks run out ends at
 * once: its leftover fraction of a click is refunded and a history entry written.
 */
export async function recordClicks(db: Db, events: ClickEvent[]): Promise<ClickBatchResult> {
  return db.transaction(async (tx) => {
    // Ids go in sorted, so batches sharing ids wait for each other instead of deadlocking.
    const inserted = await tx.query<{ event_id: string; profile: string }>(
      `INSERT INTO click_events (event_id, profile_username, clicked_at, billed)
       SELECT e.id, e.username, e.at, false
         FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS e(id, username, at)
        ORDER BY e.id
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id, lower(profile_username) AS profile`,
      [
        events.map((e) => e.id),
        events.map((e) => e.username),
        events.map((e) => e.at.toISOString()),
      ],
    );
    const result: ClickBatchResult = {
      received: events.length,
      duplicates: events.length - inserted.length,
      billed: 0,
      unbilled: inserted.length,
      endedCampaigns: 0,
    };
    if (inserted.length === 0) return result;

    const [billing] = await tx.query<{ billed: number; used_up: string }>(BILL_EVENTS, [
      inserted.map((e) => e.event_id),
      inserted.map((e) => e.profile),
      [...new Set(inserted.map((e) => e.profile))],
    ]);
    // Ended in user order, so concurrent batches also take the users' rows in one order.
    for (const row of JSON.parse(billing!.used_up) as Record<string, unknown>[]) {
      const campaign = toCampaignRow(row);
      await endCampaign(tx, campaign);
      const text = NOTIFICATION_TEXTS.campaignClicksUsed(
        campaign.profile_username,
        campaign.clicks_purchased,
      );
      await notify(tx, campaign.user_id, text);
      result.endedCampaigns += 1;
    }
    result.billed = billing!.billed;
    result.unbilled = inserted.length - billing!.billed;
    return result;
  });
}

/** A campaigns row read back from json_agg: numbers as numbers, timestamps as dates. */
function toCampaignRow(row: Record<string, unknown>): CampaignRow {
  const date = (value: unknown) => (value === null ? null : new Date(String(value)));
  return {
    ...(row as unknown as CampaignRow),
    id: Number(row.id),
    user_id: Number(row.user_id),
    amount_deposit_cents: Number(row.amount_deposit_cents),
    amount_remaining_cents: Number(row.amount_remaining_cents),
    billed_cents: Number(row.billed_cents),
    refunded_cents: Number(row.refunded_cents),
    last_deposit_cents: Number(row.last_deposit_cents),
    start_date: date(row.start_date)!,
    end_date: date(row.end_date),
    created_at: date(row.created_at)!,
    updated_at: date(row.updated_at)!,
  };
}
