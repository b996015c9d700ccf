import type { Db } from '../../db/db';
import { recordAndBillStatement } from './pglite-function';
import type { ClickBatchResult, ClickEvent, Recorded } from './types';

interface BatchCounts {
  batch: number;
  fresh: number;
  inserted: number;
  billed: number;
}

/**
 * Runs the billing statement once for a group of batches and turns its row into one answer per
 * batch. `lookForRecorded` is $5 of the statement (see retries.ts).
 */
export async function recordOnce(
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
