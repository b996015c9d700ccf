import type {
  CoinType,
  DepositTransfer,
  Transaction,
  TransactionDetail,
  TransactionsFilter,
} from '../../shared/contract/deposits';
import { centsToDollars } from '../../shared/money';
import type { Reader } from '../db/db';
import { TOKEN_ADDRESSES } from './chain';

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
  /** With DEPOSIT_STATE: the block of the oldest payment detected and not yet confirmed. */
  detected_block?: number | null;
  /** With DEPOSIT_STATE: the head block at the watcher's last scan. */
  head_block?: number | null;
};

export const DEPOSIT_COLUMNS = `id, user_id, coin_type, status, amount_cents,
  expected_units::text AS expected_units, eth_usd_price_e8, chain_id, wallet_address, from_block,
  sender_address, tx_hash, received_units::text AS received_units, created_at, expires_at,
  expired_at, origin, late, credited_cents, confirmed_at`;

/**
 * SQL: a payment to the open request `d` seen on chain and waiting for its confirmations (a transfer
 * to the advertiser's address in the coin, from the request's first block on, not credited yet).
 */
export const DETECTED_PAYMENT = `(SELECT min(t.block_number) FROM chain_transfers t
  WHERE d.status = 'pending' AND t.state = 'detected' AND t.user_id = d.user_id
    AND t.coin_type = d.coin_type AND t.block_number >= d.from_block)`;

/** The columns of `deposits d` with its detected payment and the watcher's head. */
const DEPOSIT_STATE = `${DEPOSIT_COLUMNS}, ${DETECTED_PAYMENT} AS detected_block,
  (SELECT head_block FROM chain_watcher WHERE id = 1) AS head_block`;

/** Design §2: ETH amounts are shown with 6 decimals, so they are whole multiples of 10^12 wei. */
export const WEI_PER_SHOWN_UNIT = 10n ** 12n;

/** An amount in the coin's smallest units as the coin with 6 decimals ("0.033334", "150.000001"). */
export function formatCoinUnits(coin: CoinType, units: bigint): string {
  const micro = coin === 'eth' ? units / WEI_PER_SHOWN_UNIT : units;
  const whole = micro / 1_000_000n;
  const fraction = (micro % 1_000_000n).toString().padStart(6, '0');
  return `${whole}.${fraction}`;
}

/**
 * EIP-681: a wallet link that pays the deposit address what the open request still waits for (all of
 * it until part arrived), in the coin's smallest units.
 */
export function paymentUri(deposit: DepositRow): string {
  const received = BigInt(deposit.received_units);
  const expected = BigInt(deposit.expected_units);
  const units =
    deposit.status === 'pending' && received > 0n && received < expected
      ? expected - received
      : expected;
  if (deposit.coin_type === 'eth') {
    return `ethereum:${deposit.wallet_address}@${deposit.chain_id}?value=${units}`;
  }
  const token = TOKEN_ADDRESSES[deposit.coin_type];
  return `ethereum:${token}@${deposit.chain_id}/transfer?address=${deposit.wallet_address}&uint256=${units}`;
}

/** Spec §3 Transaction; `required` is the confirmations a payment needs (CONFIRMATIONS). */
export function toTransaction(deposit: DepositRow, required: number): Transaction {
  const detected = deposit.detected_block ?? null;
  const head = deposit.head_block ?? null;
  return {
    id: Number(deposit.id),
    hash: deposit.tx_hash,
    status: deposit.status,
    amount: centsToDollars(Number(deposit.amount_cents)),
    coinType: deposit.coin_type,
    ethAmount: formatCoinUnits(deposit.coin_type, BigInt(deposit.expected_units)),
    amountUnits: deposit.expected_units,
    ethUsdPrice: deposit.eth_usd_price_e8 === null ? null : Number(deposit.eth_usd_price_e8) / 1e8,
    from: deposit.sender_address,
    to: deposit.wallet_address,
    paymentUri: paymentUri(deposit),
    createdAt: new Date(deposit.created_at).toISOString(),
    expiresAt: deposit.expires_at ? new Date(deposit.expires_at).toISOString() : null,
    receivedAmount: formatCoinUnits(deposit.coin_type, BigInt(deposit.received_units)),
    creditedAmount: centsToDollars(Number(deposit.credited_cents)),
    confirmations:
      detected === null
        ? null
        : { seen: Math.max(1, Number(head ?? detected) - Number(detected) + 1), required },
    late: deposit.late,
    origin: deposit.origin,
    confirmedAt: deposit.confirmed_at ? new Date(deposit.confirmed_at).toISOString() : null,
  };
}

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

/** One deposit with the payments counted for it (and, while it is open, those still confirming). */
export async function findTransactionDetail(
  db: Reader,
  userId: number,
  depositId: number,
  required: number,
): Promise<TransactionDetail | undefined> {
  const [deposit] = await db.query<DepositRow>(
    `SELECT ${DEPOSIT_STATE} FROM deposits d WHERE id = $1 AND user_id = $2`,
    [depositId, userId],
  );
  if (!deposit) return undefined;
  const rows = await db.query<TransferRow>(
    `SELECT t.tx_hash, t.log_index, t.units::text AS units, t.credited_cents, t.eth_usd_price_e8,
        t.block_number, t.block_time, t.state
       FROM chain_transfers t, deposits d
      WHERE d.id = $1
        AND (t.deposit_id = d.id
          OR (d.status = 'pending' AND t.state = 'detected' AND t.user_id = d.user_id
              AND t.coin_type = d.coin_type AND t.block_number >= d.from_block))
      ORDER BY t.block_number, t.log_index`,
    [depositId],
  );
  const head = Number(deposit.head_block ?? 0);
  const transfers: DepositTransfer[] = rows.map((row) => ({
    hash: Number(row.log_index) === INTERNAL_LOG_INDEX ? null : row.tx_hash,
    amount: formatCoinUnits(deposit.coin_type, BigInt(row.units)),
    creditedAmount: row.credited_cents === null ? null : centsToDollars(Number(row.credited_cents)),
    ethUsdPrice: row.eth_usd_price_e8 === null ? null : Number(row.eth_usd_price_e8) / 1e8,
    confirmations: Math.max(1, head - Number(row.block_number) + 1),
    blockTime: new Date(row.block_time).toISOString(),
  }));
  return { ...toTransaction(deposit, required), transfers };
}

/** ETH a contract sent, found by balance reconciliation: no transaction of its own (hash null). */
export const INTERNAL_LOG_INDEX = -2;

/** The user's deposits, newest first, optionally of one status. */
export async function listTransactions(
  db: Reader,
  userId: number,
  filter: TransactionsFilter,
  required: number,
): Promise<Transaction[]> {
  const rows = await db.query<DepositRow>(
    `SELECT ${DEPOSIT_STATE} FROM deposits d
      WHERE user_id = $1 AND ($2::text = 'all' OR status = $2)
      ORDER BY created_at DESC, id DESC`,
    [userId, filter],
  );
  return rows.map((row) => toTransaction(row, required));
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
export async function hasDetectedPayment(db: Reader, depositId: number): Promise<boolean> {
  const [row] = await db.query<{ block: number | null }>(
    `SELECT ${DETECTED_PAYMENT} AS block FROM deposits d WHERE d.id = $1`,
    [depositId],
  );
  return row?.block !== null && row?.block !== undefined;
}
