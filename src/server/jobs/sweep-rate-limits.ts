import type { Writer } from '../db/db';

/**
 * Deletes the PostgreSQL rate-limit counters whose window has ended (they already count as zero).
 * Idempotent, so any number of processes may run it at once.
 */
export async function sweepRateLimitCounters(db: Writer): Promise<number> {
  const [row] = await db.query<{ swept: number }>(
    `WITH gone AS (DELETE FROM rate_limit_counters WHERE reset_at <= now() RETURNING 1)
     SELECT count(*)::bigint AS swept FROM gone`,
  );
  return Number(row!.swept);
}
