import type { CoinType, Transaction, TransactionsFilter } from '../../shared/contract/deposits';
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
  received_units: string | null;
  created_at: Date;
  expires_at: Date | null;
  /** Set when the expiry job closed the deposit unpaid (src/server/jobs/expire-deposits.ts). */
  expired_at: Date | null;
  /** The chain's head block when it was closed: later transfers do not count for it. */
  expired_block: number | null;
};

export const DEPOSIT_COLUMNS = `id, user_id, coin_type, status, amount_cents,
  expected_units::text AS expected_units, eth_usd_price_e8, chain_id, wallet_address, from_block,
  sender_address, tx_hash, received_units::text AS received_units, created_at, expires_at,
  expired_at, expired_block`;

/** Closed by the expiry job and not paid since (status failed, no transfer). */
export function isExpired(deposit: DepositRow): boolean {
  return deposit.status === 'failed' && deposit.expired_at !== null;
}

/** Design §2: ETH amounts are shown with 6 decimals, so they are whole multiples of 10^12 wei. */
export const WEI_PER_SHOWN_UNIT = 10n ** 12n;

/** An amount in the coin's smallest units as the coin with 6 decimals ("0.033334", "150.000001"). */
export function formatCoinUnits(coin: CoinType, units: bigint): string {
  const micro = coin === 'eth' ? units / WEI_PER_SHOWN_UNIT : units;
  const whole = micro / 1_000_000n;
  const fraction = (micro % 1_000_000n).toString().padStart(6, '0');
  return `${whole}.${fraction}`;
}

/** EIP-681: a wallet link that pays exactly `units` of the coin to the wallet. */
export function paymentUri(deposit: DepositRow): string {
  if (deposit.coin_type === 'eth') {
    return `ethereum:${deposit.wallet_address}@${deposit.chain_id}?value=${deposit.expected_units}`;
  }
  const token = TOKEN_ADDRESSES[deposit.coin_type];
  return `ethereum:${token}@${deposit.chain_id}/transfer?address=${deposit.wallet_address}&uint256=${deposit.expected_units}`;
}

export function toTransaction(deposit: DepositRow): Transaction {
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
  };
}

/** The user's deposits, newest first, optionally of one status. */
export async function listTransactions(
  db: Reader,
  userId: number,
  filter: TransactionsFilter,
): Promise<Transaction[]> {
  const rows = await db.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposits
      WHERE user_id = $1 AND ($2::text = 'all' OR status = $2)
      ORDER BY created_at DESC, id DESC`,
    [userId, filter],
  );
  return rows.map(toTransaction);
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
