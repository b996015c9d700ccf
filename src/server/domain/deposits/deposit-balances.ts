import type { Address } from 'viem';
import type { Reader, Writer } from '../../db/db';
import type { Chain, ChainScan } from './chain';
import { INTERNAL_LOG_INDEX } from './deposit-views';

/**
 * Issue 33 point 1: ETH a contract sends (an internal transfer) is in no transaction's value. Where the
 * node offers no trace (or a trace misses it), it shows only in the address's balance: the balance at a
 * block less the ETH recorded in and plus the ETH recorded out up to it is what arrived unseen. It is
 * dated to the block where it appeared (a search over the balances between a height whose balance was
 * explained and the newest), priced by that block's time like any transfer, recorded as detected under
 * the key `balance:<address>:<block>` (log index -2), and credited once confirmed. Where the node
 * cannot answer for the heights before it (pruned state, a dev chain reloaded from its state file), it
 * is dated at the earliest height it answers for and marked as dated by a bound: the last height
 * checked before it (bound_block), whose time decides whether it was paid inside a window.
 */

/** ETH that appeared at an address, as the search found it. */
export interface Arrival {
  block: bigint;
  units: bigint;
  /** Dated by a bound: the last height checked before it (the node could not answer in between). */
  bound?: bigint;
}

/** More arrivals than this between two checks of one address are recorded together at the last. */
const MAX_ARRIVALS = 20;

/**
 * Where ETH no record explains appeared between `lo` (a height where everything was explained) and
 * `hi`: `read(n)` is the address's balance at n (undefined where the node cannot answer: then at no
 * height below it either), `known(n)` the ETH the records put there. Each arrival is the first height
 * whose balance exceeds what the records and the arrivals before it explain. Answers the arrivals and
 * whether `hi` could be read (`checked`).
 */
export async function locateArrivals(
  read: (n: bigint) => Promise<bigint | undefined>,
  known: (n: bigint) => bigint,
  lo: bigint,
  hi: bigint,
): Promise<{ arrivals: Arrival[]; checked: boolean }> {
  const top = await read(hi);
  if (top === undefined) return { arrivals: [], checked: false };
  const arrivals: Arrival[] = [];
  let found = 0n;
  const excess = (n: bigint, balance: bigint) => balance - known(n) - found;
  let from = lo;
  while (excess(hi, top) > 0n && from < hi) {
    if (arrivals.length === MAX_ARRIVALS - 1) {
      arrivals.push({ block: hi, units: excess(hi, top) });
      break;
    }
    // The smallest height in (from, hi] whose balance exceeds what is explained: binary search,
    // `a` explained or unreadable, `b` in excess.
    let [a, b, atB] = [from, hi, top];
    let checked = from;
    let unreadable = false;
    while (b - a > 1n) {
      const mid = (a + b) / 2n;
      const balance = await read(mid);
      if (balance === undefined) {
        [a, unreadable] = [mid, true];
      } else if (excess(mid, balance) > 0n) {
        [b, atB] = [mid, balance];
      } else {
        [a, checked, unreadable] = [mid, mid, false];
      }
    }
    const units = excess(b, atB);
    arrivals.push(unreadable ? { block: b, units, bound: checked } : { block: b, units });
    found += units;
    from = b;
  }
  return { arrivals, checked: true };
}

/** An address's ETH flows on record (transfers in, and out: sweeps and their gas), by key. */
export interface Flows {
  /**
   * Key `tx_hash:log_index:trace_address` (`out:tx_hash` for ETH out) -> block, signed wei, and
   * whether it was credited (a rescan of its block no longer moves it).
   */
  byKey: Map<string, { block: bigint; wei: bigint; credited: boolean }>;
}

/** What the flows explain at height n. */
export function knownAt(flows: Flows): (n: bigint) => bigint {
  const sorted = [...flows.byKey.values()].sort((x, y) => (x.block < y.block ? -1 : 1));
  return (n) => {
    let sum = 0n;
    for (const flow of sorted) {
      if (flow.block > n) break;
      sum += flow.wei;
    }
    return sum;
  };
}

/**
 * The ETH flows on record for an address up to `upTo`. ETH found by balance that is still detected in
 * (`rederiveFrom`, `upTo`] is left out: the caller finds it again (or not, after a reorganisation).
 */
