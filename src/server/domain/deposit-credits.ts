import { coinSymbol, type CoinType } from '../../shared/contract/deposits';
import { formatCents } from '../../shared/money';
import type { Db, Writer } from '../db/db';
import {
  DEPOSIT_COLUMNS,
  formatCoinUnits,
  INTERNAL_LOG_INDEX,
  type DepositRow,
} from './deposit-views';
import { postLedgerEntry } from './ledger';
import { notify } from './notifications';

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
  state: 'detected' | 'credited' | 'removed' | 'ignored';
};

export interface CreditSettings {
  /** Lower-case addresses whose ETH is gas for sweeping (SWEEP_FUNDER_ADDRESSES): never credited. */
  sweepFunders: ReadonlySet<string>;
  /** The ETH/USD answer (8 decimals) in force at a time: late and unrequested ETH count at it. */
  ethUsdPriceAt: (time: Date) => Promise<bigint>;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** ETH a contract sent, found by balance reconciliation: no transaction, no sender of its own. */
const internal = (transfer: TransferRow) => Number(transfer.log_index) === INTERNAL_LOG_INDEX;
/** The transaction hash and sender a deposit shows. */
const shownHash = (transfer: TransferRow) => (internal(transfer) ? null : transfer.tx_hash);
const shownFrom = (transfer: TransferRow) => (internal(transfer) ? null : transfer.from_address);

/** Cents worth of `units` of a coin: USDC and USDT 1:1 with the dollar, ETH at `priceE8`. */
function centsOf(coin: CoinType, units: bigint, priceE8: bigint | undefined): bigint {
  if (coin !== 'eth') return units / 10_000n;
  // wei / 10^18 ETH * price / 10^8 $ * 100 cents, rounded down.
  return (units * priceE8!) / 10n ** 24n;
}

/**
 * Credits one confirmed transfer to the advertiser whose address it reached (design §2: a transfer is
 * never lost), in one transaction, once: the row is locked and only a `detected` one is credited.
 * - ETH from a sweep funder is ignored.
 * - Toward the advertiser's request of the coin whose window covers the transfer's block (open, or
 *   closed unpaid by the expiry job before the watcher saw it): ETH up to the amount still due counts
 *   at the request's locked price, and a payment that completes it credits exactly what was asked.
 * - Paid after the window to the advertiser's latest request, closed unpaid: that request, marked late,
 *   when it covers what is still due (a request open past its window also takes less, and stays open).
 * - Anything else (no request, after Start Over, a completed one, or beyond the amount) is credited
 *   too, at the ETH/USD round in force at its block for ETH; with no request it gets a deposit row of
 *   its own (origin unrequested) so the history says what happened.
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
  const funder =
    peek.coin_type === 'eth' && settings.sweepFunders.has(peek.from_address.toLowerCase());
  // The price lookups talk to the node: before the transaction, which then only writes.
  const roundPrice =
    peek.coin_type === 'eth' && !funder
      ? await settings.ethUsdPriceAt(new Date(peek.block_time))
      : undefined;

  return db.transaction(async (tx) => {
    const [transfer] = await tx.query<TransferRow>(
      `SELECT id, chain_id, tx_hash, log_index, user_id, coin_type, from_address, to_address,
          units::text AS units, block_number, block_time, state
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
    let request = await requestFor(tx, transfer);
    const units = BigInt(transfer.units);
    const blockTime = new Date(transfer.block_time);
    const inWindow =
      request !== undefined && request.expires_at !== null && blockTime <= request.expires_at;

    let cents: bigint;
    let priceE8 = roundPrice;
    let completes = false;
    if (request && inWindow) {
      const due = BigInt(request.expected_units) - BigInt(request.received_units);
      const part = due > 0n ? (units < due ? units : due) : 0n;
      completes = due > 0n && units >= due;
      const locked =
        request.eth_usd_price_e8 === null ? undefined : BigInt(request.eth_usd_price_e8);
      // What the request still owes in cents: a completing part credits exactly that, so the
      // request's total is what was asked; a part before it never more (rounding).
      const owed = BigInt(request.amount_cents) - BigInt(request.credited_cents);
      const partCents = completes
        ? owed > 0n
          ? owed
          : 0n
        : min(centsOf(transfer.coin_type, part, locked), owed > 0n ? owed : 0n);
      cents = partCents + centsOf(transfer.coin_type, units - part, roundPrice);
      if (transfer.coin_type === 'eth' && units - part === 0n) priceE8 = locked;
    } else {
      cents = centsOf(transfer.coin_type, units, roundPrice);
      // Late: it completes the request only by covering what is still due (a confirmed request has
      // all it asked for); less, to a request the expiry job closed, is a payment of its own.
      completes =
        request !== undefined &&
        units >= BigInt(request.expected_units) - BigInt(request.received_units);
      if (request?.status === 'failed' && !completes) request = undefined;
    }

    if (cents === 0n && !completes) {
      // Dust worth less than a cent (a zero-value "address poisoning" transfer, say): on record,
      // nothing to credit, and it neither counts toward a request nor keeps one from Start Over.
      await tx.query(
        `UPDATE chain_transfers SET state = 'credited', credited_cents = 0, credited_at = now()
          WHERE id = $1`,
        [transfer.id],
      );
      return true;
    }
    const deposit = request
      ? await addToRequest(tx, request, transfer, cents, { completes, late: !inWindow })
      : await unrequestedDeposit(tx, transfer, cents, priceE8);
    if (cents > 0n) {
      await postLedgerEntry(tx, {
        userId: Number(transfer.user_id),
        amountCents: Number(cents),
        kind: 'deposit',
        reference: `transfer:${transfer.id}`,
      });
    }
    await tx.query(
      `UPDATE chain_transfers SET state = 'credited', deposit_id = $2, credited_cents = $3,
          eth_usd_price_e8 = $4, credited_at = now()
        WHERE id = $1`,
      [
        transfer.id,
        deposit.id,
        cents.toString(),
        priceE8 === undefined ? null : priceE8.toString(),
      ],
    );
    await notify(tx, Number(transfer.user_id), creditMessage(deposit, transfer, cents));
    return true;
  });
}

/**
 * The request a transfer counts toward: the advertiser's latest request of the coin opened before
 * the transfer's block, if it is still open or was closed unpaid (by expiry, not by a newer request:
 * that one is then the latest).
 */
async function requestFor(tx: Writer, transfer: TransferRow): Promise<DepositRow | undefined> {
  const [latest] = await tx.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposits
      WHERE user_id = $1 AND coin_type = $2 AND origin = 'request' AND from_block <= $3
      ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [transfer.user_id, transfer.coin_type, transfer.block_number],
  );
  if (!latest) return undefined;
  if (latest.status === 'pending') return latest;
  // Closed at the end of its window: a transfer made inside the window still counts for it (the job
  // may close a request before the watcher sees its last part); after the window, only while it has
  // nothing (a late payment for it).
  const closed = latest.status === 'failed' && latest.expired_at !== null;
  const inWindow = latest.expires_at !== null && new Date(transfer.block_time) <= latest.expires_at;
  if (!closed || (!inWindow && BigInt(latest.received_units) > 0n)) return undefined;
  // A request opened after the transfer's block is newer, though not the transfer's: the closed one
  // then is not the latest any more (reopening it would make two open requests of the coin).
  const [newer] = await tx.query<{ id: number }>(
    `SELECT id FROM deposits WHERE user_id = $1 AND coin_type = $2 AND origin = 'request' AND id > $3
      LIMIT 1`,
    [transfer.user_id, transfer.coin_type, latest.id],
  );
  return newer ? undefined : latest;
}

