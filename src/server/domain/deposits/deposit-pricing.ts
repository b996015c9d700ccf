import { pow10, SHOWN_DECIMALS, type Coin } from '../../../shared/coins';

/**
 * What one transfer is worth to the request it counts for (design §2; issue 33 points 2 and 5), free of
 * the database: the rules creditTransfer (deposit-credits.ts) applies under its locks.
 */

/** A request as a transfer finds it: what it asked, what arrived and was credited before. */
export interface RequestTerms {
  coin: Coin;
  amountCents: bigint;
  expectedUnits: bigint;
  receivedUnits: bigint;
  creditedCents: bigint;
  /** The ETH/USD answer (8 decimals) locked when it was opened; undefined for a stablecoin. */
  lockedPriceE8: bigint | undefined;
  /** The end of its window, on the chain's clock. */
  windowEndsAt: Date;
}

export interface TransferTerms {
  units: bigint;
  /** The time the window is judged at: its block's (or, dated by a bound, the last block checked). */
  judgedAt: Date;
}

export interface Priced {
  /** What the transfer credits. */
  cents: bigint;
  inWindow: boolean;
  /** With it, what arrived reaches what was asked less one cent: the request is complete. */
  completes: boolean;
  /** The price it counted at (ETH): the locked one when all of it did, else its block's round. */
  priceE8: bigint | undefined;
  /**
   * The part of it counted at the request's locked price (in the window, up to what was due) and
   * what that part credits; the rest counted at `priceE8`. Issue 35 point 10: a receipt lists both.
   */
  requestUnits: bigint;
  requestCents: bigint;
}

/** The ETH/USD feed's answers have 8 decimals. */
const FEED_DECIMALS = 8;

/**
 * Cents worth of `units` of a coin, rounded down: a stablecoin 1:1 with the dollar (a cent is
 * 10^(decimals-2) units), ETH at `priceE8` (units / 10^decimals ETH * price / 10^8 $ * 100 cents).
 */
export function centsOf(coin: Coin, units: bigint, priceE8: bigint | undefined): bigint {
  if (coin.price === 'usd-1:1') return units / pow10(coin.decimals - 2);
  return (units * priceE8!) / pow10(coin.decimals + FEED_DECIMALS - 2);
}

/** One cent in the coin's units: 10^(decimals-2) for a stablecoin, at the locked price for ETH. */
export function oneCentOf(coin: Coin, lockedPriceE8: bigint | undefined): bigint {
  return coin.price === 'usd-1:1'
    ? pow10(coin.decimals - 2)
    : pow10(coin.decimals + FEED_DECIMALS - 2) / lockedPriceE8!;
}

/**
 * The units a request for `cents` asks: a stablecoin's exact amount; ETH at `priceE8`, in whole
 * shown units (6 decimals, design §2), rounded up so the deposit is fully paid.
 */
export function unitsFor(coin: Coin, cents: bigint, priceE8: bigint | undefined): bigint {
  if (coin.price === 'usd-1:1') return cents * pow10(coin.decimals - 2);
  const shown = ceilDiv(cents * pow10(SHOWN_DECIMALS + FEED_DECIMALS - 2), priceE8!);
  return shown * pow10(coin.decimals - SHOWN_DECIMALS);
}

/**
 * A request is complete once what arrived reaches what was asked less one cent at its locked price:
 * a wallet that rounds the amount, or a test payment beside the full one, never leaves a sliver due.
 */
export function isComplete(request: RequestTerms, receivedUnits: bigint): boolean {
  return receivedUnits >= request.expectedUnits - oneCentOf(request.coin, request.lockedPriceE8);
}

/**
 * Prices a transfer to an open or closed (not completed) request; `roundPriceE8` is the ETH/USD
 * round in force at the transfer's block.
 * - Inside the window, ETH up to what is still due counts at the locked price, the rest at the round;
 *   a part that completes the request credits what it still owes (so the request's total is what was
 *   asked), a part before it never more.
 * - After the window, the whole transfer counts at the round, rounded down: it completes the request
 *   late when what arrived then reaches the amount less one cent.
 */
export function priceTransfer(
  request: RequestTerms,
  transfer: TransferTerms,
  roundPriceE8: bigint | undefined,
): Priced {
  const { coin } = request;
  const inWindow = transfer.judgedAt <= request.windowEndsAt;
  const completes = isComplete(request, request.receivedUnits + transfer.units);
  if (!inWindow) {
    return {
      cents: centsOf(coin, transfer.units, roundPriceE8),
      inWindow,
      completes,
      priceE8: roundPriceE8,
      requestUnits: 0n,
      requestCents: 0n,
    };
  }
  const due = request.expectedUnits - request.receivedUnits;
  const part = due <= 0n ? 0n : transfer.units < due ? transfer.units : due;
  const owedCents = request.amountCents - request.creditedCents;
  const owed = owedCents > 0n ? owedCents : 0n;
  const partCents = completes ? owed : min(centsOf(coin, part, request.lockedPriceE8), owed);
  const rest = transfer.units - part;
  return {
    cents: partCents + centsOf(coin, rest, roundPriceE8),
    inWindow,
    completes,
    priceE8: rest === 0n ? request.lockedPriceE8 : roundPriceE8,
    requestUnits: part,
    requestCents: partCents,
  };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
