import { coinOf, COINS, type Coin, type CoinRegistry } from '../../../shared/coins';
import type { CoinType } from '../../../shared/contract/deposits';
import type { Db, Writer } from '../../db/db';
import { creditMessage } from './deposit-credit-messages';
import { centsOf, priceTransfer, type Priced, type RequestTerms } from './deposit-pricing';
import { DEPOSIT_COLUMNS, INTERNAL_LOG_INDEX, type DepositRow } from './deposit-views';
import { postLedgerEntry } from '../ledger';
import { notify } from '../notifications';

/** A transfer row the watcher recorded (chain_transfers), as crediting reads it. */
export type TransferRow = {
  id: number;
  chain_id: number;
  tx_hash: string;
  log_index: number;
  user_id: number;
  coin_type: CoinType;
  from_address: string;
  to_address: string;
  units: string;
  block_number: number;
  block_time: Date;
  /** Dated by a bound (deposit-balances.ts): the time of the last block checked before it. */
  bound_time: Date | null;
  state: 'detected' | 'credited' | 'removed' | 'ignored';
};

export interface CreditSettings {
  /** Lower-case addresses whose ETH is gas for sweeping (SWEEP_FUNDER_ADDRESSES): never credited. */
  sweepFunders: ReadonlySet<string>;
  /** The ETH/USD answer (8 decimals) in force at a time: late and unrequested ETH count at it. */
  ethUsdPriceAt: (time: Date) => Promise<bigint>;
  /** The coins taken (src/shared/coins.ts) unless a test adds its own. */
  coins?: CoinRegistry;
}

/** ETH a contract sent, found by balance reconciliation: no transaction, no sender of its own. */
const internal = (transfer: TransferRow) => Number(transfer.log_index) === INTERNAL_LOG_INDEX;
/** The transaction hash and sender a deposit shows. */
const shownHash = (transfer: TransferRow) => (internal(transfer) ? null : transfer.tx_hash);
const shownFrom = (transfer: TransferRow) => (internal(transfer) ? null : transfer.from_address);

/**
 * Credits one confirmed transfer to the advertiser whose address it reached (design §2: a transfer is
 * never lost), in one transaction, once: the row is locked and only a `detected` one is credited.
 * - ETH from a sweep funder is ignored.
 * - Toward the advertiser's latest request of the coin opened before the transfer's block, open or
 *   closed (issue 33 point 5: late parts attach to their request until a newer one of the coin is
 *   opened), priced by deposit-pricing.ts: inside the window at the locked price up to what is due,
 *   after it at the round in force at its block. A request whose parts reach the amount less one cent
 *   is confirmed (late when a part came after its window), whatever closed it before.
 * - A transfer worth less than a cent counts toward what arrived, credits nothing and tells nobody.
 * - Anything else (no request, after Start Over, to a completed request) is credited too, at the
 *   round in force at its block for ETH, with a deposit row of its own (origin unrequested) so the
 *   history says what happened.
 * Returns false when the transfer was not (or no longer) waiting to be credited.
 */
export async function creditTransfer(
  db: Db,
  settings: CreditSettings,
  transferId: number,
): Promise<boolean> {
  const [peek] = await db.read.query<TransferRow>(
    `SELECT id, coin_type, from_address, block_time, state FROM chain_transfers WHERE id = $1`,
    [transferId],
  );
  if (!peek || peek.state !== 'detected') return false;
  const coin = coinOf(settings.coins ?? COINS, peek.coin_type);
  const byFeed = coin.price === 'eth-usd-feed';
  const funder = byFeed && settings.sweepFunders.has(peek.from_address.toLowerCase());
  // The price lookups talk to the node: before the transaction, which then only writes. Issue 33
  // point 2: always its block's time, never when the watcher noticed it.
  const roundPrice =
    byFeed && !funder ? await settings.ethUsdPriceAt(new Date(peek.block_time)) : undefined;

  return db.transaction(async (tx) => {
    const [transfer] = await tx.query<TransferRow>(
      `SELECT id, chain_id, tx_hash, log_index, user_id, coin_type, from_address, to_address,
          units::text AS units, block_number, block_time, bound_time, state
         FROM chain_transfers WHERE id = $1 FOR UPDATE`,
      [transferId],
    );
    if (!transfer || transfer.state !== 'detected') return false;
    // The advertiser's row first, as every balance change takes it first (createDeposit, the
    // ledger): locks taken in one order never deadlock.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [transfer.user_id]);
    if (funder) {
      await tx.query(`UPDATE chain_transfers SET state = 'ignored' WHERE id = $1`, [transfer.id]);
      return true;
    }
    const units = BigInt(transfer.units);
    const request = await requestFor(tx, transfer);
    const priced: Priced = request
      ? priceTransfer(
          termsOf(request, coin),
          // Dated by a bound: inside the window when the last height checked before it was.
          { units, judgedAt: new Date(transfer.bound_time ?? transfer.block_time) },
          roundPrice,
        )
      : {
          cents: centsOf(coin, units, roundPrice),
          inWindow: false,
          completes: false,
          priceE8: roundPrice,
          requestUnits: 0n,
          requestCents: 0n,
        };
    const { cents } = priced;
    const dust = cents === 0n && !priced.completes;
    if (!request && dust) {
      // Worth less than a cent with no request to count toward (a zero-value "address poisoning"
      // transfer, say): on record, nothing to credit.
      await markCredited(tx, transfer, null, { ...priced, priceE8: undefined }, null);
      return true;
    }
    const deposit = request
      ? await addToRequest(tx, request, transfer, priced, dust)
      : await unrequestedDeposit(tx, transfer, cents, priced.priceE8);
    if (cents > 0n) {
      await postLedgerEntry(tx, {
        userId: Number(transfer.user_id),
        amountCents: Number(cents),
        kind: 'deposit',
        reference: `transfer:${transfer.id}`,
      });
    }
    await markCredited(tx, transfer, deposit.id, priced, request?.expires_at);
    if (!dust) {
      await notify(
        tx,
        Number(transfer.user_id),
        creditMessage(coin, deposit, transfer, cents, priced),
      );
    }
    return true;
  });
}

