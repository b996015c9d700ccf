import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { Chain } from './chain';
import { reconcileBalances } from './deposit-balance-checks';
import { recordFoundByBalance, type balanceReader } from './deposit-balances';
import type { WatcherLease } from './deposit-watcher-lease';

/** Addresses whose balance is read at once while reconciling. */
const RECONCILE_BATCH = 100;

export interface Reconciliation {
  chainId: number;
  head: bigint;
  read: ReturnType<typeof balanceReader>;
  /** The advertiser of each deposit address (lower case). */
  addresses: ReadonlyMap<string, number>;
}

/**
 * The slow timer: every deposit address's balance at the newest confirmed block, against the ETH
 * recorded in and out; ETH no record explains is dated to the block where it appeared
 * (deposit-balance-checks.ts) and recorded as detected, to be credited like any other transfer.
 * Answers how many arrivals it recorded.
 */
export async function reconcile(
  db: Db,
  chain: Chain,
  lease: WatcherLease,
  { chainId, head, read, addresses }: Reconciliation,
  log: FastifyBaseLogger,
): Promise<number> {
  const at = head - BigInt(chain.confirmations) + 1n;
  if (at < 0n || addresses.size === 0) return 0;
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
  return db.transaction(async (tx) => {
    const mine = await tx.query(
      `SELECT id FROM chain_watcher
        WHERE id = 1 AND lease_owner = $1 AND lease_until > now()
          AND COALESCE(reconciled_block, -1) < $2
        FOR UPDATE`,
      [lease.owner, at.toString()],
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
    await tx.query('UPDATE chain_watcher SET reconciled_block = $1 WHERE id = 1', [at.toString()]);
    return recorded;
  });
}
