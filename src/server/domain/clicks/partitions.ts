import { perDatabase, type Db, type Queryable } from '../../db/db';
import type { PreparedEvent } from './types';

/**
 * The click log's daily partitions (migration 0170): `click_log_YYYYMMDD` holds one UTC day of ids,
 * `click_log_until_YYYYMMDD` (made by the migration) every day before its date.
 */
const DAY_MS = 86_400_000;
// Any fixed number: processes making the same day's partition at once take turns.
const PARTITION_LOCK = 724_310_018;

interface Partitions {
  /** Days with a partition of their own. */
  days: Set<string>;
  /** Days before this one (YYYY-MM-DD) are in the migration's partition. */
  until: string | null;
}

const compact = (day: string) => day.replaceAll('-', '');
const dayOf = (name: string) => `${name.slice(-8, -4)}-${name.slice(-4, -2)}-${name.slice(-2)}`;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The click log's partitions, by name. */
async function partitionNames(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'click_log'::regclass ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

async function readPartitions(db: Queryable): Promise<Partitions> {
  const partitions: Partitions = { days: new Set(), until: null };
  for (const name of await partitionNames(db)) {
    if (name.startsWith('click_log_until_')) partitions.until = dayOf(name);
    else partitions.days.add(dayOf(name));
  }
  return partitions;
}

const covers = (partitions: Partitions, day: string) =>
  partitions.days.has(day) || (partitions.until !== null && day < partitions.until);

/** What this process knows is there; a day it does not know is looked up (and made) once. */
const known = perDatabase<Partitions>(() => ({ days: new Set(), until: null }));

/** Makes the partitions of `days` that are missing, one process at a time; returns how many it made. */
export async function makeClickLogDays(db: Db, days: Iterable<string>): Promise<number> {
  const wanted = [...new Set(days)];
  let made = 0;
  const partitions = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK]);
    const partitions = await readPartitions(tx);
    for (const day of wanted) {
      if (covers(partitions, day)) continue;
      await tx.query(
        `CREATE TABLE click_log_${compact(day)} PARTITION OF click_log
           FOR VALUES FROM ('${day}') TO ('${utcDay(Date.parse(day) + DAY_MS)}')`,
      );
      partitions.days.add(day);
      made += 1;
    }
    return partitions;
  });
  const mine = known(db);
  for (const day of partitions.days) mine.days.add(day);
  mine.until = partitions.until;
  return made;
}

/** Before billing: the days the events are kept under have their partitions. */
export async function ensureClickLogDays(db: Db, events: PreparedEvent[]): Promise<void> {
  const mine = known(db);
  const missing = new Set<string>();
  for (const { day } of events) if (day !== null && !covers(mine, day)) missing.add(day);
  if (missing.size > 0) await makeClickLogDays(db, missing);
}

export interface ClickLogUpkeep {
  /** Partitions made ahead. */
  made: number;
  /** Partitions dropped: their days are past the retention. */
  dropped: string[];
  /** Visitors' memory rows deleted: their days are past the accept window. */
  forgotten: number;
}

/**
 * The background job's upkeep of the click log (design §5): the partitions of yesterday, today and
 * tomorrow are made ahead (a batch never waits for one), partitions whose days are all more than
 * `retentionDays` old are dropped, and the visitors' memory of days past the accept window (it
 * judges only clicks inside it) is deleted. Safe when several processes run it at once.
 */
export async function upkeepClickLog(
  db: Db,
  { acceptDays, retentionDays }: { acceptDays: number; retentionDays: number },
  now = Date.now(),
): Promise<ClickLogUpkeep> {
  const ahead = [-1, 0, 1].map((offset) => utcDay(now + offset * DAY_MS));
  const made = await makeClickLogDays(db, ahead);
  const oldest = utcDay(now - retentionDays * DAY_MS);
  const dropped: string[] = [];
  for (const name of await partitionNames(db)) {
    // A daily partition holds its day; the migration's holds the days before its date.
    const last = name.startsWith('click_log_until_')
      ? utcDay(Date.parse(dayOf(name)) - DAY_MS)
      : dayOf(name);
    if (last >= oldest) continue;
    await db.query(`DROP TABLE IF EXISTS ${name}`);
    dropped.push(name);
  }
  if (dropped.length > 0) {
    const mine = known(db);
    mine.days.clear();
    mine.until = null;
  }
  const forgotten = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM click_visitors WHERE day < $1::date RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [utcDay(now - (acceptDays + 1) * DAY_MS)],
  );
  return { made, dropped, forgotten: forgotten[0]!.n };
}
