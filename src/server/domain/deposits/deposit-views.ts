import type {
  CoinType,
  DepositTransfer,
  ListedTransaction,
  Transaction,
  TransactionDetail,
  TransactionsFilter,
} from '../../../shared/contract/deposits';
import {
  coinOf,
  COINS,
  pow10,
  SHOWN_DECIMALS,
  tokenAddress,
  type Coin,
  type CoinRegistry,
} from '../../../shared/coins';
import { centsToDollars } from '../../../shared/money';
import type { Reader } from '../../db/db';

/** A deposits row as the queries below return it (numeric columns as text). */
export type DepositRow = {
  id: number;
  user_id: number;
  coin_type: CoinType;
  status: Transaction['status'];
  amount_cents: number;
  expected_units: string;
  eth_usd_price_e8: number | null;
  chain_id: number;
  wallet_address: string;
  from_block: number;
  sender_address: string | null;
  tx_hash: string | null;
  received_units: string;
  created_at: Date;
  expires_at: Date | null;
  /** Set when the deposit was closed at the end of its window (src/server/jobs/expire-deposits.ts). */
  expired_at: Date | null;
  origin: Transaction['origin'];
  late: boolean;
  credited_cents: number;
  confirmed_at: Date | null;
  /** The database's clock as the row was read (issue 31: the page counts down on the server's time). */
  server_time: Date;
  /** With depositState: the block of the oldest payment detected and not yet confirmed. */
  detected_block?: number | null;
  /** With depositState: the head block at the watcher's last scan. */
  head_block?: number | null;
};

export const DEPOSIT_COLUMNS = `id, user_id, coin_type, status, amount_cents,
  expected_units::text AS expected_units, eth_usd_price_e8, chain_id, wallet_address, from_block,
  sender_address, tx_hash, received_units::text AS received_units, created_at, expires_at,
  expired_at, origin, late, credited_cents, confirmed_at, clock_timestamp() AS server_time`;

/**
 * SQL: a payment to the open request `d` seen on chain and waiting for its confirmations (a transfer
 * to the advertiser's address in the coin, from the request's first block on, not credited yet).
 * Issue 33 point 5: one worth less than a cent at the request's price neither stops its countdown
 * nor blocks Start Over (a cent of each coin from the registry: deposit-pricing.ts oneCentOf).
 */
export function detectedPayment(coins: CoinRegistry): string {
  return `(SELECT min(t.block_number) FROM chain_transfers t
  WHERE d.status = 'pending' AND t.state = 'detected' AND t.user_id = d.user_id
    AND t.coin_type = d.coin_type AND t.block_number >= d.from_block
    AND t.units * COALESCE(d.eth_usd_price_e8, 1) >= ${oneCentTimesPrice(coins)})`;
}

/** SQL: a cent of `d`'s coin in its units, times the request's ETH/USD answer for ETH. */
function oneCentTimesPrice(coins: CoinRegistry): string {
  const cases = coins.map((coin) => {
    // The feed's 8 decimals, less the 2 of cents (oneCentOf); a stablecoin's cent is 10^(decimals-2).
    const exponent = coin.price === 'usd-1:1' ? coin.decimals - 2 : coin.decimals + 6;
    return `WHEN '${coin.type}' THEN 10::numeric ^ ${exponent}`;
  });
  return `CASE d.coin_type ${cases.join(' ')} END`;
}

/** The columns of `deposits d` with its detected payment and the watcher's head. */
const depositState = (coins: CoinRegistry) => `${DEPOSIT_COLUMNS},
  ${detectedPayment(coins)} AS detected_block,
  (SELECT head_block FROM chain_watcher WHERE id = 1) AS head_block`;

/**
 * An amount in the coin's smallest units as the coin with 6 decimals ("0.033334", "150.000001"),
 * rounded down (design §2: ETH is shown with 6 of its 18).
 */
export function formatCoinUnits(coin: Coin, units: bigint): string {
  const shown =
    coin.decimals >= SHOWN_DECIMALS
      ? units / pow10(coin.decimals - SHOWN_DECIMALS)
      : units * pow10(SHOWN_DECIMALS - coin.decimals);
  const one = pow10(SHOWN_DECIMALS);
  return `${shown / one}.${(shown % one).toString().padStart(SHOWN_DECIMALS, '0')}`;
}

/**
 * EIP-681: a wallet link that pays the deposit address what the open request still waits for (all of
 * it until part arrived), in the coin's smallest units.
 */
export function paymentUri(deposit: DepositRow, coin: Coin): string {
  const received = BigInt(deposit.received_units);
  const expected = BigInt(deposit.expected_units);
  const units =
    deposit.status === 'pending' && received > 0n && received < expected
      ? expected - received
      : expected;
  const token = tokenAddress(coin, Number(deposit.chain_id));
  if (!token) return `ethereum:${deposit.wallet_address}@${deposit.chain_id}?value=${units}`;
  return `ethereum:${token}@${deposit.chain_id}/transfer?address=${deposit.wallet_address}&uint256=${units}`;
}

/**
 * Spec §3 Transaction; `required` is the confirmations a payment needs (CONFIRMATIONS), `coins` the
 * registry the deposit's coin is in.
 */
