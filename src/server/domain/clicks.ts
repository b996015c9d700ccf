import { MAX_CLICK_BATCH } from '../../shared/contract/partner';
import { perDatabase, type Db } from '../db/db';
import { endOutOfClicks, type CampaignRow } from './campaigns';

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
 * Records and bills a group of batches in one statement, which is its own transaction (no BEGIN and
 * COMMIT: two round trips less a batch). It locks every active campaign on the
 * events' profiles in a fixed order (by id, in a materialized CTE, so concurrent statements never
 * deadlock: stack notes; NO KEY UPDATE, so foreign-key checks of other events do not wait for it),
 * keeps the first of each event id not recorded before, gives each profile's k-th new event to the
 * campaign whose purchased clicks cover k when the campaigns are queued by start date (the first
 * started bills first: `billing` numbers each campaign's share), inserts the events with their
 * campaign, and charges the campaigns.
 * Events keep their arrival order across the group (batch by batch), so the group bills exactly as
 * its batches would one after another. It answers per batch (fresh, inserted, billed) and lists the
 * campaigns used up with the batch whose event took their last click; those are ended right after, in
 * a transaction of their own (endCampaignsOutOfClicks). An event recorded by another statement after
 * this one's snapshot is skipped by ON CONFLICT yet was counted: `inserted` then differs from `fresh`,
 * the statement fails as a whole (serialization_failure, migration 0060) and the caller tries again.
 */
const RECORD_AND_BILL = `
  WITH input AS (
    SELECT e.id, e.username, e.at, lower(e.username) AS profile, e.batch, e.ord
      -- The times come as text: a timestamptz[] parameter would have the driver turn each into a Date
      -- and back into text.
      FROM unnest($1::text[], $2::text[], $3::text[]::timestamptz[], $4::int[])
           WITH ORDINALITY AS e(id, username, at, batch, ord)
  ), locked AS MATERIALIZED (
    -- A join, not profile_key = ANY (array): the planner takes the campaigns table for small and
    -- scans it, and a row tested against an array parameter goes through it element by element.
    SELECT c.id, c.profile_key AS profile, c.remaining_clicks, c.start_date
      FROM campaigns c
      JOIN (SELECT DISTINCT lower(u) AS profile FROM unnest($2::text[]) AS u) d ON d.profile = c.profile_key
     WHERE c.status
     ORDER BY c.id
     FOR NO KEY UPDATE OF c
  ), fresh AS (
    -- With $5, one primary-key probe per event for ids recorded before (LIMIT keeps the lateral a
    -- probe: the planner would otherwise scan the whole, ever growing table once the group holds a
    -- few hundred ids). Without, the insert finds them (see recordGroup).
    SELECT DISTINCT ON (i.id) i.*
      FROM input i
      LEFT JOIN LATERAL (SELECT true AS found FROM click_events x WHERE $5 AND x.event_id = i.id LIMIT 1) r ON true
     WHERE r.found IS NULL
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
     -- In id order: statements sharing ids then wait for each other instead of deadlocking.
     ORDER BY ev.id
    ON CONFLICT (event_id) DO NOTHING
    RETURNING event_id, billed
  ), charged AS (
    UPDATE campaigns c
       SET clicks_count = c.clicks_count + a.take,
           remaining_clicks = c.remaining_clicks - a.take,
           billed_cents = c.billed_cents + a.take * c.click_rate_cents,
           amount_remaining_cents = c.amount_remaining_cents - a.take * c.click_rate_cents,
           updated_at = now()
      FROM alloc a
     WHERE c.id = a.id AND a.take > 0
    RETURNING c.id, c.remaining_clicks
  ), per_batch AS (
    SELECT ev.batch, count(*)::int AS fresh, count(i.event_id)::int AS inserted,
           count(*) FILTER (WHERE i.billed)::int AS billed
      FROM ev LEFT JOIN inserted i ON i.event_id = ev.id
     GROUP BY ev.batch
  )
  SELECT COALESCE((SELECT json_agg(per_batch) FROM per_batch), '[]')::text AS batches,
         COALESCE((SELECT json_agg(json_build_object('batch', last.batch, 'id', ch.id) ORDER BY ch.id)
                     FROM charged ch
                     JOIN alloc a ON a.id = ch.id
                     JOIN ev last ON last.profile = a.profile AND last.k = a.before + a.take
                    WHERE ch.remaining_clicks = 0), '[]')::text AS used_up,
         CASE WHEN EXISTS (SELECT 1 FROM per_batch WHERE inserted <> fresh)
              THEN click_events_recorded_concurrently() END AS conflict`;

/**
 * PGlite parses and plans every query it is sent, and parsing and planning this statement's CTEs is
 * a good part of a batch's time. On PGlite it therefore runs inside a PL/pgSQL function, which keeps
 * its plan for the session: the same statement, in the caller's transaction. The function lives in
 * the session's temporary schema (PGlite has one session), made on the first batch. PostgreSQL keeps
 * the statement prepared per connection already (db.ts).
 */
const RECORD_AND_BILL_FUNCTION = `
  CREATE OR REPLACE FUNCTION pg_temp.record_and_bill(text[], text[], text[], int[], boolean)
    RETURNS TABLE (batches text, used_up text, conflict boolean)
    LANGUAGE plpgsql AS $record_and_bill$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY ${RECORD_AND_BILL};
  END
  $record_and_bill$`;
const CALL_RECORD_AND_BILL =
  'SELECT * FROM pg_temp.record_and_bill($1::text[], $2::text[], $3::text[], $4::int[], $5::boolean)';
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

/**
 * The statement failed because of a transaction that committed while it ran, and is tried again with
 * a fresh snapshot: another statement recorded one of the group's event ids first (40001, raised by
 * the statement), or a top-up of one of its campaigns committed while it waited for the row. In the
 * second case PostgreSQL checks the campaign's CHECK constraints on the row as the statement's
 * snapshot saw it before it moves to the topped-up row, and that check can fail (23514).
 */
const isConcurrentChange = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '23514';
};
const ATTEMPTS = 5;

