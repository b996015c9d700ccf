import type { Db } from '../../db/db';
import { queueOf } from './group-commit';
import type { ClickBatchResult, ClickEvent } from './types';

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
