import { ETH_PAYMENT_WINDOW_SECONDS } from '../../shared/constants';
import type { CoinType } from '../../shared/contract/deposits';
import type { Db } from '../db/db';
import { formatDollars } from '../domain/deposits';
import { notify } from '../domain/notifications';

/**
 * The page deletes its own ETH deposit when the 15-minute timer reaches zero (spec §4); the job closes
 * only abandoned ones, this long after the window, so it never races the page's delete and a payment
 * made in the last minute has time for its confirmations.
 */
export const ETH_EXPIRY_GRACE_SECONDS = 300;
/** Deposits closed per transaction: the rest wait for the next batch of the same run. */
const BATCH = 200;

export interface ExpirySettings {
  /** USDC and USDT deposits close this many hours after they were created (STABLECOIN_PAYMENT_WINDOW_HOURS). */
  stablecoinWindowHours: number;
  /**
   * The chain's head block now, recorded on each closed stablecoin deposit: a transfer up to it can
   * still be verified, a later one cannot (a new deposit may have taken the amount by then). Unknown
   * when the chain cannot be reached: stablecoin deposits then wait for a run that knows it.
   */
  headBlock: bigint | undefined;
}

interface ExpiredRow {
  id: number;
  user_id: number;
  coin_type: CoinType;
  amount_cents: number;
  [key: string]: unknown;
}

/**
 * Closes the pending deposits whose payment window has passed (design §6 background work): status
 * failed, expired_at and expired_block set, and one notification each. Safe when several server
 * processes run it at the same moment: each row is taken by one of them (FOR UPDATE SKIP LOCKED) and
 * only while still pending, in the same transaction as its notification. Returns how many it closed.
 */
export async function expireDeposits(db: Db, settings: ExpirySettings): Promise<number> {
  let total = 0;
  for (;;) {
    const closed = await db.transaction(async (tx) => {
      const rows = await tx.query<ExpiredRow>(
        `WITH due AS (
           SELECT id FROM deposits
            WHERE status = 'pending'
              AND ((coin_type = 'eth'
                     AND expires_at < now() - make_interval(secs => $1))
                OR (coin_type <> 'eth' AND $2::bigint IS NOT NULL
                     AND created_at < now() - make_interval(hours => $3)))
            ORDER BY id
            LIMIT $4
            FOR UPDATE SKIP LOCKED
         )
         UPDATE deposits d
            SET status = 'failed', expired_at = now(), expired_block = $2::bigint, updated_at = now()
           FROM due
          WHERE d.id = due.id AND d.status = 'pending'
          RETURNING d.id, d.user_id, d.coin_type, d.amount_cents`,
        [
          ETH_EXPIRY_GRACE_SECONDS,
          settings.headBlock === undefined ? null : settings.headBlock.toString(),
          settings.stablecoinWindowHours,
          BATCH,
        ],
      );
      for (const row of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) {
        await notify(tx, Number(row.user_id), expiredMessage(row, settings.stablecoinWindowHours));
      }
      return rows.length;
    });
    total += closed;
    if (closed < BATCH) return total;
  }
}

/** The notification of a closed deposit, ending with the spec's words for an expired transaction. */
export function expiredMessage(
  deposit: { coin_type: CoinType; amount_cents: number },
  stablecoinWindowHours: number,
): string {
  const window =
    deposit.coin_type === 'eth'
      ? `${ETH_PAYMENT_WINDOW_SECONDS / 60} minutes`
      : `${stablecoinWindowHours} ${stablecoinWindowHours === 1 ? 'hour' : 'hours'}`;
  return (
    `Your deposit of ${formatDollars(Number(deposit.amount_cents))} in ${deposit.coin_type.toUpperCase()} ` +
    `was not paid within ${window}. Transaction expired. Please create a new transaction.`
  );
}
