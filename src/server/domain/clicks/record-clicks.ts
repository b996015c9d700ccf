import type { Db } from '../../db/db';
import { prepareEvents, type ClickRules } from './classify';
import { queueOf } from './group-commit';
import type { ClickBatchResult, ClickEvent } from './types';

/**
 * Records a batch of partner click events and bills the valid ones (design §5). Each event id counts
 * once, ever. Invalid clicks (README.md: bots, double clicks, past the daily cap, profiles not placed,
 * dated outside the accept window) are counted by reason and never billed. A valid click on a
 * profile bills the advertiser whose active campaign on it started first; a click with no purchased
 * click left is recorded but never billed. A campaign whose clicks run out ends at once: its leftover
 * fraction of a click is refunded and a history entry written. Batches recorded at the same time
 * bill as if one came after the other, in the order they arrived.
 */
export function recordClicks(
  db: Db,
  events: ClickEvent[],
  rules: ClickRules,
): Promise<ClickBatchResult> {
  const queue = queueOf(db);
  const prepared = prepareEvents(events, rules);
  return new Promise((resolve, reject) => queue.add({ events: prepared, rules, resolve, reject }));
}