export function toTransaction(
  deposit: DepositRow,
  required: number,
  coins: CoinRegistry = COINS,
): Transaction {
  const coin = coinOf(coins, deposit.coin_type);
  const detected = deposit.detected_block ?? null;
  const head = deposit.head_block ?? null;
  return {
    id: Number(deposit.id),
    hash: deposit.tx_hash,
    status: deposit.status,
    amount: centsToDollars(Number(deposit.amount_cents)),
    coinType: deposit.coin_type,
    ethAmount: formatCoinUnits(coin, BigInt(deposit.expected_units)),
    amountUnits: deposit.expected_units,
    ethUsdPrice: deposit.eth_usd_price_e8 === null ? null : Number(deposit.eth_usd_price_e8) / 1e8,
    from: deposit.sender_address,
    to: deposit.wallet_address,
    paymentUri: paymentUri(deposit, coin),
    createdAt: new Date(deposit.created_at).toISOString(),
    expiresAt: deposit.expires_at ? new Date(deposit.expires_at).toISOString() : null,
    receivedAmount: formatCoinUnits(coin, BigInt(deposit.received_units)),
    creditedAmount: centsToDollars(Number(deposit.credited_cents)),
    confirmations:
      detected === null
        ? null
        : { seen: Math.max(1, Number(head ?? detected) - Number(detected) + 1), required },
    late: deposit.late,
    origin: deposit.origin,
    confirmedAt: deposit.confirmed_at ? new Date(deposit.confirmed_at).toISOString() : null,
    // The clock that set expires_at (the database's), not this process's.
    serverTime: new Date(deposit.server_time).toISOString(),
  };
}

/**
 * SQL: the transfers `t` counted for the deposit `d`, and while it is open those seen on chain and
 * waiting for their confirmations (its page lists both).
 */
const PAYMENTS_OF_DEPOSIT = `(t.deposit_id = d.id
  OR (d.status = 'pending' AND t.state = 'detected' AND t.user_id = d.user_id
      AND t.coin_type = d.coin_type AND t.block_number >= d.from_block))`;

type TransferRow = {
  tx_hash: string;
  log_index: number;
  units: string;
  credited_cents: number | null;
  eth_usd_price_e8: number | null;
  block_number: number;
  block_time: Date;
  state: string;
};

/**
 * One deposit with the payments counted for it (and, while it is open, those still confirming); its
 * receipt is deposit-receipts.ts's.
 */
export async function findTransactionDetail(
  db: Reader,
  userId: number,
  depositId: number,
  required: number,
  coins: CoinRegistry = COINS,
): Promise<Omit<TransactionDetail, 'receipt'> | undefined> {
  const [deposit] = await db.query<DepositRow>(
    `SELECT ${depositState(coins)} FROM deposits d WHERE id = $1 AND user_id = $2`,
    [depositId, userId],
  );
  if (!deposit) return undefined;
  const rows = await db.query<TransferRow>(
    `SELECT t.tx_hash, t.log_index, t.units::text AS units, t.credited_cents, t.eth_usd_price_e8,
        t.block_number, t.block_time, t.state
       FROM chain_transfers t, deposits d
      WHERE d.id = $1 AND ${PAYMENTS_OF_DEPOSIT}
      ORDER BY t.block_number, t.log_index`,
    [depositId],
  );
  const head = Number(deposit.head_block ?? 0);
  const transfers: DepositTransfer[] = rows.map((row) => ({
    hash: Number(row.log_index) === INTERNAL_LOG_INDEX ? null : row.tx_hash,
    amount: formatCoinUnits(coinOf(coins, deposit.coin_type), BigInt(row.units)),
    creditedAmount: row.credited_cents === null ? null : centsToDollars(Number(row.credited_cents)),
    ethUsdPrice: row.eth_usd_price_e8 === null ? null : Number(row.eth_usd_price_e8) / 1e8,
    confirmations: Math.max(1, head - Number(row.block_number) + 1),
    blockTime: new Date(row.block_time).toISOString(),
  }));
  return { ...toTransaction(deposit, required, coins), transfers };
}

/** ETH a contract sent, found by balance reconciliation: no transaction of its own (hash null). */
export const INTERNAL_LOG_INDEX = -2;

/**
 * The user's deposits, newest first, optionally of one status, each with the hashes of its payments,
 * oldest first (issue 35: the CSV keeps every one); a transaction that paid twice is listed once.
 */
export async function listTransactions(
  db: Reader,
  userId: number,
  filter: TransactionsFilter,
  required: number,
  coins: CoinRegistry = COINS,
): Promise<ListedTransaction[]> {
  const rows = await db.query<DepositRow & { hashes: string[] }>(
    `SELECT ${depositState(coins)},
        ARRAY(SELECT t.tx_hash FROM chain_transfers t
          WHERE ${PAYMENTS_OF_DEPOSIT} AND t.log_index <> ${INTERNAL_LOG_INDEX}
          ORDER BY t.block_number, t.log_index) AS hashes
       FROM deposits d
      WHERE user_id = $1 AND ($2::text = 'all' OR status = $2)
      ORDER BY created_at DESC, id DESC`,
    [userId, filter],
  );
  return rows.map((row) => ({
    ...toTransaction(row, required, coins),
    hashes: [...new Set(row.hashes)],
  }));
}

export async function findDeposit(
  db: Reader,
  userId: number,
  depositId: number,
  lock = false,
): Promise<DepositRow | undefined> {
  const rows = await db.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposits WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [depositId, userId],
  );
  return rows[0];
}

/** Whether a payment to the (open) request waits for its confirmations. */
export async function hasDetectedPayment(
  db: Reader,
  depositId: number,
  coins: CoinRegistry = COINS,
): Promise<boolean> {
  const [row] = await db.query<{ block: number | null }>(
    `SELECT ${detectedPayment(coins)} AS block FROM deposits d WHERE d.id = $1`,
    [depositId],
  );
  return row?.block !== null && row?.block !== undefined;
}
