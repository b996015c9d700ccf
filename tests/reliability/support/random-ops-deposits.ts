import type { Address, Hex } from 'viem';
import { expect } from 'vitest';
import type { ListedTransaction, Transaction } from '@/shared/contract/deposits';
import type { TestClient } from '../../helpers/server';
import type { Coin } from './random-ops-ops';

/**
 * The deposits of a random-ops run as design §2 has them, apart from HTTP: requests, transfers to each
 * advertiser's own address, and what the watcher credits for each transfer, once. The runner asks the
 * app, and compares its answers and rows with this book.
 */

export interface UserModel {
  client: TestClient;
  id: number;
  balanceCents: number;
  /** The advertiser's deposit address: the `to` of every deposit of theirs. */
  address?: Address;
}

export type DepositStatus = 'pending' | 'confirmed' | 'failed' | 'deleted';

export interface DepositModel {
  owner: UserModel;
  origin: 'request' | 'unrequested';
  coin: Coin;
  /** What was asked (a request) or what its transfer was worth (unrequested). */
  cents: number;
  /** The units asked for (a request) or that arrived (unrequested). */
  units: bigint;
  status: DepositStatus;
  receivedUnits: bigint;
  creditedCents: number;
  late: boolean;
  /** Its window passed (design §2); the expiry job closes it after the watcher's next pass. */
  windowClosed: boolean;
  /** The first transfer counted for it, and its sender. */
  hash: Hex | null;
  from: Address | null;
  /** Every transfer counted for it, in the order paid (issue 35: the list answers them). */
  hashes: Hex[];
  /** Transfers made before this request was opened are on earlier blocks: never its own. */
  paymentsBefore: number;
  /** The app's answer when it was opened (a request) or first read (unrequested). */
  created?: Transaction;
}

export interface PaymentModel {
  index: number;
  owner: UserModel;
  coin: Coin;
  units: bigint;
  payer: Address;
  hash: Hex;
  /** Set once the watcher credited it: the deposit it counted for, and the cents it added. */
  credit?: { deposit: DepositModel; cents: number };
}

/** The runner closes a request's window by moving its end here (then the expiry job runs). */
export const CLOSED_WINDOW_AT = '2000-01-01T00:00:00.000Z';
/** The dev chain's ETH/USD answer (8 decimals): requests lock it, later ETH counts at it too. */
export const ETH_USD_E8 = 3000_00000000n;
const WEI_PER_SHOWN_UNIT = 10n ** 12n;

/** One cent in the coin's units: 10^24 / price wei of ETH at $3,000.00, 10,000 of USDC or USDT. */
export function oneCent(coin: Coin): bigint {
  return coin === 'eth' ? 10n ** 24n / ETH_USD_E8 : 10_000n;
}

/** Cents worth of `units`: USDC and USDT 1:1 with the dollar, ETH at $3,000.00, rounded down. */
export function centsOf(coin: Coin, units: bigint): number {
  return Number(coin === 'eth' ? (units * ETH_USD_E8) / 10n ** 24n : units / 10_000n);
}

/** Units a request of `cents` asks for: micro-dollars, or ETH rounded up to a shown unit. */
export function unitsFor(coin: Coin, cents: number): bigint {
  if (coin !== 'eth') return BigInt(cents) * 10_000n;
  const e8 = BigInt(cents) * 10n ** 12n;
  return ((e8 + ETH_USD_E8 - 1n) / ETH_USD_E8) * WEI_PER_SHOWN_UNIT;
}