async function addToRequest(
  tx: Writer,
  request: DepositRow,
  transfer: TransferRow,
  cents: bigint,
  { completes, late }: { completes: boolean; late: boolean },
): Promise<DepositRow> {
  const [updated] = await tx.query<DepositRow>(
    `UPDATE deposits SET
        received_units = received_units + $2::numeric,
        credited_cents = credited_cents + $3,
        tx_hash = COALESCE(tx_hash, $4),
        sender_address = COALESCE(sender_address, $5),
        status = CASE WHEN $6 THEN 'confirmed' ELSE 'pending' END,
        late = late OR $7,
        expired_at = CASE WHEN $6 THEN expired_at ELSE NULL END,
        confirmed_at = CASE WHEN $6 THEN now() ELSE confirmed_at END,
        updated_at = now()
      WHERE id = $1 RETURNING ${DEPOSIT_COLUMNS}`,
    [
      request.id,
      transfer.units,
      cents.toString(),
      shownHash(transfer),
      shownFrom(transfer),
      completes,
      late,
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

/** What the advertiser is told once a transfer is credited. */
function creditMessage(deposit: DepositRow, transfer: TransferRow, cents: bigint): string {
  const coin = coinSymbol(transfer.coin_type);
  const arrived = `${formatCoinUnits(transfer.coin_type, BigInt(transfer.units))} ${coin}`;
  const credited = formatCents(Number(cents));
  const asked = formatCents(Number(deposit.amount_cents));
  if (deposit.origin === 'unrequested') {
    return `${arrived} arrived at your deposit address with no open deposit request; ${credited} was added to your balance.`;
  }
  if (deposit.status === 'pending') {
    return (
      `${arrived} arrived for your deposit of ${asked} in ${coin} and ${credited} was added to your ` +
      `balance. ${formatCoinUnits(transfer.coin_type, BigInt(deposit.expected_units) - BigInt(deposit.received_units))} ${coin} is still due.`
    );
  }
  if (deposit.late) {
    return `Your deposit of ${asked} in ${coin} arrived after its window closed: ${arrived} counted, and ${credited} was added to your balance.`;
  }
  return `Your deposit of ${asked} in ${coin} is confirmed and ${credited} was added to your balance.`;
}
