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
 * Records and bills a batch in one statement. It locks every active campaign on the batch's profiles
 * in a fixed order (by id, in a materialized CTE, so concurrent batches never deadlock: stack notes;
 * NO KEY UPDATE, so foreign-key checks of other batches' events do not wait for it), keeps the first
 * of each event id not recorded before, gives each profile's k-th new event to the campaign whose
 * purchased clicks cover k when the campaigns are queued by start date (the first started bills
 * first: `billing` numbers each campaign's share), inserts the events with their campaign, and
 * charges the campaigns. An event recorded by a concurrent batch after this statement's snapshot is
 * skipped by ON CONFLICT yet was counted: `inserted` then differs from `fresh`, and the caller rolls
 * back and tries again.
 */
const RECORD_AND_BILL = `
  WITH input AS (
    SELECT e.id, e.username, e.at, lower(e.username) AS profile, e.ord
      FROM unnest($1::text[], $2::text[], $3::timestamptz[]) WITH ORDINALITY AS e(id, username, at, ord)
  ), locked AS MATERIALIZED (
    SELECT c.id, lower(c.profile_username) AS profile, c.remaining_clicks, c.start_date
      FROM campaigns c
     WHERE c.status
       AND lower(c.profile_username) = ANY (ARRAY(SELECT DISTINCT lower(u) FROM unnest($2::text[]) AS u))
     ORDER BY c.id
     FOR NO KEY UPDATE
  ), fresh AS (
    SELECT DISTINCT ON (i.id) i.*
      FROM input i
     WHERE NOT EXISTS (SELECT 1 FROM click_events x WHERE x.event_id = i.id)
     ORDER BY i.id, i.ord
  ), ev AS (
    SELECT f.*, row_number() OVER (PARTITION BY f.profile ORDER BY f.ord) AS k FROM fresh f
  ), demand AS (
    SELECT profile, count(*) AS n FROM ev GROUP BY profile
  ), queued AS (
    SELECT id, profile, remaining_clicks,
           sum(remaining_clicks) OVER (PARTITION BY profile ORDER BY start_date, id) - remaining_clicks AS before
      FROM locked
  ), alloc AS (
    SELECT q.id, q.before, q.profile,
           LEAST(q.remaining_clicks, GREATEST(d.n - q.before, 0))::int AS take
      FROM queued q JOIN demand d ON d.profile = q.profile
  ), billing AS (
    SELECT a.profile, g.k, a.id
      FROM alloc a, generate_series(a.before + 1, a.before + a.take) AS g(k)
  ), inserted AS (
    INSERT INTO click_events (event_id, profile_username, clicked_at, billed, campaign_id)
    SELECT ev.id, ev.username, ev.at, b.id IS NOT NULL, b.id
      FROM ev LEFT JOIN billing b ON b.profile = ev.profile AND b.k = ev.k
     -- In id order: batches sharing ids then wait for each other instead of deadlocking.
     ORDER BY ev.id
    ON CONFLICT (event_id) DO NOTHING
    RETURNING billed
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
  )
  SELECT (SELECT count(*) FROM ev)::int AS fresh,
         (SELECT count(*) FROM inserted)::int AS inserted,
         (SELECT count(*) FROM inserted WHERE billed)::int AS billed,
         COALESCE((SELECT json_agg(charged ORDER BY user_id, id) FROM charged WHERE remaining_clicks = 0), '[]')::text
           AS used_up`;

/**
 * PGlite parses and plans every query it is sent, and parsing and planning this statement's CTEs is
 * a good part of a batch's time. On PGlite it therefore runs inside a PL/pgSQL function, which keeps
 * its plan for the session: the same statement, in the caller's transaction. The function lives in
 * the session's temporary schema (PGlite has one session), made on the first batch. PostgreSQL keeps
 * the statement prepared per connection already (db.ts).
 */
const RECORD_AND_BILL_FUNCTION = `
  CREATE OR REPLACE FUNCTION pg_temp.record_and_bill(text[], text[], timestamptz[])
    RETURNS TABLE (fresh int, inserted int, billed int, used_up text)
    LANGUAGE plpgsql AS $record_and_bill$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY ${RECORD_AND_BILL};
  END
  $record_and_bill$`;
const CALL_RECORD_AND_BILL =
  'SELECT * FROM pg_temp.record_and_bill($1::text[], $2::text[], $3::timestamptz[])';
const functionsMade = new WeakMap<Db, Promise<void>>();

/** The statement to send to `db`: the function on PGlite (made once per database), else the statement. */
async function recordAndBillStatement(db: Db): Promise<string> {
  if (db.kind !== 'pglite') return RECORD_AND_BILL;
  let made = functionsMade.get(db);
  if (!made) {
    made = db.exec(RECORD_AND_BILL_FUNCTION);
    functionsMade.set(db, made);
    made.catch(() => functionsMade.delete(db));
  }
  await made;
  return CALL_RECORD_AND_BILL;
}

/** A concurrent batch recorded one of this batch's event ids first: the batch is tried again. */
class ConcurrentEventError extends Error {}
const ATTEMPTS = 5;

/**
 * Records a batch of partner click events and bills them (design §5). Each event id counts once,
 * ever. A click on a profile bills the advertiser whose active campaign on it started first; a click
 * with no purchased click left is recorded but never billed. A campaign whose clicks run out ends at
 * once: its leftover fraction of a click is refunded and a history entry written.
 */
export async function recordClicks(db: Db, events: ClickEvent[]): Promise<ClickBatchResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await recordOnce(db, events);
    } catch (error) {
      if (!(error instanceof ConcurrentEventError) || attempt === ATTEMPTS) throw error;
    }
  }
}

async function recordOnce(db: Db, events: ClickEvent[]): Promise<ClickBatchResult> {
  const statement = await recordAndBillStatement(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{
      fresh: number;
      inserted: number;
      billed: number;
      used_up: string;
    }>(statement, [
      events.map((e) => e.id),
      events.map((e) => e.username),
      events.map((e) => e.at.toISOString()),
    ]);
    const { fresh, inserted, billed, used_up: usedUp } = row!;
    if (inserted !== fresh) throw new ConcurrentEventError('click event recorded concurrently');
    const result: ClickBatchResult = {
      received: events.length,
      duplicates: events.length - inserted,
      billed,
      unbilled: inserted - billed,
      endedCampaigns: 0,
    };
    // Ended in user order, so concurrent batches also take the users' rows in one order.
    for (const ended of JSON.parse(usedUp) as Record<string, unknown>[]) {
      const campaign = toCampaignRow(ended);
      await endCampaign(tx, campaign);
      const text = NOTIFICATION_TEXTS.campaignClicksUsed(
        campaign.profile_username,
        campaign.clicks_purchased,
      );
      await notify(tx, campaign.user_id, text);
      result.endedCampaigns += 1;
    }
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