/** An amount in the coin's smallest units as shown, 6 decimals ("0.033334", "150.000001"). */
export function shownUnits(coin: Coin, units: bigint): string {
  const micro = coin === 'eth' ? units / WEI_PER_SHOWN_UNIT : units;
  return `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;
}

/** "$1,234.50" */
export function dollars(cents: number): string {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

export class DepositBook {
  readonly deposits: DepositModel[] = [];
  readonly payments: PaymentModel[] = [];

  /**
   * A new request; the owner's open one of the coin closes: deleted when nothing arrived, else ended
   * underpaid (what arrived stays credited).
   */
  open(owner: UserModel, coin: Coin, cents: number, created: Transaction): DepositModel {
    const older = this.deposits.find(
      (d) =>
        d.owner === owner && d.coin === coin && d.origin === 'request' && d.status === 'pending',
    );
    if (older) older.status = older.creditedCents > 0 ? 'failed' : 'deleted';
    const deposit: DepositModel = {
      owner,
      origin: 'request',
      coin,
      cents,
      units: BigInt(created.amountUnits),
      status: 'pending',
      receivedUnits: 0n,
      creditedCents: 0,
      late: false,
      windowClosed: false,
      hash: null,
      from: null,
      hashes: [],
      paymentsBefore: this.payments.length,
      created,
    };
    this.deposits.push(deposit);
    return deposit;
  }

  pay(owner: UserModel, coin: Coin, units: bigint, payer: Address, hash: Hex): void {
    this.payments.push({ index: this.payments.length, owner, coin, units, payer, hash });
  }

  /** The request's window ends; it stays open until the expiry job closes it (below). */
  endWindow(deposit: DepositModel): void {
    deposit.windowClosed = true;
  }

  /** The expiry job closes a request past its window (unpaid: expired; part paid: underpaid). */
  expire(deposit: DepositModel): void {
    deposit.status = 'failed';
    deposit.windowClosed = true;
  }

  /**
   * The watcher's pass: each transfer not credited yet, in the order paid, is credited once (a
   * transfer no request takes opens a deposit of its own). Returns the transfers it credited. Issue 33
   * point 5: a request is complete at what it asked less one cent; a part after the window counts
   * toward its request, open or closed, at its worth, and one that completes it confirms it late.
   */
  credit(): PaymentModel[] {
    const waiting = this.payments.filter((p) => !p.credit);
    for (const payment of waiting) {
      const request = this.requestFor(payment);
      if (!request) {
        this.unrequested(payment);
        continue;
      }
      const completes =
        request.receivedUnits + payment.units >= request.units - oneCent(payment.coin);
      if (request.windowClosed) {
        this.add(request, payment, centsOf(payment.coin, payment.units), completes, true);
        continue;
      }
      const due = request.units - request.receivedUnits;
      const part = due <= 0n ? 0n : payment.units < due ? payment.units : due;
      const owed = Math.max(0, request.cents - request.creditedCents);
      // A payment that completes the request credits exactly what was still asked for.
      const cents =
        (completes ? owed : Math.min(centsOf(payment.coin, part), owed)) +
        centsOf(payment.coin, payment.units - part);
      this.add(request, payment, cents, completes, false);
    }
    return waiting;
  }

  /**
   * The owner's latest request of the coin opened before the transfer (Start Over deleted its own),
   * open or closed, unless it is complete.
   */
  private requestFor(payment: PaymentModel): DepositModel | undefined {
    const before = this.deposits.filter(
      (d) =>
        d.owner === payment.owner &&
        d.coin === payment.coin &&
        d.origin === 'request' &&
        d.status !== 'deleted' &&
        d.paymentsBefore <= payment.index,
    );
    const latest = before[before.length - 1];
    return latest?.status === 'confirmed' ? undefined : latest;
  }

  private add(
    deposit: DepositModel,
    payment: PaymentModel,
    cents: number,
    completes: boolean,
    late: boolean,
  ) {
    deposit.receivedUnits += payment.units;
    deposit.creditedCents += cents;
    deposit.late ||= late;
    deposit.hash ??= payment.hash;
    deposit.hashes.push(payment.hash);
    deposit.from ??= payment.payer;
    if (completes) deposit.status = 'confirmed';
    payment.owner.balanceCents += cents;
    payment.credit = { deposit, cents };
  }

  private unrequested(payment: PaymentModel): void {
    const cents = centsOf(payment.coin, payment.units);
    const deposit: DepositModel = {
      owner: payment.owner,
      origin: 'unrequested',
      coin: payment.coin,
      cents,
      units: payment.units,
      status: 'confirmed',
      receivedUnits: payment.units,
      creditedCents: cents,
      late: false,
      windowClosed: false,
      hash: payment.hash,
      from: payment.payer,
      hashes: [payment.hash],
      paymentsBefore: payment.index,
    };
    this.deposits.push(deposit);
    payment.owner.balanceCents += cents;
    payment.credit = { deposit, cents };
  }
}

/** The deposit as the list answers it: with every payment's hash (issue 35). */
export function listedTransactionOf(deposit: DepositModel): ListedTransaction {
  return { ...transactionOf(deposit), hashes: deposit.hashes };
}

/** The deposit as the app shows it (spec §3 Transaction), from what the book knows of it. */
export function transactionOf(deposit: DepositModel): Transaction {
  const created = deposit.created!;
  return {
    ...created,
    hash: deposit.hash,
    status: deposit.status as Transaction['status'],
    from: deposit.from,
    // The wallet link asks for what an open request still waits for.
    paymentUri:
      deposit.status === 'pending' &&
      deposit.receivedUnits > 0n &&
      deposit.receivedUnits < deposit.units
        ? created.paymentUri.replace(/=(\d+)$/, `=${deposit.units - deposit.receivedUnits}`)
        : created.paymentUri,
    receivedAmount: shownUnits(deposit.coin, deposit.receivedUnits),
    creditedAmount: deposit.creditedCents / 100,
    late: deposit.late,
    expiresAt: deposit.windowClosed ? CLOSED_WINDOW_AT : created.expiresAt,
    // The server's clock when it answered: a new one on every read.
    serverTime: expect.any(String),
    confirmations: null,
    // Unrequested: confirmed when it was opened (read then); a request: when a transfer completed it.
    confirmedAt:
      deposit.status !== 'confirmed'
        ? null
        : deposit.origin === 'unrequested'
          ? created.confirmedAt
          : expect.any(String),
  };
}
