import type { Db } from '../../db/db';
import type { Chain } from './chain';

/**
 * The watcher's lease (design §6): one process at a time moves the cursor (chain_watcher.next_block),
 * so several servers can run the watcher. A process takes it, renews it at each scan it records, and
 * gives it back when it stops; another takes it once it has run out.
 */
export interface WatcherLease {
  /** This process's name in chain_watcher.lease_owner. */
  readonly owner: string;
  readonly seconds: number;
  /**
   * Takes or renews the lease; answers the cursor, or undefined when another process holds it. While
   * more than half of it is left, this process knows it holds it and writes nothing (every write
   * empties the read cache).
   */
  take(chainId: number, head: bigint): Promise<bigint | undefined>;
  /** A scan up to `next - 1` was recorded under the lease, which the recording renewed. */
  advanced(next: bigint): void;
  /** The lease ran out under a scan (another process took it): take it again before the next. */
  lost(): void;
  /** The next block to scan, as the database keeps it; undefined before the first pass. */
  cursor(): Promise<bigint | undefined>;
  /**
   * A pass that began at `startedAt` scanned, recorded and credited every block up to `head`: the
   * expiry job may close the requests whose window (and grace) it covers (deposit-window.ts). A
   * reorganisation may give the head an earlier time: the newest pass's head is kept as it read it.
   */
  markChecked(startedAt: Date, head: { number: bigint; time: Date }): Promise<void>;
  /** Gives the lease back (a stopping process), so another takes it at once. */
  release(): Promise<void>;
}

export function watcherLease(
  db: Db,
  chain: Pick<Chain, 'confirmations'>,
  owner: string,
  seconds: number,
): WatcherLease {
  let held: { until: number; next: bigint } | undefined;
  const renewedUntil = () => Date.now() + seconds * 500;
  return {
    owner,
    seconds,
    async take(chainId, head) {
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
        [chainId, (start > 0n ? start : 0n).toString(), head.toString(), owner, seconds],
      );
      held = row ? { until: renewedUntil(), next: BigInt(row.next_block) } : undefined;
      return held?.next;
    },
    advanced(next) {
      if (held) held = { until: renewedUntil(), next };
    },
    lost() {
      held = undefined;
    },
    async cursor() {
      const [row] = await db.read.query<{ next_block: string }>(
        'SELECT next_block::text FROM chain_watcher WHERE id = 1',
      );
      return row ? BigInt(row.next_block) : undefined;
    },
    async markChecked(startedAt, head) {
      await db.query(
        `UPDATE chain_watcher SET checked_at = GREATEST(COALESCE(checked_at, $1), $1),
            checked_block = $2, checked_block_time = $3
          WHERE id = 1 AND lease_owner = $4 AND lease_until > now()`,
        [startedAt, head.number.toString(), head.time, owner],
      );
    },
    async release() {
      held = undefined;
      await db
        .query(
          `UPDATE chain_watcher SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1`,
          [owner],
        )
        .catch(() => undefined);
    },
  };
}
