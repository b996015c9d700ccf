import type { Address } from 'viem';
import { coinOf, tokenAddress, type CoinRegistry } from '../../../shared/coins';
import { ETH_PAYMENT_WINDOW_SECONDS } from '../../../shared/constants';
import { coinSymbol, DEPOSIT_MESSAGES, type CoinType } from '../../../shared/contract/deposits';
import { formatCents } from '../../../shared/money';
import type { Db, Writer } from '../../db/db';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import type { Chain } from './chain';
import { depositAddressOf } from './deposit-addresses';
import { unitsFor } from './deposit-pricing';
import { checkedAfter } from './deposit-window';
import {
  DEPOSIT_COLUMNS,
  findDeposit,
  formatCoinUnits,
  hasDetectedPayment,
  type DepositRow,
} from './deposit-views';
import { notify } from '../notifications';

export interface NewDeposit {
  amountCents: number;
  coinType: CoinType;
  /**
   * The open request of the coin the person agreed to end, null when their screen showed none,
   * undefined when the client does not say (the spec's clients: the open one is ended as before).
   */
  replaces?: number | null;
}

export interface DepositSettings {
  /** Child `index` of DEPOSIT_XPUB (src/server/domain/deposits/deposit-addresses.ts). */
  deriveAddress: (index: number) => Address;
  /** USDC and USDT requests stay open this long (STABLECOIN_PAYMENT_WINDOW_HOURS). */
  stablecoinWindowHours: number;
  /** The coins taken (src/shared/coins.ts). */
  coins: CoinRegistry;
}

/**
 * Opens a deposit request (design §2) for the plain amount asked: USDC and USDT 1:1 with the dollar,
 * ETH at the feed's price, held for 15 minutes. It is paid to the advertiser's own address. Issue 33
 * point 6: the window is a span of the chain's clock, against which each payment's block time is
 * judged: it starts at the head block's time, or at the database's clock when that block is older (a
 * chain mines no block while idle, so its last one may be minutes old). An older
 * open request of the coin is closed first: deleted when nothing was credited, ended as underpaid when
 * part was; one with a payment still confirming, or whose window ended before a watcher pass covered
 * its end, is waited for (refused). Issue 31: it is closed only when
 * it is the one the person agreed to end (`replaces`); another (opened on another device, or none
 * where one was shown) is a 409 and nothing changes.
 */
