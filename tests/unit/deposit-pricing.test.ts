import { describe, expect, it } from 'vitest';
import { coinOf, COINS } from '@/shared/coins';
import {
  isComplete,
  oneCentOf,
  priceTransfer,
  type RequestTerms,
} from '@/server/domain/deposits/deposit-pricing';

/**
 * Issue 33 points 2, 5 and 6: what one transfer is worth to its request, judged by its block's time
 * against the window's end. The windows below are backdated by their terms; no clock is moved.
 */
const PAID_AT = new Date('2026-11-30T12:00:00Z');
const BEFORE = new Date('2026-11-30T11:59:59Z');
const AFTER = new Date('2026-11-30T12:00:01Z');
const LOCKED = 3000_00000000n; // $3,000.00
const ROUND = 2000_00000000n; // the round in force at the payment's block
const ETH = 10n ** 18n;
const [eth, usdc] = [coinOf(COINS, 'eth'), coinOf(COINS, 'usdc')];

/** $150.00 in ETH at $3,000.00: 0.05 ETH, nothing arrived yet; its window ends at `windowEndsAt`. */
const ethRequest = (windowEndsAt: Date, extra: Partial<RequestTerms> = {}): RequestTerms => ({
  coin: eth,
  amountCents: 15_000n,
  expectedUnits: ETH / 20n,
  receivedUnits: 0n,
  creditedCents: 0n,
  lockedPriceE8: LOCKED,
  windowEndsAt,
  ...extra,
});

describe('pricing a transfer to its request', () => {
  it('counts a payment inside the window at the locked price, whatever the round is now', () => {
    expect(
      priceTransfer(ethRequest(AFTER), { units: ETH / 20n, judgedAt: PAID_AT }, ROUND),
    ).toEqual({
      cents: 15_000n,
      inWindow: true,
      completes: true,
      priceE8: LOCKED,
      requestUnits: ETH / 20n,
      requestCents: 15_000n,
    });
    // Paid at the very end of the window: still in it.
    expect(
      priceTransfer(ethRequest(PAID_AT), { units: ETH / 20n, judgedAt: PAID_AT }, ROUND).inWindow,
    ).toBe(true);
  });

  it('counts a payment after a backdated window at the round of its block, rounded down, late', () => {
    // 0.05 ETH at $2,000.00 = $100.00; at the locked price it would have been $150.00.
    expect(
      priceTransfer(ethRequest(BEFORE), { units: ETH / 20n, judgedAt: PAID_AT }, ROUND),
    ).toEqual({
      cents: 10_000n,
      inWindow: false,
      completes: true,
      priceE8: ROUND,
      requestUnits: 0n,
      requestCents: 0n,
    });
    // 0.0333339 ETH at $2,000.00 = $66.6678: $66.66, never rounded up.
    expect(
      priceTransfer(
        ethRequest(BEFORE),
        { units: 33_333_900_000_000_000n, judgedAt: PAID_AT },
        ROUND,
      ).cents,
    ).toBe(6_666n);
  });

  it('credits what is still owed for a part that completes, and the excess at the round', () => {
    // 0.03 ETH arrived ($90.00), 0.03 more: 0.02 completes it ($60.00 owed), 0.01 beyond at $2,000.00.
    const request = ethRequest(AFTER, {
      receivedUnits: (ETH * 3n) / 100n,
      creditedCents: 9_000n,
    });
    expect(priceTransfer(request, { units: (ETH * 3n) / 100n, judgedAt: PAID_AT }, ROUND)).toEqual({
      cents: 6_000n + 2_000n,
      inWindow: true,
      completes: true,
      priceE8: ROUND,
      // Issue 35 point 10: the part at the locked price apart, for the receipt.
      requestUnits: (ETH * 2n) / 100n,
      requestCents: 6_000n,
    });
  });

  it('completes a request at what it asked less one cent at its locked price', () => {
    // One cent at $3,000.00 is 10^24 / 3 * 10^11 wei = 0.00000333… ETH.
    expect(oneCentOf(eth, LOCKED)).toBe(3_333_333_333_333n);
    expect(oneCentOf(usdc, undefined)).toBe(10_000n);
    const request = ethRequest(AFTER);
    expect(isComplete(request, ETH / 20n - 3_333_333_333_333n)).toBe(true);
    expect(isComplete(request, ETH / 20n - 3_333_333_333_334n)).toBe(false);
    // The part that completes it within the cent credits the whole $150.00 asked.
    expect(
      priceTransfer(request, { units: ETH / 20n - 1_000_000_000_000n, judgedAt: PAID_AT }, ROUND),
    ).toMatchObject({ cents: 15_000n, completes: true });
  });

  it('gives a part worth less than a cent nothing, and does not complete the request with it', () => {
    // $0.0099 at the locked price.
    expect(
      priceTransfer(ethRequest(AFTER), { units: 3_300_000_000_000n, judgedAt: PAID_AT }, ROUND),
    ).toMatchObject({ cents: 0n, completes: false, inWindow: true });
  });

  it('prices a late part of a stablecoin request 1:1, and completes it late once the parts reach it', () => {
    const request: RequestTerms = {
      coin: usdc,
      amountCents: 30_000n,
      expectedUnits: 300_000_000n,
      receivedUnits: 100_000_000n,
      creditedCents: 10_000n,
      lockedPriceE8: undefined,
      windowEndsAt: BEFORE,
    };
    expect(priceTransfer(request, { units: 200_000_000n, judgedAt: PAID_AT }, undefined)).toEqual({
      cents: 20_000n,
      inWindow: false,
      completes: true,
      priceE8: undefined,
      requestUnits: 0n,
      requestCents: 0n,
    });
  });
});
