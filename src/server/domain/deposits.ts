import { getAddress, type Address } from 'viem';
import { ETH_PAYMENT_WINDOW_SECONDS } from '../../shared/constants';
import { DEPOSIT_MESSAGES, type CoinType } from '../../shared/contract/deposits';
import type { Db, Reader } from '../db/db';
import { badRequest, HttpError, notFound } from '../errors';
import { formatCents } from '../../shared/money';
import type { Chain, ChainTransfer } from './chain';
import {
  DEPOSIT_COLUMNS,
  findDeposit,
  formatCoinUnits,
  isExpired,
  WEI_PER_SHOWN_UNIT,
  type DepositRow,
} from './deposit-views';
import { postLedgerEntry } from './ledger';
import { notify } from './notifications';

/**
 * Design §2: one wallet receives every deposit, so a transfer finds its deposit by the exact amount.
 * Each pending deposit of a coin gets an amount of its own: the dollar amount plus 1 to MAX_OFFSET
 * units of the last shown decimal (0.000001 USDC/USDT/ETH). Offsets stay below one cent's worth, so
 * different dollar amounts never collide.
 */
const MAX_OFFSET = 9999n;
// Fixed numbers (any would do) for the advisory lock that serialises the choice of amounts per coin.
const AMOUNT_LOCK: Record<CoinType, number> = {
  eth: 724_310_021,
  usdc: 724_310_022,
  usdt: 724_310_023,
};

const MESSAGES = {
  ...DEPOSIT_MESSAGES,
  busy: 'Too many deposits of this amount are waiting for payment. Please try a slightly different amount.',
  noChain: 'Deposits are not available right now. Please try again later.',
} as const;

export interface NewDeposit {
  amountCents: number;
  coinType: CoinType;
}

/** Creates a pending deposit with its unique expected amount (ETH: at the feed's price, 15 min). */
export async function createDeposit(
  db: Db,
  chain: Chain,
  userId: number,
  deposit: NewDeposit,
): Promise<DepositRow> {
  const [chainId, head, price] = await Promise.all([
    chain.chainId(),
    chain.headBlock(),
    deposit.coinType === 'eth' ? chain.ethUsdPrice() : undefined,
  ]);
  const cents = BigInt(deposit.amountCents);
  // Smallest units of the dollar amount and of one shown decimal (10^-6 of the coin).
  const step = deposit.coinType === 'eth' ? WEI_PER_SHOWN_UNIT : 1n;
  const base = price
    ? // micro-ETH = cents / 100 / (answer / 10^8) * 10^6, rounded up so the deposit is fully paid.
      ceilDiv(cents * 10n ** 12n, price.answerE8) * WEI_PER_SHOWN_UNIT
    : cents * 10_000n;

  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [AMOUNT_LOCK[deposit.coinType]]);
    const taken = await tx.query<{ units: string }>(
      `SELECT expected_units::text AS units FROM deposits
        WHERE coin_type = $1 AND status = 'pending' AND (expires_at IS NULL OR expires_at > now())
          AND expected_units > $2::numeric AND expected_units <= $3::numeric`,
      [deposit.coinType, base.toString(), (base + step * MAX_OFFSET).toString()],
    );
    const used = new Set(taken.map((row) => BigInt(row.units)));
    let offset = 1n;
    while (offset <= MAX_OFFSET && used.has(base + step * offset)) offset++;
    if (offset > MAX_OFFSET) throw new HttpError(503, MESSAGES.busy);

    const rows = await tx.query<DepositRow>(
      `INSERT INTO deposits (user_id, coin_type, amount_cents, expected_units, eth_usd_price_e8,
          chain_id, wallet_address, from_block, expires_at)
        VALUES ($1, $2, $3, $4::numeric, $5, $6, $7, $8,
          CASE WHEN $2 = 'eth' THEN now() + make_interval(secs => $9) END)
        RETURNING ${DEPOSIT_COLUMNS}`,
      [
        userId,
        deposit.coinType,
        deposit.amountCents,
        (base + step * offset).toString(),
        price ? Number(price.answerE8) : null,
        chainId,
        chain.wallet,
        Number(head + 1n),
        ETH_PAYMENT_WINDOW_SECONDS,
      ],
    );
    return rows[0]!;
  });
}

