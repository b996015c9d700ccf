import { coinOf, COINS } from '../../shared/coins';
import { coinSymbol, type CoinType } from '../../shared/contract/deposits';
import { formatCents } from '../../shared/money';
import type { Reader } from '../db/db';
import {
  detectedPayment,
  formatCoinUnits,
  INTERNAL_LOG_INDEX,
} from '../domain/deposits/deposit-views';
import { checkedAfter, CLOSES_AT } from '../domain/deposits/deposit-window';
import { plural } from './actions';

/**
 * What is overdue this long looks stuck: each thing below happens within a minute or two when the
 * servers run (the watcher polls every few seconds, the jobs every JOB_INTERVAL_SECONDS, 60; a
 * mainnet transfer's 12 confirmations take under 3 minutes).
 */
export const STUCK_AFTER_MINUTES = 30;
/** An active campaign with clicks left that billed none for this long. */
export const IDLE_CAMPAIGN_DAYS = 7;

export interface StuckItem {
  kind: 'transfer' | 'deposit' | 'watcher' | 'campaign';
  /** The row's id (none for the watcher). */
  id: number | null;
  /** What the command prints: what it is, and what did not happen. */
  line: string;
}

/**
 * stuck: deposits and campaigns that look stuck, read only.
 * - a transfer detected and not credited 30 minutes on: crediting fails (with its confirmations), or
 *   the watcher stopped before it had them;
 * - a deposit request still pending 30 minutes after its window (and the ETH grace) closed, with no
 *   payment confirming: the expiry job did not close it, or no watcher pass checked for its payment
 *   since (issue 33 point 4: until one has, it is kept open);
 * - the chain watcher, when it has not scanned for 30 minutes while requests are open or transfers
 *   wait;
 * - an active campaign with no clicks left 30 minutes on: the job did not end it (its leftover stays
 *   out of the balance);
 * - an active campaign on a profile no longer listed: never placed, its budget held;
 * - an active campaign with clicks left that billed none in 7 days;
 * - (issue 33) ETH found by balance in the last 30 days: its sender is unknown (the node offers no
 *   traces), so it may be sweep gas sent through a contract; and one dated by a bound (the node could
 *   not answer for the blocks before it), whose date the operator may want to check.
 */
export async function findStuck(
  db: Reader,
  settings: { confirmations: number },
): Promise<StuckItem[]> {
  return [
    ...(await stuckTransfers(db, settings.confirmations)),
    ...(await foundByBalance(db)),
    ...(await stuckDeposits(db)),
    ...(await stuckWatcher(db)),
    ...(await stuckCampaigns(db)),
  ];
}

async function stuckTransfers(db: Reader, required: number): Promise<StuckItem[]> {
  const rows = await db.query<{
    id: number;
    email: string;
    coin_type: CoinType;
    units: string;
    block_number: number;
    tx_hash: string;
    log_index: number;
    created_at: Date;
    head_block: number | null;
  }>(
    `SELECT t.id, u.email, t.coin_type, t.units::text AS units, t.block_number, t.tx_hash,
            t.log_index, t.created_at, w.head_block
       FROM chain_transfers t
       JOIN users u ON u.id = t.user_id
       LEFT JOIN chain_watcher w ON w.id = 1
      WHERE t.state = 'detected' AND t.created_at < now() - make_interval(mins => $1)
      ORDER BY t.id`,
    [STUCK_AFTER_MINUTES],
  );
  return rows.map((row) => {
    const seen = Math.max(1, Number(row.head_block ?? row.block_number) - row.block_number + 1);
    const source =
      Number(row.log_index) === INTERNAL_LOG_INDEX ? 'found by balance' : `tx ${row.tx_hash}`;
    const why =
      seen >= required
        ? `it has its ${plural(required, 'confirmation')}, so crediting fails: see the server log ("deposit watcher: credit failed")`
        : `${seen} of ${required} confirmations at the watcher's last scan`;
    return {
      kind: 'transfer',
      id: Number(row.id),
      line:
        `transfer ${row.id}: ${formatCoinUnits(coinOf(COINS, row.coin_type), BigInt(row.units))} ${coinSymbol(row.coin_type)} ` +
        `to ${row.email} in block ${row.block_number} (${source}), detected ${time(row.created_at)} and not credited; ${why}`,
    };
  });
}

/** ETH found by balance is listed this long after it was detected. */
export const FOUND_BY_BALANCE_DAYS = 30;

async function foundByBalance(db: Reader): Promise<StuckItem[]> {
  const rows = await db.query<{
    id: number;
    email: string;
    units: string;
    block_number: number;
    state: string;
    credited_cents: number | null;
    bound_block: number | null;
    bound_time: Date | null;
  }>(
    `SELECT t.id, u.email, t.units::text AS units, t.block_number, t.state, t.credited_cents,
            t.bound_block, t.bound_time
       FROM chain_transfers t JOIN users u ON u.id = t.user_id
      WHERE t.log_index = $1
        AND (t.state = 'credited' OR (t.state = 'detected' AND t.bound_block IS NOT NULL))
        AND t.created_at > now() - make_interval(days => $2)
      ORDER BY t.id`,
    [INTERNAL_LOG_INDEX, FOUND_BY_BALANCE_DAYS],
  );
  return rows.map((row) => {
    const bound =
      row.bound_block === null
        ? ''
        : `, dated by a bound: the node could not answer for the blocks before it, and it counts as paid by block ${row.bound_block} (${time(row.bound_time!)}), the last one checked`;
    const money =
      row.state === 'credited'
        ? `credited ${formatCents(Number(row.credited_cents))}`
        : 'not credited yet';
    return {
      kind: 'transfer',
      id: Number(row.id),
      line:
        `transfer ${row.id}: ${formatCoinUnits(coinOf(COINS, 'eth'), BigInt(row.units))} ETH to ${row.email} found by balance in block ${row.block_number}${bound}; ${money}. ` +
        'Its sender is unknown (the node offers no traces): check it is not gas for sweeping sent through a contract (sweeps must fund deposit addresses by direct transactions)',
    };
  });
}

