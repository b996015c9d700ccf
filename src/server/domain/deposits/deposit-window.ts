/**
 * When an open request may close (design §2; issue 33 point 4). Its window ends at expires_at, on the
 * chain's clock (deposits.ts). It closes only once the chain watcher has scanned and reconciled up to
 * a head that covers that end (plus the grace below for ETH): a payment made in time is then on
 * record, and the request is confirmed or kept rather than told it expired. The watcher keeps its last
 * complete pass in chain_watcher (checked_at, checked_block, checked_block_time; deposit-watcher.ts).
 */

/**
 * ETH requests are closed this long after their 15-minute window. The page no longer deletes one at
 * zero (issue 31: a payment arriving a moment later then belonged to no request); it keeps following
 * it, and a payment made in the last minute has time to be detected while the request is still open.
 */
export const ETH_EXPIRY_GRACE_SECONDS = 300;

/**
 * How long after its time a block may first be seen: a block's time is when it was due (mainnet: the
 * start of its 12-second slot), and it reaches the node seconds later (anvil's times are whole
 * seconds). A pass that began this long after a window's end has seen every block of the window.
 * Seen on the dev chain: a payment's block was stamped (in whole seconds) before the start of the pass
 * that missed it, so "a pass began after the window's end" alone let the job close a paid request.
 */
export const BLOCK_TIME_LAG_SECONDS = 60;

/** SQL: when the request `d` may close: the end of its window, plus the grace for ETH. */
export const CLOSES_AT = `(d.expires_at + make_interval(secs =>
  CASE WHEN d.coin_type = 'eth' THEN ${ETH_EXPIRY_GRACE_SECONDS} ELSE 0 END))`;

/**
 * SQL, over chain_watcher `w`: its last complete pass covers the time `at` (a SQL expression): it
 * read a head stamped after `at`, or it began BLOCK_TIME_LAG_SECONDS after `at` (an idle chain mines
 * no block: the watcher does not wait for one past the end).
 */
const covers = (at: string, lagSeconds: number) =>
  `(w.checked_block_time > ${at}
    OR w.checked_at > ${at} + make_interval(secs => ${Number(lagSeconds)}))`;

/** SQL: whether the watcher's last complete pass covers the time `at` (a SQL expression). */
export const checkedAfter = (at: string, lagSeconds = BLOCK_TIME_LAG_SECONDS) =>
  `COALESCE((SELECT ${covers(at, lagSeconds)} FROM chain_watcher w WHERE w.id = 1), false)`;

/**
 * SQL: the database's clock (`now`), and whether a pass is due (`due`): an open request's window or
 * its grace ended BLOCK_TIME_LAG_SECONDS ago, and no pass covers that end yet. On an idle chain, that
 * pass is made without a new block.
 */
export const passStart = (lagSeconds = BLOCK_TIME_LAG_SECONDS) => `
  WITH c AS (SELECT clock_timestamp() AS now)
  SELECT c.now, EXISTS (
    SELECT 1 FROM deposits d, chain_watcher w
     WHERE w.id = 1 AND d.status = 'pending' AND d.origin = 'request'
       AND ((d.expires_at + make_interval(secs => ${Number(lagSeconds)}) < c.now
             AND NOT COALESCE(${covers('d.expires_at', lagSeconds)}, false))
         OR (${CLOSES_AT} + make_interval(secs => ${Number(lagSeconds)}) < c.now
             AND NOT COALESCE(${covers(CLOSES_AT, lagSeconds)}, false)))
  ) AS due
  FROM c`;