export type VerifyOutcome =
  | { status: 'confirmed'; deposit: DepositRow }
  | { status: 'failed'; deposit: DepositRow }
  | { status: 'pending'; expired: boolean }
  | { status: 'expired' };

/**
 * Looks on chain for the deposit's payment from `senderAddress` and settles the deposit (design §2):
 * the exact amount confirms and credits it; a smaller one, matching no other pending deposit, fails it.
 * A deposit the expiry job closed is still credited by an exact transfer made inside its window (so a
 * payment sent in time is never lost); otherwise it stays closed ("expired").
 */
export async function verifyDeposit(
  db: Db,
  chain: Chain,
  userId: number,
  depositId: number,
  senderAddress: string,
): Promise<VerifyOutcome> {
  const deposit = await findDeposit(db.read, userId, depositId);
  if (!deposit) throw notFound(MESSAGES.notFound);
  if (deposit.status !== 'pending' && !isExpired(deposit)) {
    return { status: deposit.status, deposit };
  }

  // Any letter case is accepted: people paste addresses without (or with a broken) checksum.
  const sender = getAddress(senderAddress.toLowerCase());
  const { transfers, windowClosed } = await findTransfers(chain, deposit, sender);
  const unused = await unusedTransfers(db.read, Number(deposit.chain_id), transfers);
  const expected = BigInt(deposit.expected_units);
  const exact = unused.find((transfer) => transfer.units === expected);
  if (exact) return settle(db, deposit, exact, 'confirmed');
  if (isExpired(deposit)) return { status: 'expired' };

  const smaller = unused.filter((transfer) => transfer.units < expected);
  const othersDue = await otherPendingAmounts(db.read, deposit, smaller);
  const underpaid = smaller.find((transfer) => !othersDue.has(transfer.units));
  if (underpaid) return settle(db, deposit, underpaid, 'failed');
  // A verification running alongside may have settled it meanwhile (its transfer is then "used").
  const current = await findDeposit(db.read, userId, depositId);
  if (current && isExpired(current)) return { status: 'expired' };
  if (current && current.status !== 'pending') return { status: current.status, deposit: current };
  return { status: 'pending', expired: windowClosed };
}

async function findTransfers(
  chain: Chain,
  deposit: DepositRow,
  sender: Address,
): Promise<{ transfers: ChainTransfer[]; windowClosed: boolean }> {
  const fromBlock = BigInt(deposit.from_block);
  if (deposit.coin_type === 'eth') {
    return chain.ethTransfers(sender, fromBlock, new Date(deposit.expires_at!));
  }
  const transfers = await chain.tokenTransfers(deposit.coin_type, sender, fromBlock);
  return {
    transfers: transfers.filter((transfer) => inWindow(deposit, transfer)),
    windowClosed: false,
  };
}

/**
 * A closed stablecoin deposit counts transfers up to the head block of its closing only: from then on
 * its amount may belong to a newer deposit. (ETH windows end at expires_at, checked by block time.)
 */
function inWindow(deposit: DepositRow, transfer: ChainTransfer): boolean {
  return (
    deposit.coin_type === 'eth' ||
    deposit.expired_block === null ||
    transfer.blockNumber <= BigInt(deposit.expired_block)
  );
}

/** The transfers no deposit has taken yet (a transfer counts once, ever). */
async function unusedTransfers(
  db: Reader,
  chainId: number,
  transfers: ChainTransfer[],
): Promise<ChainTransfer[]> {
  if (transfers.length === 0) return [];
  const rows = await db.query<{ tx_hash: string; log_index: number }>(
    `SELECT tx_hash, log_index FROM chain_transfers
      WHERE chain_id = $1 AND tx_hash = ANY($2::text[])`,
    [chainId, transfers.map((transfer) => transfer.txHash)],
  );
  const used = new Set(rows.map((row) => `${row.tx_hash}:${row.log_index}`));
  return transfers.filter((transfer) => !used.has(`${transfer.txHash}:${transfer.logIndex}`));
}