export async function flowsOf(
  db: Reader,
  chainId: number,
  address: string,
  upTo: bigint,
  rederiveFrom?: bigint,
): Promise<Flows> {
  const rows = await db.query<{
    key: string;
    block_number: string;
    wei: string;
    credited: boolean;
  }>(
    `SELECT tx_hash || ':' || log_index || ':' || trace_address AS key,
            block_number::text AS block_number, units::text AS wei, state = 'credited' AS credited
       FROM chain_transfers
      WHERE chain_id = $1 AND coin_type = 'eth' AND lower(to_address) = $2 AND state <> 'removed'
        AND block_number <= $3
        AND NOT (log_index = $4 AND state = 'detected' AND block_number > $5)
     UNION ALL
     SELECT 'out:' || tx_hash, block_number::text, (-wei)::text, false FROM deposit_address_outflows
      WHERE chain_id = $1 AND lower(address) = $2 AND NOT removed AND block_number <= $3`,
    [chainId, address, upTo.toString(), INTERNAL_LOG_INDEX, (rederiveFrom ?? upTo).toString()],
  );
  return {
    byKey: new Map(
      rows.map((row) => [
        row.key,
        { block: BigInt(row.block_number), wei: BigInt(row.wei), credited: row.credited },
      ]),
    ),
  };
}

/**
 * The flows as the scan of blocks `from`..`to` leaves them once recorded: what it saw in those blocks
 * replaces what was on record there as detected (a reorganisation), credited records stay.
 */
export function withScan(
  flows: Flows,
  scan: ChainScan,
  address: string,
  from: bigint,
  to: bigint,
): Flows {
  const byKey = new Map(flows.byKey);
  for (const [key, flow] of byKey) {
    if (flow.block >= from && flow.block <= to && !flow.credited) byKey.delete(key);
  }
  for (const transfer of scan.transfers) {
    if (transfer.coin !== 'eth' || transfer.to.toLowerCase() !== address) continue;
    const key = `${transfer.txHash}:${transfer.logIndex}:${transfer.traceAddress}`;
    if (byKey.get(key)?.credited) continue;
    byKey.set(key, { block: transfer.blockNumber, wei: transfer.units, credited: false });
  }
  for (const outflow of scan.outflows) {
    if (outflow.address.toLowerCase() !== address) continue;
    byKey.set(`out:${outflow.txHash}`, {
      block: outflow.blockNumber,
      wei: -outflow.wei,
      credited: false,
    });
  }
  return { byKey };
}

/** Balances read during one pass, each address and height once (the searches share heights). */
export function balanceReader(chain: Chain) {
  const cache = new Map<string, Promise<bigint | undefined>>();
  return (address: string) => (n: bigint) => {
    const key = `${address}:${n}`;
    let read = cache.get(key);
    if (!read) {
      read = chain.balanceIfKnown(address as Address, n);
      cache.set(key, read);
    }
    return read;
  };
}

/** ETH found by balance, ready to record: its address, advertiser, block (hash, time) and bound. */
export interface FoundByBalance extends Arrival {
  address: string;
  userId: number;
  blockHash: string;
  blockTime: Date;
  boundTime?: Date;
}

export const foundByBalanceKey = (address: string, block: bigint) => `balance:${address}:${block}`;

/**
 * Records ETH found by balance as detected (revived if a reorganisation removed it and it is back);
 * answers whether it was new.
 */
export async function recordFoundByBalance(
  tx: Writer,
  chainId: number,
  found: FoundByBalance,
): Promise<boolean> {
  const [row] = await tx.query<{ inserted: boolean }>(
    `INSERT INTO chain_transfers (chain_id, tx_hash, log_index, user_id, coin_type, from_address,
        to_address, units, block_number, block_hash, block_time, state, bound_block, bound_time)
      VALUES ($1, $2, $3, $4, 'eth', $5, $6, $7::numeric, $8, $9, $10, 'detected', $11, $12)
      ON CONFLICT (chain_id, tx_hash, log_index, trace_address) DO UPDATE SET
        units = EXCLUDED.units, block_hash = EXCLUDED.block_hash, block_time = EXCLUDED.block_time,
        state = 'detected', bound_block = EXCLUDED.bound_block, bound_time = EXCLUDED.bound_time
        WHERE chain_transfers.state IN ('detected', 'removed')
      RETURNING xmax = 0 AS inserted`,
    [
      chainId,
      foundByBalanceKey(found.address, found.block),
      INTERNAL_LOG_INDEX,
      found.userId,
      ZERO_ADDRESS,
      found.address,
      found.units.toString(),
      found.block.toString(),
      found.blockHash,
      found.blockTime,
      found.bound?.toString() ?? null,
      found.boundTime ?? null,
    ],
  );
  return row?.inserted === true;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