/**
 * At most this many events go into one statement: enough to share a commit among several batches
 * sent at once, small enough that one statement stays short.
 */
const MAX_GROUP_EVENTS = 2 * MAX_CLICK_BATCH;

/** A group's answers, and each campaign it used up with the batch that took its last click. */
interface Recorded {
  results: ClickBatchResult[];
  usedUp: { batch: number; id: number }[];
}

interface Waiting {
  events: ClickEvent[];
  resolve: (result: ClickBatchResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The batches of one database waiting to be recorded. One group is recorded at a time; batches that
 * arrive meanwhile wait and go together in the next group (group commit): a lone batch goes at once,
 * and batches sent at the same time share one statement and one commit instead of queueing for the
 * same campaign rows one by one.
 */
class ClickQueue {
  private waiting: Waiting[] = [];
  private recording = false;

  constructor(private readonly db: Db) {}

  add(entry: Waiting): void {
    this.waiting.push(entry);
    if (!this.recording) void this.drain();
  }

  private async drain(): Promise<void> {
    this.recording = true;
    while (this.waiting.length > 0) {
      const group = this.nextGroup();
      let recorded: Recorded;
      try {
        recorded = await recordGroup(
          this.db,
          group.map((entry) => entry.events),
        );
      } catch (error) {
        await this.recordAlone(group, error);
        continue;
      }
      await this.settle(group, recorded);
    }
    this.recording = false;
  }

  /**
   * Ends the campaigns the group used up, then answers its batches. If that fails, the clicks stay
   * recorded and billed, the batches get the error (the partner's retry is answered as duplicates),
   * and the background job ends the campaigns (jobs/runner.ts).
   */
  private async settle(entries: Waiting[], { results, usedUp }: Recorded): Promise<void> {
    try {
      if (usedUp.length > 0) {
        const ended = await endCampaignsOutOfClicks(
          this.db,
          usedUp.map((campaign) => campaign.id),
        );
        for (const { batch, id } of usedUp) if (ended.has(id)) results[batch]!.endedCampaigns += 1;
      }
      entries.forEach((entry, i) => entry.resolve(results[i]!));
    } catch (error) {
      for (const entry of entries) entry.reject(error);
    }
  }

  private nextGroup(): Waiting[] {
    let events = 0;
    let size = 0;
    while (size < this.waiting.length) {
      events += this.waiting[size]!.events.length;
      if (size > 0 && events > MAX_GROUP_EVENTS) break;
      size += 1;
    }
    return this.waiting.splice(0, size);
  }

  /** A failed group: each batch is tried on its own, so one bad batch fails only its own request. */
  private async recordAlone(group: Waiting[], error: unknown): Promise<void> {
    if (group.length === 1) {
      group[0]!.reject(error);
      return;
    }
    for (const entry of group) {
      let recorded: Recorded;
      try {
        recorded = await recordGroup(this.db, [entry.events]);
      } catch (own) {
        entry.reject(own);
        continue;
      }
      await this.settle([entry], recorded);
    }
  }
}

const queueOf = perDatabase((db) => new ClickQueue(db));

/**
 * Records a batch of partner click events and bills them (design §5). Each event id counts once,
 * ever. A click on a profile bills the advertiser whose active campaign on it started first; a click
 * with no purchased click left is recorded but never billed. A campaign whose clicks run out ends at
 * once: its leftover fraction of a click is refunded and a history entry written. Batches recorded
 * at the same time bill as if one came after the other, in the order they arrived.
 */
export function recordClicks(db: Db, events: ClickEvent[]): Promise<ClickBatchResult> {
  const queue = queueOf(db);
  return new Promise((resolve, reject) => queue.add({ events, resolve, reject }));
}

/**
 * The first attempt does not look for ids recorded before: a partner sends each event once, save for
 * a retry, so the probes are usually wasted. If one was recorded before, the insert skips it, the
 * statement fails (as for a concurrent one), and the next attempts look.
 */
async function recordGroup(db: Db, batches: ClickEvent[][]): Promise<Recorded> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await recordOnce(db, batches, attempt > 1);
    } catch (error) {
      if (!isConcurrentChange(error) || attempt === ATTEMPTS) throw error;
    }
  }
}