/** Among `candidates`, the amounts that another pending deposit of the coin is waiting for. */
async function otherPendingAmounts(
  db: Reader,
  deposit: DepositRow,
  candidates: ChainTransfer[],
): Promise<Set<bigint>> {
  if (candidates.length === 0) return new Set();
  const rows = await db.query<{ units: string }>(
    `SELECT expected_units::text AS units FROM deposits
      WHERE coin_type = $1 AND status = 'pending' AND id <> $2
        AND expected_units = ANY($3::numeric[])`,
    [deposit.coin_type, deposit.id, candidates.map((transfer) => transfer.units.toString())],
  );
  return new Set(rows.map((row) => BigInt(row.units)));
}

/**
 * In one transaction: the deposit (locked, still pending), the transfer recorded once (UNIQUE chain
 * id + tx hash + log index: a racing verification of the same transfer records nothing and settles
 * nothing), the status, and for a confirmed deposit the ledger credit; a notification either way.
 */
async function settle(
  db: Db,
  pending: DepositRow,
  transfer: ChainTransfer,
  status: 'confirmed' | 'failed',
): Promise<VerifyOutcome> {
  return db.transaction(async (tx) => {
    const deposit = await findDeposit(tx, Number(pending.user_id), Number(pending.id), true);
    if (!deposit) throw notFound(MESSAGES.notFound);
    if (isExpired(deposit)) {
      // Closed by the expiry job meanwhile: only an exact payment inside its window still counts.
      if (status === 'failed' || !inWindow(deposit, transfer)) return { status: 'expired' };
    } else if (deposit.status !== 'pending') {
      return { status: deposit.status, deposit };
    }
    const recorded = await tx.query(
      `INSERT INTO chain_transfers (chain_id, tx_hash, log_index, deposit_id, from_address, units,
          block_number)
        VALUES ($1, $2, $3, $4, $5, $6::numeric, $7)
        ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING
        RETURNING id`,
      [
        deposit.chain_id,
        transfer.txHash,
        transfer.logIndex,
        deposit.id,
        transfer.from,
        transfer.units.toString(),
        Number(transfer.blockNumber),
      ],
    );
    if (recorded.length === 0) return { status: 'pending', expired: false };

    const [settled] = await tx.query<DepositRow>(
      `UPDATE deposits SET status = $2, tx_hash = $3, sender_address = $4,
          received_units = $5::numeric, updated_at = now()
        WHERE id = $1 RETURNING ${DEPOSIT_COLUMNS}`,
      [deposit.id, status, transfer.txHash, transfer.from, transfer.units.toString()],
    );
    const userId = Number(deposit.user_id);
    const dollars = formatCents(Number(deposit.amount_cents));
    const coin = deposit.coin_type.toUpperCase();
    if (status === 'confirmed') {
      await postLedgerEntry(tx, {
        userId,
        amountCents: Number(deposit.amount_cents),
        kind: 'deposit',
        reference: `deposit:${deposit.id}`,
      });
      await notify(
        tx,
        userId,
        `Your deposit of ${dollars} in ${coin} is confirmed and was added to your balance.`,
      );
    } else {
      const received = formatCoinUnits(deposit.coin_type, transfer.units);
      const due = formatCoinUnits(deposit.coin_type, BigInt(deposit.expected_units));
      await notify(
        tx,
        userId,
        `Your deposit of ${dollars} in ${coin} failed: ${received} ${coin} arrived instead of ${due} ${coin}. Underpaid transfers are non-refundable.`,
      );
    }
    return { status, deposit: settled! };
  });
}

/** Deletes the caller's own pending deposit; anything else is refused. */
export async function deletePendingDeposit(
  db: Db,
  userId: number,
  depositId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const deposit = await findDeposit(tx, userId, depositId, true);
    if (!deposit) throw notFound(MESSAGES.notFound);
    if (deposit.status !== 'pending') throw badRequest(MESSAGES.notPending);
    await tx.query('DELETE FROM deposits WHERE id = $1', [depositId]);
  });
}

export function chainUnavailable(): HttpError {
  return new HttpError(503, MESSAGES.noChain);
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

// jobs/expire-deposits.ts imports the formatter by its old name; it is src/shared/money's formatCents.
export { formatCents as formatDollars };
