import type { Address } from 'viem';
import { ETH_PAYMENT_WINDOW_SECONDS } from '../../shared/constants';
import { coinSymbol, DEPOSIT_MESSAGES, type CoinType } from '../../shared/contract/deposits';
import { formatCents } from '../../shared/money';
import type { Db, Writer } from '../db/db';
import { badRequest, HttpError, notFound } from '../errors';
import type { Chain } from './chain';
import { depositAddressOf } from './deposit-addresses';
import {
  DEPOSIT_COLUMNS,
  findDeposit,
  formatCoinUnits,
  hasDetectedPayment,
  WEI_PER_SHOWN_UNIT,
  type DepositRow,
} from './deposit-views';
import { notify } from './notifications';

export interface NewDeposit {
  amountCents: number;
  coinType: CoinType;
}

export interface DepositSettings {
  /** Child `index` of DEPOSIT_XPUB (src/server/domain/deposit-addresses.ts). */
  deriveAddress: (index: number) => Address;
  /** USDC and USDT requests stay open this long (STABLECOIN_PAYMENT_WINDOW_HOURS). */
  stablecoinWindowHours: number;
}

/**
 * Opens a deposit request (design §2) for the plain amount asked: USDC and USDT 1:1 with the dollar,
 * ETH at the feed's price, held for 15 minutes. It is paid to the advertiser's own address. An older
 * open request of the coin is closed first: deleted when nothing arrived, ended as underpaid when part
 * did; one with a payment still confirming is waited for (refused).
 */
export async function createDeposit(
  db: Db,
  chain: Chain,
  settings: DepositSettings,
  userId: number,
  deposit: NewDeposit,
): Promise<DepositRow> {
  const [chainId, head, price] = await Promise.all([
    chain.chainId(),
    chain.headBlock(),
    deposit.coinType === 'eth' ? chain.ethUsdPrice() : undefined,
  ]);
  const cents = BigInt(deposit.amountCents);
  const units = price
    ? // micro-ETH = cents / 100 / (answer / 10^8) * 10^6, rounded up so the deposit is fully paid.
      ceilDiv(cents * 10n ** 12n, price.answerE8) * WEI_PER_SHOWN_UNIT
    : cents * 10_000n;
  const windowSeconds =
    deposit.coinType === 'eth' ? ETH_PAYMENT_WINDOW_SECONDS : settings.stablecoinWindowHours * 3600;

  return db.transaction(async (tx) => {
    // One request at a time per advertiser: the open one of the coin is closed in this transaction.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const address = await depositAddressOf(tx, settings.deriveAddress, userId);
    const [open] = await tx.query<DepositRow>(
      `SELECT ${DEPOSIT_COLUMNS} FROM deposits
        WHERE user_id = $1 AND coin_type = $2 AND status = 'pending' AND origin = 'request'
        FOR UPDATE`,
      [userId, deposit.coinType],
    );
    if (open) {
      if (await hasDetectedPayment(tx, Number(open.id))) {
        throw badRequest(DEPOSIT_MESSAGES.olderBeingConfirmed);
      }
      if (BigInt(open.received_units) > 0n) await closeRequest(tx, open);
      else await tx.query('DELETE FROM deposits WHERE id = $1', [open.id]);
    }
    const [created] = await tx.query<DepositRow>(
      `INSERT INTO deposits (user_id, coin_type, amount_cents, expected_units, eth_usd_price_e8,
          chain_id, wallet_address, from_block, expires_at)
        VALUES ($1, $2, $3, $4::numeric, $5, $6, $7, $8, now() + make_interval(secs => $9))
        RETURNING ${DEPOSIT_COLUMNS}`,
      [
        userId,
        deposit.coinType,
        deposit.amountCents,
        units.toString(),
        price ? Number(price.answerE8) : null,
        chainId,
        address,
        Number(head + 1n),
        windowSeconds,
      ],
    );
    return created!;
  });
}

/**
 * Ends an open request whose window closed (or that a newer request replaces): failed, with the time.
 * Nothing arrived: the spec's expired transaction. Part arrived: underpaid, and what arrived was
 * already credited (design §2: "non-refundable" means no crypto is sent back).
 */
export async function closeRequest(
  tx: Writer,
  deposit: DepositRow,
  windowText?: string,
): Promise<void> {
  await tx.query(
    `UPDATE deposits SET status = 'failed', expired_at = now(), updated_at = now() WHERE id = $1`,
    [deposit.id],
  );
  const dollars = formatCents(Number(deposit.amount_cents));
  const coin = coinSymbol(deposit.coin_type);
  const received = BigInt(deposit.received_units);
  await notify(
    tx,
    Number(deposit.user_id),
    received === 0n
      ? `Your deposit of ${dollars} in ${coin} was not paid${windowText ? ` within ${windowText}` : ''}. ` +
          DEPOSIT_MESSAGES.expired
      : `Your deposit of ${dollars} in ${coin} ended underpaid: ${formatCoinUnits(deposit.coin_type, received)} ` +
          `${coin} of ${formatCoinUnits(deposit.coin_type, BigInt(deposit.expected_units))} ${coin} arrived, ` +
          `and the ${formatCents(Number(deposit.credited_cents))} it was worth was added to your balance. ` +
          'No crypto is sent back; start a new deposit for the rest.',
  );
}

/**
 * Deletes the caller's own open request (Start Over). Refused once a payment to it arrived: that
 * payment is credited, never dropped with its request.
 */
export async function deletePendingDeposit(
  db: Db,
  userId: number,
  depositId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const deposit = await findDeposit(tx, userId, depositId, true);
    if (!deposit) throw notFound(DEPOSIT_MESSAGES.notFound);
    if (deposit.status !== 'pending') throw badRequest(DEPOSIT_MESSAGES.notPending);
    if (BigInt(deposit.received_units) > 0n || (await hasDetectedPayment(tx, depositId))) {
      throw badRequest(DEPOSIT_MESSAGES.paymentArrived);
    }
    await tx.query('DELETE FROM deposits WHERE id = $1', [depositId]);
  });
}

export function chainUnavailable(): HttpError {
  return new HttpError(503, 'Deposits are not available right now. Please try again later.');
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
