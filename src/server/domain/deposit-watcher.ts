import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import type { CoinRegistry } from '../../shared/coins';
import type { CoinType } from '../../shared/contract/deposits';
import type { Db, Writer } from '../db/db';
import type { Chain, ChainOutflow, ChainScan, ChainTransfer } from './chain';
import {
  checkEthRequests,
  reconcileBalances,
  recordCheck,
  type AddressCheck,
} from './deposit-balance-checks';
import { balanceReader, recordFoundByBalance } from './deposit-balances';
import { creditTransfer } from './deposit-credits';
import { depositAddressesAfter } from './deposit-addresses';
import { INTERNAL_LOG_INDEX } from './deposit-views';
import { BLOCK_TIME_LAG_SECONDS, passStart } from './deposit-window';

/** Blocks scanned per step while catching up. */
const MAX_BLOCKS_PER_SCAN = 50n;
/** Addresses whose balance is read at once while reconciling. */
const RECONCILE_BATCH = 100;
/** How long a verify call waits for the process holding the lease to pass the head it saw. */
const SYNC_WAIT_MS = 3000;

export interface WatcherSettings {
  db: Db;
  chain: Chain;
  /** Lower-case addresses of SWEEP_FUNDER_ADDRESSES: their ETH is gas for sweeping, never credited. */
  sweepFunders: string[];
  pollMs: number;
  reconcileSeconds: number;
  log: FastifyBaseLogger;
  /** Told of the watcher's work, for the metrics (plugins/metrics.ts). */
  observer?: WatcherObserver;
  /** BLOCK_TIME_LAG_SECONDS (deposit-window.ts) unless a test makes it shorter. */
  blockTimeLagSeconds?: number;
  /** The coins taken (src/shared/coins.ts) unless a test adds its own; the chain scans for the same. */
  coins?: CoinRegistry;
}

/** What the watcher tells of its work; each is told once its transaction committed. */
export interface WatcherObserver {
  /** A transfer to a deposit address recorded for the first time (gas for sweeping is not one). */
  detected(coin: CoinType): void;
  /** A detected transfer credited to its advertiser. */
  credited(coin: CoinType): void;
  /** Blocks from the last one scanned to the chain's head, at each pass: 0 when caught up. */
  lag(blocks: number): void;
  /** One poll of the timer (`start`) and how long it took; a failed one is retried at the next. */
  polled(outcome: 'ok' | 'failed', seconds: number): void;
}