export async function createDeposit(
  db: Db,
  chain: Chain,
  settings: DepositSettings,
  userId: number,
  deposit: NewDeposit,
): Promise<DepositRow> {
  const { coins } = settings;
  const coin = coinOf(coins, deposit.coinType);
  const byFeed = coin.price === 'eth-usd-feed';
  const [chainId, head, price] = await Promise.all([
    chain.chainId(),
    chain.latestBlock(),
    byFeed ? chain.ethUsdPrice() : undefined,
  ]);
  // A token not taken on this chain (no contract of it here) could be neither paid nor found.
  if (coin.contracts && !tokenAddress(coin, chainId)) {
    throw badRequest(
      `${coin.symbol} deposits are not available right now. Please choose another coin.`,
    );
  }
  const units = unitsFor(coin, BigInt(deposit.amountCents), price?.answerE8);
  const windowSeconds = byFeed ? ETH_PAYMENT_WINDOW_SECONDS : settings.stablecoinWindowHours * 3600;

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
    if (deposit.replaces !== undefined && open && Number(open.id) !== deposit.replaces) {
      throw conflict(DEPOSIT_MESSAGES.openChanged);
    }
    if (open) {
      if (await hasDetectedPayment(tx, Number(open.id), coins)) {
        throw badRequest(DEPOSIT_MESSAGES.olderBeingConfirmed);
      }
      // Issue 33 point 4, as for Start Over: a request whose window ended is not closed before the
      // watcher has looked for a payment up to a head that covers its end.
      if (await windowBeingChecked(tx, Number(open.id))) {
        throw badRequest(DEPOSIT_MESSAGES.olderBeingChecked);
      }
      if (Number(open.credited_cents) > 0) await closeRequest(tx, coins, open);
      else await deleteRequest(tx, Number(open.id));
    }
    const [created] = await tx.query<DepositRow>(
      `INSERT INTO deposits (user_id, coin_type, amount_cents, expected_units, eth_usd_price_e8,
          chain_id, wallet_address, from_block, expires_at)
        VALUES ($1, $2, $3, $4::numeric, $5, $6, $7, $8,
          GREATEST(now(), $10::timestamptz) + make_interval(secs => $9))
        RETURNING ${DEPOSIT_COLUMNS}`,
      [
        userId,
        deposit.coinType,
        deposit.amountCents,
        units.toString(),
        price ? Number(price.answerE8) : null,
        chainId,
        address,
        Number(head.number + 1n),
        windowSeconds,
        head.time,
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
  coins: CoinRegistry,
  deposit: DepositRow,
  windowText?: string,
): Promise<void> {
  await tx.query(
    `UPDATE deposits SET status = 'failed', expired_at = now(), updated_at = now() WHERE id = $1`,
    [deposit.id],
  );
  const dollars = formatCents(Number(deposit.amount_cents));
  const coin = coinSymbol(deposit.coin_type);
  const units = (value: bigint) => formatCoinUnits(coinOf(coins, deposit.coin_type), value);
  const received = BigInt(deposit.received_units);
  await notify(
    tx,
    Number(deposit.user_id),
    // Parts worth less than a cent credit nothing: not paid.
    Number(deposit.credited_cents) === 0
      ? `Your deposit of ${dollars} in ${coin} was not paid${windowText ? ` within ${windowText}` : ''}. ` +
          DEPOSIT_MESSAGES.expired
      : `Your deposit of ${dollars} in ${coin} ended underpaid: ${units(received)} ${coin} of ` +
          `${units(BigInt(deposit.expected_units))} ${coin} arrived, ` +
          `and the ${formatCents(Number(deposit.credited_cents))} it was worth was added to your balance. ` +
          'No crypto is sent back; start a new deposit for the rest.',
  );
}

/**
 * Deletes the caller's own open request (Start Over). Refused once a payment to it was credited or
 * is confirming: that payment is credited, never dropped with its request; and once its window ended, until the watcher
 * has checked for a payment made in it.
 */
export async function deletePendingDeposit(
  db: Db,
  coins: CoinRegistry,
  userId: number,
  depositId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const deposit = await findDeposit(tx, userId, depositId, true);
    if (!deposit) throw notFound(DEPOSIT_MESSAGES.notFound);
    if (deposit.status !== 'pending') throw badRequest(DEPOSIT_MESSAGES.notPending);
    // Issue 33 point 7: what became of the money (finding: after a 1-cent payment it said "added
    // to your balance once confirmed", though it was credited). Parts worth less than a cent do not
    // block it (point 5).
    if (Number(deposit.credited_cents) > 0) throw badRequest(DEPOSIT_MESSAGES.paymentCredited);
    if (await hasDetectedPayment(tx, depositId, coins))
      throw badRequest(DEPOSIT_MESSAGES.paymentArrived);
    // Issue 33 point 4: at zero, not before the watcher has looked for a payment up to a head that
    // covers the window's end (the page's own delete at 0:00 would drop the request it pays).
    if (await windowBeingChecked(tx, depositId)) {
      throw badRequest(DEPOSIT_MESSAGES.checkingPayment);
    }
    await deleteRequest(tx, depositId);
  });
}

/** The request's window ended, and no watcher pass has yet covered its end (issue 33 point 4). */
async function windowBeingChecked(tx: Writer, depositId: number): Promise<boolean> {
  const [window] = await tx.query<{ checking: boolean }>(
    `SELECT d.expires_at <= now() AND NOT ${checkedAfter('d.expires_at')} AS checking
       FROM deposits d WHERE d.id = $1`,
    [depositId],
  );
  return window?.checking === true;
}

/**
 * Deletes an open request that credited nothing; the parts worth less than a cent it counted stay
 * on record, credited to no deposit.
 */
async function deleteRequest(tx: Writer, depositId: number): Promise<void> {
  await tx.query('UPDATE chain_transfers SET deposit_id = NULL WHERE deposit_id = $1', [depositId]);
  await tx.query('DELETE FROM deposits WHERE id = $1', [depositId]);
}

export function chainUnavailable(): HttpError {
  return new HttpError(503, 'Deposits are not available right now. Please try again later.');
}
