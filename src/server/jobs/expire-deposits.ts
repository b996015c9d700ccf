import { ETH_PAYMENT_WINDOW_SECONDS } from '../../shared/constants';
import type { CoinType } from '../../shared/contract/deposits';
import type { Db } from '../db/db';
import { DEPOSIT_COLUMNS, DETECTED_PAYMENT, type DepositRow } from '../domain/deposit-views';
import { closeRequest } from '../domain/deposits';

/**
 * The page deletes its own ETH deposit when the 15-minute timer reaches zero (spec §4); the job closes
 * only abandoned ones, this long after the window, so it never races the page's delete and a payment
 * made in the last minute has time to be detected.
 */
export const ETH_EXPIRY_GRACE_SECONDS = 300;
/** Deposits closed per transaction: the rest wait for the next batch of the same run. */
const BATCH = 200;

export interface ExpirySettings {
  /** USDC and USDT deposits close this many hours after they were created (STABLECOIN_PAYMENT_WINDOW_HOURS). */
  stablecoinWindowHours: number;
}

/**
 * Closes the open requests whose payment window has passed (design §2, §6 background work): failed,
 * expired_at set, one notification each (unpaid: expired; part paid: underpaid, what arrived was
 * credited). A request with a payment still confirming is left open: it is never expired. Safe when
 * several server processes run it at the same moment: each row is taken by one of them (FOR UPDATE
 * SKIP LOCKED) and only while still pending. Returns how many it closed.
 */
export async function expireDeposits(db: Db, settings: ExpirySettings): Promise<number> {
  let total = 0;
  for (;;) {
    const closed = await db.transaction(async (tx) => {
      const rows = await tx.query<DepositRow>(
        `SELECT ${DEPOSIT_COLUMNS} FROM deposits d
          WHERE status = 'pending' AND origin = 'request'
            AND expires_at < now() - make_interval(secs => CASE WHEN coin_type = 'eth' THEN $1 ELSE 0 END)
            AND ${DETECTED_PAYMENT} IS NULL
          ORDER BY id
          LIMIT $2
          FOR UPDATE SKIP LOCKED`,
        [ETH_EXPIRY_GRACE_SECONDS, BATCH],
      );
      for (const row of rows) {
        await closeRequest(tx, row, windowText(row.coin_type, settings.stablecoinWindowHours));
      }
      return rows.length;
    });
    total += closed;
    if (closed < BATCH) return total;
  }
}

/** "15 minutes", "24 hours": the payment window of a coin, as the notification says it. */
export function windowText(coin: CoinType, stablecoinWindowHours: number): string {
  return coin === 'eth'
    ? `${ETH_PAYMENT_WINDOW_SECONDS / 60} minutes`
    : `${stablecoinWindowHours} ${stablecoinWindowHours === 1 ? 'hour' : 'hours'}`;
}