export interface DepositWatcher {
  /**
   * Brings deposits up to the chain's head now (verify-transaction-v2 hurries it): scans and credits
   * when this process holds the lease or can take it, else waits up to 3 s for the one that does.
   */
  syncNow(): Promise<void>;
  /** Reads every deposit address's ETH balance and credits what no transaction explains. */
  reconcileNow(): Promise<void>;
  /** Polls every CHAIN_POLL_MS until stopped. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * Design §2: the chain watcher. It follows the chain from a cursor kept in the database
 * (chain_watcher.next_block); one process at a time holds the lease to move it, so several servers
 * can run it. Each step scans new blocks, plus the last CONFIRMATIONS - 1 again: a transfer seen there
 * is recorded as detected, one that disappeared (a reorganisation) as removed, and a detected one with
 * enough confirmations is credited (deposit-credits.ts, once ever). Contract wallets' ETH, invisible in
 * transactions, is found by reconciling balances every BALANCE_RECONCILE_SECONDS.
 */
export function createDepositWatcher(settings: WatcherSettings): DepositWatcher {
  const { db, chain, log, observer } = settings;
  const lag = settings.blockTimeLagSeconds ?? BLOCK_TIME_LAG_SECONDS;
  const owner = randomUUID();
  const leaseSeconds = Math.max(15, Math.ceil((settings.pollMs * 5) / 1000));
  const addresses = new Map<string, number>();
  let lastIndex = -1;
  let lastReconcile = 0;
  let running: Promise<boolean> | undefined;
  let held: { until: number; next: bigint } | undefined;
  let lastHead: bigint | undefined;
  let idlePasses = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const credit = {
    sweepFunders: new Set(settings.sweepFunders),
    ethUsdPriceAt: (time: Date) => chain.ethUsdPriceAt(time),
    coins: settings.coins,
  };
  const sweepGas = (transfer: Pick<ChainTransfer, 'coin' | 'from' | 'callers'>) =>
    isSweepGas(transfer, credit.sweepFunders);
  /** Tells the blocks not yet scanned: those from the cursor (`next`) up to the head. */
  const reportLag = (head: bigint, next: bigint | undefined) => {
    if (next === undefined) return;
    const behind = head - next + 1n;
    observer?.lag(behind > 0n ? Number(behind) : 0);
  };

  const refreshAddresses = async () => {
    for (const row of await depositAddressesAfter(db.read, lastIndex)) {
      addresses.set(row.address, row.userId);
      lastIndex = Math.max(lastIndex, row.index);
    }
  };

  /**
   * Takes or renews the lease; answers the cursor, or undefined when another process holds it. While
   * more than half of it is left, this process knows it holds it and writes nothing (every write
   * empties the read cache).
   */
  const lease = async (chainId: number, head: bigint): Promise<bigint | undefined> => {
    if (held && held.until > Date.now()) return held.next;
    const start = head - BigInt(chain.confirmations) + 1n;
    const [row] = await db.query<{ next_block: string }>(
      `INSERT INTO chain_watcher (id, chain_id, next_block, head_block, lease_owner, lease_until)
         VALUES (1, $1, LEAST($2::bigint,
           COALESCE((SELECT min(from_block) FROM deposits WHERE status = 'pending'), $2::bigint)),
           $3, $4, now() + make_interval(secs => $5))
       ON CONFLICT (id) DO UPDATE SET lease_owner = $4, lease_until = now() + make_interval(secs => $5)
         WHERE chain_watcher.lease_owner = $4 OR chain_watcher.lease_owner IS NULL
            OR chain_watcher.lease_until < now()
       RETURNING next_block::text`,
      [chainId, (start > 0n ? start : 0n).toString(), head.toString(), owner, leaseSeconds],
    );
    held = row
      ? { until: Date.now() + leaseSeconds * 500, next: BigInt(row.next_block) }
      : undefined;
    return held?.next;
  };

  /**
   * One pass up to the head; false when another process holds the lease. With no new block since
   * the last pass it does nothing, but every tenth time (the blocks not yet confirmed are looked at
   * again, for a reorganisation at the same height) or when `force`d (a verify call).
   */
  const tick = async (force: boolean): Promise<boolean> => {
    // The pass's start on the database's clock, read before the head: every block up to the head read
    // below was made before it (issue 33 point 4: requests close only after such a pass).
    const [start] = await db.read.query<{ now: Date; due: boolean }>(passStart(lag));
    const [chainId, latest] = await Promise.all([chain.chainId(), chain.latestBlock()]);
    const head = latest.number;
    const idle = head === lastHead && ++idlePasses % 10 !== 0;
    const leased = await lease(chainId, head);
    if (leased === undefined) {
      // Another process moves the cursor: the lag is the same for every process.
      if (observer) reportLag(head, await cursor());
      return false;
    }
    const reconcileDue = Date.now() - lastReconcile >= settings.reconcileSeconds * 1000;
    if (idle && !force && !start!.due && !reconcileDue) {
      reportLag(head, leased);
      return true;
    }
    let next: bigint = leased;
    if (next > head + 1n) {
      // The chain is behind the cursor (a development chain restored from an older state, another
      // RPC_URL): scan again from the unconfirmed blocks; each transfer still credits once.
      log.warn({ cursor: next.toString(), head: head.toString() }, 'deposit watcher: cursor ahead');
      const start = head - BigInt(chain.confirmations) + 1n;
      next = start > 0n ? start : 0n;
    }
    await refreshAddresses();
    const rescan = BigInt(chain.confirmations - 1);
    const read = balanceReader(chain);
    for (;;) {
      reportLag(head, next);
      const from = next - rescan > 0n ? next - rescan : 0n;
      const to: bigint =
        next + MAX_BLOCKS_PER_SCAN - 1n < head ? next + MAX_BLOCKS_PER_SCAN - 1n : head;
      if (from > to) break;
      const scan = await chain.scan(from, to, (address) => addresses.has(address));
      const checks = await checkEthRequests(db.read, chain, read, { chainId, from, to, scan });
      for (const coin of await record(chainId, from, to, head, scan, checks)) {
        observer?.detected(coin);
      }
      next = to + 1n;
      if (held) held.next = next;
      if (to >= head) break;
    }
    reportLag(head, next);
    await creditConfirmed(head);
    if (reconcileDue) {
      lastReconcile = Date.now();
      await reconcile(chainId, head, read);
    }
    await markChecked(start!.now, latest);
    // Only a pass that went through counts: a failed one is tried again at the next tick.
    lastHead = head;
    return true;
  };

  /**
   * A pass that began at `startedAt` scanned, recorded and credited every block up to `head`: the
   * expiry job may close the requests whose window (and grace) it covers (deposit-window.ts). A
   * reorganisation may give the head an earlier time: the newest pass's head is kept as it read it.
   */
  const markChecked = async (startedAt: Date, head: { number: bigint; time: Date }) => {
    await db.query(
      `UPDATE chain_watcher SET checked_at = GREATEST(COALESCE(checked_at, $1), $1),
          checked_block = $2, checked_block_time = $3
        WHERE id = 1 AND lease_owner = $4 AND lease_until > now()`,
      [startedAt, head.number.toString(), head.time, owner],
    );
  };

  /**
   * Records one scan and moves the cursor, in one transaction, only while holding the lease; answers
   * the coins of the transfers recorded for the first time.
   */
  const record = (
    chainId: number,
    from: bigint,
    to: bigint,
    head: bigint,
    scan: ChainScan,
    checks: AddressCheck[],
  ) =>
    db.transaction(async (tx) => {
      const moved = await tx.query(
        `UPDATE chain_watcher SET next_block = $2, head_block = $3, updated_at = now(),
            lease_until = now() + make_interval(secs => $4)
          WHERE id = 1 AND lease_owner = $1 AND lease_until > now() RETURNING id`,
        [owner, (to + 1n).toString(), head.toString(), leaseSeconds],
      );
      if (held) held.until = Date.now() + leaseSeconds * 500;
      if (moved.length === 0) {
        held = undefined;
        throw new Error('deposit watcher: lease lost, scan not recorded');
      }
      const seen: string[] = [];
      const detected: CoinType[] = [];
      for (const transfer of scan.transfers) {
        seen.push(`${transfer.txHash}:${transfer.logIndex}:${transfer.traceAddress}`);
        const gas = sweepGas(transfer);
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
    });

  /** Credits every detected transfer with enough confirmations (its own block counts as one). */
  const creditConfirmed = async (head: bigint) => {
    const confirmedUpTo = head - BigInt(chain.confirmations) + 1n;
    const due = await db.read.query<{ id: number; coin_type: CoinType; from_address: string }>(
      `SELECT id, coin_type, from_address FROM chain_transfers
        WHERE state = 'detected' AND block_number <= $1 ORDER BY id`,
      [confirmedUpTo.toString()],
    );
    for (const { id, coin_type: coin, from_address: from } of due) {
      try {
        const credited = await creditTransfer(db, credit, Number(id));
        if (credited && !sweepGas({ coin, from: from as Address })) observer?.credited(coin);
      } catch (error) {
        // A price the node cannot give now, say: this transfer waits for the next pass.
        log.warn(
          { err: error, transfer: Number(id) },
          'deposit watcher: credit failed, will retry',
        );
      }
    }
  };

  /**
   * The slow timer: every deposit address's balance at the newest confirmed block, against the ETH
   * recorded in and out; ETH no record explains is dated to the block where it appeared
   * (deposit-balance-checks.ts), recorded as detected and credited like any other transfer.
   */
  const reconcile = async (
    chainId: number,
    head: bigint,
    read: ReturnType<typeof balanceReader>,
  ) => {
    const at = head - BigInt(chain.confirmations) + 1n;
    if (at < 0n || addresses.size === 0) return;
    const all = [...addresses.keys()];
    const balances = new Map<string, bigint>();
    for (let start = 0; start < all.length; start += RECONCILE_BATCH) {
      const batch = all.slice(start, start + RECONCILE_BATCH);
      const read$ = await Promise.all(batch.map((address) => read(address)(at)));
      batch.forEach((address, index) => {
        const wei = read$[index];
        if (wei !== undefined) balances.set(address, wei);
      });
    }
    const arrivals = await reconcileBalances(db.read, chain, read, {
      chainId,
      at,
      addresses,
      balances,
    });
    // Each block once, and only by the lease's holder: another process that took the lease during
    // the reads finds this block done and the ETH recorded, and two never credit it twice.
    const found = await db.transaction(async (tx) => {
      const mine = await tx.query(
        `SELECT id FROM chain_watcher
          WHERE id = 1 AND lease_owner = $1 AND lease_until > now()
            AND COALESCE(reconciled_block, -1) < $2
          FOR UPDATE`,
        [owner, at.toString()],
      );
      if (mine.length === 0) return 0;
      let recorded = 0;
      for (const arrival of arrivals) {
        log.info(
          {
            address: arrival.address,
            wei: arrival.units.toString(),
            block: arrival.block.toString(),
          },
          'deposit watcher: ETH found by balance',
        );
        if (await recordFoundByBalance(tx, chainId, arrival)) recorded += 1;
      }
      await tx.query('UPDATE chain_watcher SET reconciled_block = $1 WHERE id = 1', [
        at.toString(),
      ]);
      return recorded;
    });
    for (let i = 0; i < found; i += 1) observer?.detected('eth');
    await creditConfirmed(head);
  };

  const runTick = async (force = false): Promise<boolean> => {
    // A pass already running may have started before what the caller wants seen: then one more.
    if (running && force) await running.catch(() => undefined);
    running ??= tick(force).finally(() => (running = undefined));
    return running;
  };

  const loop = async () => {
    if (stopped) return;
    const started = performance.now();
    const polled = (outcome: 'ok' | 'failed') =>
      observer?.polled(outcome, (performance.now() - started) / 1000);
    try {
      await runTick();
      polled('ok');
    } catch (error) {
      polled('failed');
      log.warn({ err: error }, 'deposit watcher: pass failed, retrying');
    }
    if (!stopped) timer = setTimeout(() => void loop(), settings.pollMs);
  };

  return {
    async syncNow() {
      const head = await chain.headBlock();
      if (await runTick(true)) return;
      const deadline = Date.now() + SYNC_WAIT_MS;
      while (Date.now() < deadline && (await needsPass(head))) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async reconcileNow() {
      lastReconcile = 0;
      await runTick(true);
    },
    start() {
      stopped = false;
      void loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      held = undefined;
      await db
        .query(
          `UPDATE chain_watcher SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1`,
          [owner],
        )
        .catch(() => undefined);
    },
  };

  async function needsPass(head: bigint): Promise<boolean> {
    const next = await cursor();
    return next === undefined || next <= head;
  }

  /** The next block to scan, as the database keeps it; undefined before the first pass. */
  async function cursor(): Promise<bigint | undefined> {
    const [row] = await db.read.query<{ next_block: string }>(
      'SELECT next_block::text FROM chain_watcher WHERE id = 1',
    );
    return row ? BigInt(row.next_block) : undefined;
  }
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
