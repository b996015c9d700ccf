import { coinOf, COINS, type Coin, type CoinRegistry } from '../../shared/coins';
import { ETH_PAYMENT_WINDOW_SECONDS } from '../../shared/constants';
import type { Db } from '../db/db';
import {
  DEPOSIT_COLUMNS,
  detectedPayment,
  type DepositRow,
} from '../domain/deposits/deposit-views';
import { checkedAfter, CLOSES_AT } from '../domain/deposits/deposit-window';
import { closeRequest } from '../domain/deposits/deposits';
/** Deposits closed per transaction: the rest wait for the next batch of the same run. */
const BATCH = 200;

export interface ExpirySettings {
  /** USDC and USDT deposits close this many hours after they were created (STABLECOIN_PAYMENT_WINDOW_HOURS). */
  stablecoinWindowHours: number;
  /** BLOCK_TIME_LAG_SECONDS (deposit-window.ts) unless a test makes it shorter. */
  blockTimeLagSeconds?: number;
  /** The coins taken (src/shared/coins.ts) unless a test adds its own. */
  coins?: CoinRegistry;
}

/**
 * Closes the open requests whose payment window has passed (design §2, §6 background work): failed,
 * expired_at set, one notification each (unpaid: expired; part paid: underpaid, what arrived was
 * credited). A request with a payment still confirming is left open: it is never expired. Issue 33
 * point 4: nor is one before the chain watcher has scanned up to a head that covers the end of its
 * window and grace (deposit-window.ts): with the watcher behind, a request paid in time was told it
 * expired, then confirmed a second later. Safe when
 * several server processes run it at the same moment: each row is taken by one of them (FOR UPDATE
 * SKIP LOCKED) and only while still pending. Returns how many it closed.
 */
export async function expireDeposits(db: Db, settings: ExpirySettings): Promise<number> {
  const coins = settings.coins ?? COINS;
  let total = 0;
  for (;;) {
    const closed = await db.transaction(async (tx) => {
      const rows = await tx.query<DepositRow>(
        `SELECT ${DEPOSIT_COLUMNS} FROM deposits d
          WHERE status = 'pending' AND origin = 'request'
            AND ${CLOSES_AT} < now() AND ${checkedAfter(CLOSES_AT, settings.blockTimeLagSeconds)}
            AND ${detectedPayment(coins)} IS NULL
          ORDER BY id
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [BATCH],
      );
      for (const row of rows) {
        const coin = coinOf(coins, row.coin_type);
        await closeRequest(tx, coins, row, windowText(coin, settings.stablecoinWindowHours));
      }
      return rows.length;
    });
    total += closed;
    if (closed < BATCH) return total;
  }
}

/** "15 minutes", "24 hours": the payment window of a coin, as the notification says it. */
export function windowText(coin: Coin, stablecoinWindowHours: number): string {
  return coin.price === 'eth-usd-feed'
    ? `${ETH_PAYMENT_WINDOW_SECONDS / 60} minutes`
    : `${stablecoinWindowHours} ${stablecoinWindowHours === 1 ? 'hour' : 'hours'}`;
}
