import { coinOf, type Coin, type CoinRegistry } from '../../../shared/coins';
import type { Receipt, ReceiptLine, Transaction } from '../../../shared/contract/deposits';
import { centsToDollars, dollarsToCents } from '../../../shared/money';
import type { Reader } from '../../db/db';
import { formatCoinUnits, INTERNAL_LOG_INDEX } from './deposit-views';

/** A credited transfer of the deposit, with the part of it counted at the request's price. */
type CreditedRow = {
  tx_hash: string;
  log_index: number;
  units: string;
  credited_cents: number;
  eth_usd_price_e8: number | null;
  request_units: string;
  request_cents: number;
  block_time: Date;
  credited_at: Date;
  /** Judged inside its request's window (deposit-credits.ts; before it was kept: not marked late). */
  in_window: boolean;
};

/** Dollars one coin counted for: the feed's answer for ETH (8 decimals), $1.00 for a stablecoin. */
const priceOf = (coin: Coin, priceE8: number | string | null, otherwise: number | null) => {
  if (coin.price === 'usd-1:1') return 1;
  return priceE8 === null ? (otherwise ?? 1) : Number(priceE8) / 1e8;
};

/**
 * Issue 35 point 10: a deposit's receipt, an accounting document, once any payment to it was
 * credited (confirmed, underpaid, late or part paid); null before. Each part paid is a line with its
 * amount, price and credit (a transfer that went beyond what was due is two: the part at the
 * request's locked price, the rest at its block's round), so the lines add up to the deposit's
 * totals; `issuer` is RECEIPT_ISSUER, the payer the account as it is now (`userId`, the deposit's).
 */
export async function depositReceipt(
  db: Reader,
  deposit: Transaction,
  userId: number,
  issuer: readonly string[],
  coins: CoinRegistry,
): Promise<Receipt | null> {
  if (dollarsToCents(deposit.creditedAmount) === 0) return null;
  const coin = coinOf(coins, deposit.coinType);
  const rows = await db.query<CreditedRow>(
    `SELECT t.tx_hash, t.log_index, t.units::text AS units, t.credited_cents, t.eth_usd_price_e8,
        COALESCE(t.request_units, 0)::text AS request_units, COALESCE(t.request_cents, 0) AS request_cents,
        t.block_time, t.credited_at,
        CASE WHEN t.window_ends_at IS NULL THEN NOT d.late
             ELSE COALESCE(t.bound_time, t.block_time) <= t.window_ends_at END AS in_window
       FROM chain_transfers t JOIN deposits d ON d.id = t.deposit_id
      WHERE t.deposit_id = $1 AND t.state = 'credited'
      ORDER BY t.block_number, t.log_index, t.id`,
    [deposit.id],
  );
  const [payer] = await db.query<{ id: number; username: string; email: string }>(
    'SELECT id, username, email FROM users WHERE id = $1',
    [userId],
  );
  const lines =
    rows.length > 0
      ? rows.flatMap((row) => linesOf(deposit, coin, row))
      : [legacyLine(deposit, coin)];
  const lastCredit = rows.reduce<Date | null>(
    (latest, row) => (latest && latest > row.credited_at ? latest : row.credited_at),
    null,
  );
  return {
    issuer: [...issuer],
    payer: { name: payer!.username, email: payer!.email, accountId: Number(payer!.id) },
    date: deposit.confirmedAt ?? (lastCredit ?? new Date(deposit.createdAt)).toISOString(),
    lines,
  };
}

/** A transfer's lines: the part at the request's price, then the rest at its own (when any). */
function linesOf(deposit: Transaction, coin: Coin, row: CreditedRow): ReceiptLine[] {
  const shown = {
    hash: Number(row.log_index) === INTERNAL_LOG_INDEX ? null : row.tx_hash,
    blockTime: new Date(row.block_time).toISOString(),
  };
  const line = (basis: ReceiptLine['basis'], units: bigint, price: number, cents: number) => ({
    ...shown,
    basis,
    amount: formatCoinUnits(coin, units),
    price,
    creditedAmount: centsToDollars(cents),
  });
  const ownPrice = priceOf(coin, row.eth_usd_price_e8, deposit.ethUsdPrice);
  const units = BigInt(row.units);
  const credited = Number(row.credited_cents);
  if (deposit.origin === 'unrequested') {
    return [line('unrequested', units, ownPrice, credited)];
  }
  const atRequest = BigInt(row.request_units);
  const requestCents = Number(row.request_cents);
  const lines: ReceiptLine[] = [];
  if (atRequest > 0n) {
    const locked = priceOf(coin, null, deposit.ethUsdPrice);
    lines.push(line('requested', atRequest, locked, requestCents));
  }
  if (units > atRequest) {
    const basis = row.in_window ? 'over' : 'late';
    lines.push(line(basis, units - atRequest, ownPrice, credited - requestCents));
  }
  return lines;
}

/** A deposit confirmed before each transfer was kept: one line, its own hash and totals. */
function legacyLine(deposit: Transaction, coin: Coin): ReceiptLine {
  return {
    hash: deposit.hash,
    blockTime: deposit.confirmedAt ?? deposit.createdAt,
    basis: deposit.origin === 'unrequested' ? 'unrequested' : 'requested',
    amount: deposit.receivedAmount,
    price: priceOf(coin, null, deposit.ethUsdPrice),
    creditedAmount: deposit.creditedAmount,
  };
}