interface BatchCounts {
  batch: number;
  fresh: number;
  inserted: number;
  billed: number;
}

async function recordOnce(
  db: Db,
  batches: ClickEvent[][],
  lookForRecorded: boolean,
): Promise<Recorded> {
  const statement = await recordAndBillStatement(db);
  const events = batches.flat();
  const [row] = await db.query<{ batches: string; used_up: string }>(statement, [
    events.map((e) => e.id),
    events.map((e) => e.username),
    events.map((e) => e.at.toISOString()),
    batches.flatMap((batch, i) => batch.map(() => i)),
    lookForRecorded,
  ]);
  const results: ClickBatchResult[] = batches.map((batch) => ({
    received: batch.length,
    duplicates: batch.length,
    billed: 0,
    unbilled: 0,
    endedCampaigns: 0,
  }));
  for (const { batch, inserted, billed } of JSON.parse(row!.batches) as BatchCounts[]) {
    const result = results[batch]!;
    result.duplicates = result.received - inserted;
    result.billed = billed;
    result.unbilled = inserted - billed;
  }
  return { results, usedUp: JSON.parse(row!.used_up) as Recorded['usedUp'] };
}

/**
 * Ends those of the campaigns `ids` that are active with all their clicks used (endOutOfClicks).
 * They are locked in id order, as the click statement locks them, and ended in user order, so
 * concurrent transactions take the users' rows in one order; a campaign that another process ended
 * or topped up meanwhile is left alone. Returns the ids it ended.
 */
export async function endCampaignsOutOfClicks(db: Db, ids: number[]): Promise<Set<number>> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<CampaignRow & Record<string, unknown>>(
      `SELECT * FROM campaigns
        WHERE status AND remaining_clicks = 0 AND id = ANY ($1::bigint[])
        ORDER BY id
        FOR UPDATE`,
      [ids],
    );
    const byUser = [...rows].sort((a, b) => a.user_id - b.user_id || a.id - b.id);
    for (const campaign of byUser) await endOutOfClicks(tx, campaign);
    return new Set(rows.map((campaign) => campaign.id));
  });
}

/**
 * The background job's sweep: ends the campaigns a crash (or a failed ending) left active with no
 * clicks, each in its own transaction so one cannot hold up the others. Only those billed last at
 * least `SWEEP_AFTER_SECONDS` ago: a batch being answered right now ends its own. Returns the ids.
 */
export async function sweepCampaignsOutOfClicks(db: Db): Promise<number[]> {
  const due = await db.read.query<{ id: number }>(
    `SELECT id FROM campaigns
      WHERE status AND remaining_clicks = 0 AND updated_at < now() - make_interval(secs => $1)
      ORDER BY id`,
    [SWEEP_AFTER_SECONDS],
  );
  const ended: number[] = [];
  for (const { id } of due) {
    if ((await endCampaignsOutOfClicks(db, [id])).has(id)) ended.push(id);
  }
  return ended;
}
const SWEEP_AFTER_SECONDS = 10;
