import type { CoinType } from '../../../shared/contract/deposits';
import type { Writer } from '../../db/db';
import type { ChainOutflow, ChainScan, ChainTransfer } from './chain';
import { recordCheck, type AddressCheck } from './deposit-balance-checks';
import type { WatcherLease } from './deposit-watcher-lease';
import { INTERNAL_LOG_INDEX } from './deposit-views';

/** One scan of blocks `from`..`to` (inclusive) and what the watcher knows to record it. */
export interface ScanToRecord {
  chainId: number;
  from: bigint;
  to: bigint;
  head: bigint;
  scan: ChainScan;
  /** The ETH requests' balance checks over these blocks (deposit-balance-checks.ts). */
  checks: AddressCheck[];
  /** The advertiser of each deposit address (lower case). */
  addresses: ReadonlyMap<string, number>;
  sweepFunders: ReadonlySet<string>;
}

/**
 * Records one scan and moves the cursor past it, in the caller's transaction, only while this process
 * holds the lease (it throws when the lease was lost, and the transaction rolls back); answers the
 * coins of the transfers recorded for the first time.
 */
export async function recordScan(
  tx: Writer,
  lease: WatcherLease,
  { chainId, from, to, head, scan, checks, addresses, sweepFunders }: ScanToRecord,
): Promise<CoinType[]> {
  const moved = await tx.query(
    `UPDATE chain_watcher SET next_block = $2, head_block = $3, updated_at = now(),
        lease_until = now() + make_interval(secs => $4)
      WHERE id = 1 AND lease_owner = $1 AND lease_until > now() RETURNING id`,
    [lease.owner, (to + 1n).toString(), head.toString(), lease.seconds],
  );
  if (moved.length === 0) {
    lease.lost();
    throw new Error('deposit watcher: lease lost, scan not recorded');
  }
  const seen: string[] = [];
  const detected: CoinType[] = [];
  for (const transfer of scan.transfers) {
    seen.push(`${transfer.txHash}:${transfer.logIndex}:${transfer.traceAddress}`);
    const gas = isSweepGas(transfer, sweepFunders);
    const userId = addresses.get(transfer.to.toLowerCase());
    if ((await recordTransfer(tx, chainId, userId, transfer, gas)) && !gas) {
      detected.push(transfer.coin);
    }
  }
  // Detected in these blocks before, not now: gone in a reorganisation (revived if it returns).
  // ETH found by balance is found again (or removed) by the checks below.
  await tx.query(
    `UPDATE chain_transfers SET state = 'removed'
      WHERE chain_id = $1 AND state = 'detected' AND block_number BETWEEN $2 AND $3
        AND log_index <> $5
        AND NOT (tx_hash || ':' || log_index || ':' || trace_address = ANY($4::text[]))`,
    [chainId, from.toString(), to.toString(), seen, INTERNAL_LOG_INDEX],
  );
  const sent: string[] = [];
  for (const outflow of scan.outflows) {
    sent.push(outflow.txHash);
    await recordOutflow(tx, chainId, outflow);
  }
  await tx.query(
    `UPDATE deposit_address_outflows SET removed = true
      WHERE chain_id = $1 AND NOT removed AND block_number BETWEEN $2 AND $3
        AND NOT (tx_hash = ANY($4::text[]))`,
    [chainId, from.toString(), to.toString(), sent],
  );
  for (const check of checks) {
    const found = await recordCheck(tx, chainId, check);
    for (let i = 0; i < found; i += 1) detected.push('eth');
  }
  return detected;
}

/**
 * Records a transfer to a deposit address, inside the caller's transaction: a new one as detected (gas
 * for sweeping as ignored: on record, never shown as a payment), one seen before moved to the block it
 * is in now (a transfer removed in a reorganisation comes back detected; a credited one is left as it
 * is). Answers whether it was new. The watcher's scans and the operator's rescan (src/server/operator)
 * both record through it.
 */
export async function recordTransfer(
  tx: Writer,
  chainId: number,
  userId: number | undefined,
  transfer: ChainTransfer,
  sweepGas: boolean,
): Promise<boolean> {
  // xmax is 0 only in a row version this statement inserted: a transfer scanned again (the
  // unconfirmed blocks are, each pass) is updated, not detected twice.
  const [row] = await tx.query<{ inserted: boolean }>(
    `INSERT INTO chain_transfers (chain_id, tx_hash, log_index, user_id, coin_type, from_address,
        to_address, units, block_number, block_hash, block_time, state, trace_address)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10, $11, $12, $13)
      ON CONFLICT (chain_id, tx_hash, log_index, trace_address) DO UPDATE SET
        block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash,
        block_time = EXCLUDED.block_time, state = EXCLUDED.state
        WHERE chain_transfers.state IN ('detected', 'removed')
      RETURNING xmax = 0 AS inserted`,
    [
      chainId,
      transfer.txHash,
      transfer.logIndex,
      userId,
      transfer.coin,
      transfer.from,
      transfer.to,
      transfer.units.toString(),
      transfer.blockNumber.toString(),
      transfer.blockHash,
      transfer.blockTime,
      sweepGas ? 'ignored' : 'detected',
      transfer.traceAddress,
    ],
  );
  return row?.inserted === true;
}

/**
 * ETH the operator sends for sweeping (design §2, issue 33 point 3): from an address in
 * SWEEP_FUNDER_ADDRESSES, directly or through contracts (any caller on its trace path). On record (the
 * balance checks count it), never credited.
 */
export function isSweepGas(
  transfer: Pick<ChainTransfer, 'coin' | 'from' | 'callers'>,
  sweepFunders: ReadonlySet<string>,
): boolean {
  if (transfer.coin !== 'eth') return false;
  return [transfer.from, ...(transfer.callers ?? [])].some((address) =>
    sweepFunders.has(address.toLowerCase()),
  );
}

/** Records ETH that left a deposit address (a sweep: its value and gas), for the balance check. */
export async function recordOutflow(
  tx: Writer,
  chainId: number,
  outflow: ChainOutflow,
): Promise<void> {
  await tx.query(
    `INSERT INTO deposit_address_outflows (chain_id, tx_hash, address, wei, block_number,
        block_hash)
      VALUES ($1, $2, $3, $4::numeric, $5, $6)
      ON CONFLICT (chain_id, tx_hash) DO UPDATE SET block_number = EXCLUDED.block_number,
        block_hash = EXCLUDED.block_hash, wei = EXCLUDED.wei, removed = false`,
    [
      chainId,
      outflow.txHash,
      outflow.address,
      outflow.wei.toString(),
      outflow.blockNumber.toString(),
      outflow.blockHash,
    ],
  );
}