function termsOf(request: DepositRow, coin: Coin): RequestTerms {
  return {
    coin,
    amountCents: BigInt(request.amount_cents),
    expectedUnits: BigInt(request.expected_units),
    receivedUnits: BigInt(request.received_units),
    creditedCents: BigInt(request.credited_cents),
    lockedPriceE8: request.eth_usd_price_e8 === null ? undefined : BigInt(request.eth_usd_price_e8),
    windowEndsAt: new Date(request.expires_at!),
  };
}

/**
 * The request a transfer counts toward: the advertiser's latest request of the coin opened before the
 * transfer's block, still open or closed (expired, ended underpaid, or replaced by a newer one opened
 * after this block), not one already complete. Start Over deleted its request: a transfer to it finds
 * an older one or none.
 */
async function requestFor(tx: Writer, transfer: TransferRow): Promise<DepositRow | undefined> {
  const [latest] = await tx.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposits
      WHERE user_id = $1 AND coin_type = $2 AND origin = 'request' AND from_block <= $3
      ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [transfer.user_id, transfer.coin_type, transfer.block_number],
  );
  return latest?.status === 'confirmed' ? undefined : latest;
}

/**
 * Adds a transfer to its request: confirmed once it completes it (late when any part came after the
 * window); a part that does not complete it leaves it open or closed as it was. A part worth less
 * than a cent counts toward what arrived but makes nothing late.
 */
async function addToRequest(
  tx: Writer,
  request: DepositRow,
  transfer: TransferRow,
  { cents, completes, inWindow }: Priced,
  dust: boolean,
): Promise<DepositRow> {
  const [updated] = await tx.query<DepositRow>(
    `UPDATE deposits SET
        received_units = received_units + $2::numeric,
        credited_cents = credited_cents + $3,
        tx_hash = COALESCE(tx_hash, $4),
        sender_address = COALESCE(sender_address, $5),
        status = CASE WHEN $6 THEN 'confirmed' ELSE status END,
        late = late OR $7,
        confirmed_at = CASE WHEN $6 THEN now() ELSE confirmed_at END,
        updated_at = now()
      WHERE id = $1 RETURNING ${DEPOSIT_COLUMNS}`,
    [
      request.id,
      transfer.units,
      cents.toString(),
      dust ? null : shownHash(transfer),
      dust ? null : shownFrom(transfer),
      completes,
      !inWindow && !dust,
    ],
  );
  return updated!;
}

async function unrequestedDeposit(
  tx: Writer,
  transfer: TransferRow,
  cents: bigint,
  priceE8: bigint | undefined,
): Promise<DepositRow> {
  const [created] = await tx.query<DepositRow>(
    `INSERT INTO deposits (user_id, coin_type, status, origin, amount_cents, expected_units,
        received_units, credited_cents, eth_usd_price_e8, chain_id, wallet_address, from_block,
        sender_address, tx_hash, confirmed_at)
      VALUES ($1, $2, 'confirmed', 'unrequested', $3, $4::numeric, $4::numeric, $3, $5, $6, $7, $8,
        $9, $10, now())
      RETURNING ${DEPOSIT_COLUMNS}`,
    [
      transfer.user_id,
      transfer.coin_type,
      cents.toString(),
      transfer.units,
      priceE8 === undefined ? null : priceE8.toString(),
      transfer.chain_id,
      transfer.to_address,
      transfer.block_number,
      shownFrom(transfer),
      shownHash(transfer),
    ],
  );
  return created!;
}

/**
 * The transfer is credited: to its deposit, for its cents, at its price (the part at the request's
 * locked price apart), judged against a window.
 */
async function markCredited(
  tx: Writer,
  transfer: TransferRow,
  depositId: number | null,
  { cents, priceE8, requestUnits, requestCents }: Priced,
  windowEnd: Date | null | undefined,
): Promise<void> {
  await tx.query(
    `UPDATE chain_transfers SET state = 'credited', deposit_id = $2, credited_cents = $3,
        eth_usd_price_e8 = $4, credited_at = now(), window_ends_at = $5,
        request_units = $6::numeric, request_cents = $7
      WHERE id = $1`,
    [
      transfer.id,
      depositId,
      cents.toString(),
      priceE8 === undefined ? null : priceE8.toString(),
      windowEnd ?? null,
      requestUnits.toString(),
      requestCents.toString(),
    ],
  );
}
