import type { Reader, Writer } from '../../db/db';
import type { Chain, ChainScan } from './chain';
import {
  flowsOf,
  foundByBalanceKey,
  knownAt,
  locateArrivals,
  recordFoundByBalance,
  withScan,
  type Arrival,
  type FoundByBalance,
} from './deposit-balances';
import { INTERNAL_LOG_INDEX } from './deposit-views';

/**
 * The two balance checks of the deposit watcher (issue 33 point 1; deposit-balances.ts says how ETH is
 * found by balance):
 * - while scanning blocks, each address with an ETH request open is checked up to the newest block
 *   scanned, so ETH a contract wallet sends is detected in the pass that scans its block;
 * - every BALANCE_RECONCILE_SECONDS, every address at the newest confirmed block (the slow timer).
 */

type Read = (address: string) => (n: bigint) => Promise<bigint | undefined>;

/** One address's check of one scan step, ready to record in the step's transaction. */
export interface AddressCheck {
  address: string;
  /** ETH found by balance in (`lo`, `to`]: what was detected there before is found again or removed. */
  lo: bigint;
  to: bigint;
  /** Whether the node answered at `to`: the address is then checked up to it. */
  checked: boolean;
  found: FoundByBalance[];
}

/**
 * Checks the addresses with an ETH request open at a block of `from`..`to` against the scan of those
 * blocks. Each is searched from the last height it was checked at (or the step's first block, whose
 * ETH found by balance is found again: a reorganisation), up to `to`.
 */
export async function checkEthRequests(
  db: Reader,
  chain: Chain,
  read: Read,
  { chainId, from, to, scan }: { chainId: number; from: bigint; to: bigint; scan: ChainScan },
): Promise<AddressCheck[]> {
  const open = await db.query<{
    address: string;
    user_id: number;
    opened: string;
    last_checked: string | null;
  }>(
    `SELECT lower(a.address) AS address, a.user_id, min(d.from_block)::text AS opened,
            GREATEST(a.eth_checked_block, w.reconciled_block)::text AS last_checked
       FROM deposits d
       JOIN deposit_addresses a ON a.user_id = d.user_id
       LEFT JOIN chain_watcher w ON w.id = 1
      WHERE d.coin_type = 'eth' AND d.origin = 'request' AND d.status = 'pending'
        AND d.from_block <= $1
      GROUP BY a.address, a.user_id, a.eth_checked_block, w.reconciled_block`,
    [to.toString()],
  );
  return Promise.all(
    open.map(async (row) => {
      const start = BigInt(row.opened) > from ? BigInt(row.opened) : from;
      const last = row.last_checked === null ? start - 1n : BigInt(row.last_checked);
      const lo = last < start - 1n ? last : start - 1n;
      const flows = withScan(
        await flowsOf(db, chainId, row.address, to, lo),
        scan,
        row.address,
        from,
        to,
      );
      const { arrivals, checked } = await locateArrivals(read(row.address), knownAt(flows), lo, to);
      const found = await Promise.all(
        arrivals.map((arrival) => dated(chain, scan, row.address, Number(row.user_id), arrival)),
      );
      return { address: row.address, lo, to, checked, found };
    }),
  );
}

/** Records one check; answers how many transfers it found for the first time. */
export async function recordCheck(
  tx: Writer,
  chainId: number,
  check: AddressCheck,
): Promise<number> {
  let detected = 0;
  for (const found of check.found) {
    if (await recordFoundByBalance(tx, chainId, found)) detected += 1;
  }
  await tx.query(
    `UPDATE chain_transfers SET state = 'removed'
      WHERE chain_id = $1 AND log_index = $2 AND state = 'detected' AND lower(to_address) = $3
        AND block_number > $4 AND block_number <= $5 AND NOT (tx_hash = ANY($6::text[]))`,
    [
      chainId,
      INTERNAL_LOG_INDEX,
      check.address,
      check.lo.toString(),
      check.to.toString(),
      check.found.map((found) => foundByBalanceKey(found.address, found.block)),
    ],
  );
  if (check.checked) {
    await tx.query(
      `UPDATE deposit_addresses SET eth_checked_block = GREATEST(COALESCE(eth_checked_block, $2), $2)
        WHERE lower(address) = $1`,
      [check.address, check.to.toString()],
    );
  }
  return detected;
}

/**
 * The slow timer: each address whose balance at `at` (a confirmed block) exceeds what the records
 * explain, searched back to the last height it was checked at.
 */
export async function reconcileBalances(
  db: Reader,
  chain: Chain,
  read: Read,
  {
    chainId,
    at,
    addresses,
    balances,
  }: {
    chainId: number;
    at: bigint;
    addresses: ReadonlyMap<string, number>;
    balances: Map<string, bigint>;
  },
): Promise<FoundByBalance[]> {
  const known = await db.query<{ address: string; wei: string }>(
    `SELECT address, sum(wei)::text AS wei FROM (
       SELECT lower(to_address) AS address, units AS wei FROM chain_transfers
        WHERE chain_id = $1 AND coin_type = 'eth' AND state <> 'removed' AND block_number <= $2
       UNION ALL
       SELECT lower(address), -wei FROM deposit_address_outflows
        WHERE chain_id = $1 AND NOT removed AND block_number <= $2) flows
      GROUP BY address`,
    [chainId, at.toString()],
  );
  const expected = new Map(known.map((row) => [row.address, BigInt(row.wei)]));
  const unseen = [...balances].filter(([address, wei]) => wei > (expected.get(address) ?? 0n));
  if (unseen.length === 0) return [];
  const checks = await db.query<{ address: string; last_checked: string | null }>(
    `SELECT lower(a.address) AS address,
            GREATEST(a.eth_checked_block, w.reconciled_block)::text AS last_checked
       FROM deposit_addresses a LEFT JOIN chain_watcher w ON w.id = 1
      WHERE lower(a.address) = ANY($1::text[])`,
    [unseen.map(([address]) => address)],
  );
  const lastChecked = new Map(checks.map((row) => [row.address, row.last_checked]));
  const found: FoundByBalance[][] = [];
  for (const [address] of unseen) {
    const last = lastChecked.get(address);
    const lo = last === null || last === undefined || BigInt(last) >= at ? at - 1n : BigInt(last);
    const flows = await flowsOf(db, chainId, address, at);
    const { arrivals } = await locateArrivals(read(address), knownAt(flows), lo, at);
    const scan: ChainScan = { transfers: [], outflows: [], blocks: [] };
    found.push(
      await Promise.all(
        arrivals.map((arrival) => dated(chain, scan, address, addresses.get(address)!, arrival)),
      ),
    );
  }
  return found.flat();
}

/** An arrival with its block's hash and time, and its bound's time. */
async function dated(
  chain: Chain,
  scan: ChainScan,
  address: string,
  userId: number,
  arrival: Arrival,
): Promise<FoundByBalance> {
  const blockOf = async (n: bigint) =>
    scan.blocks.find((block) => block.number === n) ?? { ...(await chain.block(n)), number: n };
  const block = await blockOf(arrival.block);
  const bound = arrival.bound === undefined ? undefined : await blockOf(arrival.bound);
  return {
    ...arrival,
    address,
    userId,
    blockHash: block.hash,
    blockTime: block.time,
    ...(bound ? { boundTime: bound.time } : {}),
  };
}
