import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CoinRegistry } from '../../../shared/coins';
import type { CoinType } from '../../../shared/contract/deposits';
import type { Db } from '../../db/db';
import type { Chain } from './chain';
import { checkEthRequests } from './deposit-balance-checks';
import { balanceReader } from './deposit-balances';
import { depositAddressesAfter } from './deposit-addresses';
import { creditConfirmed } from './deposit-watcher-credit';
import { watcherLease } from './deposit-watcher-lease';
import { reconcile } from './deposit-watcher-reconcile';
import { recordScan } from './deposit-watcher-scan';
import { BLOCK_TIME_LAG_SECONDS, passStart } from './deposit-window';

/** Blocks scanned per step while catching up. */
const MAX_BLOCKS_PER_SCAN = 50n;
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
  const lease = watcherLease(
    db,
    chain,
    randomUUID(),
    Math.max(15, Math.ceil((settings.pollMs * 5) / 1000)),
  );
  const addresses = new Map<string, number>();
  let lastIndex = -1;
  let lastReconcile = 0;
  let running: Promise<boolean> | undefined;
  let lastHead: bigint | undefined;
  let idlePasses = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const credit = {
    sweepFunders: new Set(settings.sweepFunders),
    ethUsdPriceAt: (time: Date) => chain.ethUsdPriceAt(time),
    coins: settings.coins,
  };
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

  /** Credits what is confirmed at `head` and tells the observer. */
  const credited = async (head: bigint) => {
    for (const coin of await creditConfirmed(db, chain, credit, head, log))
      observer?.credited(coin);
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
    const leased = await lease.take(chainId, head);
    if (leased === undefined) {
      // Another process moves the cursor: the lag is the same for every process.
      if (observer) reportLag(head, await lease.cursor());
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
      const detected = await db.transaction((tx) =>
        recordScan(tx, lease, {
          chainId,
          from,
          to,
          head,
          scan,
          checks,
          addresses,
          sweepFunders: credit.sweepFunders,
        }),
      );
      for (const coin of detected) observer?.detected(coin);
      next = to + 1n;
      lease.advanced(next);
      if (to >= head) break;
    }
    reportLag(head, next);
    await credited(head);
    if (reconcileDue) {
      lastReconcile = Date.now();
      const found = await reconcile(db, chain, lease, { chainId, head, read, addresses }, log);
      for (let i = 0; i < found; i += 1) observer?.detected('eth');
      // What the balances found is credited now; anything else was credited just above.
      if (found > 0) await credited(head);
    }
    await lease.markChecked(start!.now, latest);
    // Only a pass that went through counts: a failed one is tried again at the next tick.
    lastHead = head;
    return true;
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
      while (Date.now() < deadline) {
        const next = await lease.cursor();
        if (next !== undefined && next > head) return;
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
      await lease.release();
    },
  };
}

export { isSweepGas, recordOutflow, recordTransfer } from './deposit-watcher-scan';