async function stuckDeposits(db: Reader): Promise<StuckItem[]> {
  const rows = await db.query<{
    id: number;
    email: string;
    coin_type: CoinType;
    amount_cents: number;
    expires_at: Date;
    checked: boolean;
  }>(
    `SELECT d.id, u.email, d.coin_type, d.amount_cents, d.expires_at,
            ${checkedAfter(CLOSES_AT)} AS checked
       FROM deposits d JOIN users u ON u.id = d.user_id
      WHERE d.status = 'pending' AND d.origin = 'request'
        AND ${CLOSES_AT} < now() - make_interval(mins => $1)
        AND ${detectedPayment(COINS)} IS NULL
      ORDER BY d.id`,
    [STUCK_AFTER_MINUTES],
  );
  return rows.map((row) => ({
    kind: 'deposit',
    id: Number(row.id),
    line:
      `deposit ${row.id}: ${formatCents(Number(row.amount_cents))} in ${coinSymbol(row.coin_type)} by ${row.email}, ` +
      `pending though its window closed ${time(row.expires_at)}: ` +
      (row.checked
        ? 'the expiry job has not closed it (do the servers run their jobs?)'
        : 'no pass of the chain watcher has checked for its payment since, so it is kept open (is RPC_URL answering?)'),
  }));
}

async function stuckWatcher(db: Reader): Promise<StuckItem[]> {
  const [row] = await db.query<{
    next_block: number;
    head_block: number;
    updated_at: Date;
    open: number;
    waiting: number;
  }>(
    `SELECT w.next_block, w.head_block, w.updated_at,
            (SELECT count(*) FROM deposits WHERE status = 'pending' AND origin = 'request')::int AS open,
            (SELECT count(*) FROM chain_transfers WHERE state = 'detected')::int AS waiting
       FROM chain_watcher w
      WHERE w.id = 1 AND w.updated_at < now() - make_interval(mins => $1)`,
    [STUCK_AFTER_MINUTES],
  );
  if (!row || row.open + row.waiting === 0) return [];
  return [
    {
      kind: 'watcher',
      id: null,
      line:
        `chain watcher: last scanned up to block ${Number(row.next_block) - 1} (head ${row.head_block}) at ${time(row.updated_at)}, ` +
        `while ${plural(row.open, 'deposit request')} ${row.open === 1 ? 'is' : 'are'} open and ` +
        `${plural(row.waiting, 'transfer')} ${row.waiting === 1 ? 'waits' : 'wait'} to be credited (is RPC_URL answering?)`,
    },
  ];
}

async function stuckCampaigns(db: Reader): Promise<StuckItem[]> {
  const rows = await db.query<{
    id: number;
    email: string;
    profile_username: string;
    remaining_clicks: number;
    amount_remaining_cents: number;
    updated_at: Date;
    start_date: Date;
    listed: boolean;
    last_billed: Date | null;
  }>(
    `SELECT c.id, u.email, c.profile_username, c.remaining_clicks, c.amount_remaining_cents,
            c.updated_at, c.start_date, p.listed, b.last_billed
       FROM campaigns c
       JOIN users u ON u.id = c.user_id
       JOIN profiles p ON p.username = c.profile_username
       LEFT JOIN LATERAL (SELECT max(h.hour) AS last_billed FROM click_hours h
                           WHERE h.campaign_id = c.id AND h.billed > 0) b ON true
      WHERE c.status
        AND ((c.remaining_clicks = 0 AND c.updated_at < now() - make_interval(mins => $1))
             OR (c.remaining_clicks > 0 AND NOT p.listed)
             OR (c.remaining_clicks > 0 AND c.start_date < now() - make_interval(days => $2)
                 AND COALESCE(b.last_billed < now() - make_interval(days => $2), true)))
      ORDER BY c.id`,
    [STUCK_AFTER_MINUTES, IDLE_CAMPAIGN_DAYS],
  );
  return rows.map((row) => {
    const campaign = `campaign ${row.id} of ${row.email} on ${row.profile_username}`;
    const left = `${plural(row.remaining_clicks, 'click')} left (${formatCents(Number(row.amount_remaining_cents))})`;
    let line: string;
    if (row.remaining_clicks === 0) {
      line = `${campaign}: active with no clicks left since ${time(row.updated_at)}: the job has not ended it (do the servers run their jobs?)`;
    } else if (!row.listed) {
      line = `${campaign}: active with ${left}, but ${row.profile_username} is no longer listed at the partner, so it is never placed`;
    } else {
      const last = row.last_billed ? `since ${time(row.last_billed)}` : 'ever';
      line = `${campaign}: active since ${time(row.start_date)} with ${left} and no billed click ${last}`;
    }
    return { kind: 'campaign', id: Number(row.id), line };
  });
}

/** A time as the lines show it: UTC, to the second. */
function time(value: Date): string {
  return `${new Date(value).toISOString().slice(0, 19)}Z`;
}
