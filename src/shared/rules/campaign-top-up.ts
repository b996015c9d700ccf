import { dollarsToCents } from '../money';
import { clicksBought } from './campaign-rules';

/**
 * Design §2: money added to a campaign (a top-up, or reactivation with the same package). The dialogs
 * preview it and the server applies it, so what the dialog shows is what the server does.
 */

export const TOP_UP_MESSAGES = {
  tooManyClicks: (maxSlots: number) =>
    `This amount would take the campaign past the package maximum of ${maxSlots.toLocaleString('en-US')} clicks`,
  belowOneClick: 'The amount must buy at least one click at this package rate',
} as const;

/**
 * The campaign's remaining clicks once `amountCents` is added: floor(remaining money / rate), so
 * fractions of a click carry over ($100 then $50 at $0.60 is 250 clicks, not 166 + 83).
 */
export function remainingClicksAfterTopUp(
  amountRemainingCents: number,
  amountCents: number,
  rateCents: number,
): number {
  return clicksBought(amountRemainingCents + amountCents, rateCents);
}

/** Why the server refuses to add the money, or null: past the package's max_slots, or no click. */
export function topUpClicksProblem(remainingClicks: number, maxSlots: number): string | null {
  if (remainingClicks > maxSlots) return TOP_UP_MESSAGES.tooManyClicks(maxSlots);
  if (remainingClicks < 1) return TOP_UP_MESSAGES.belowOneClick;
  return null;
}

/**
 * Design §2 and issue 31 point 5, one package cap for every purchase: creation, a new package and a
 * top-up all refuse when floor((amount_remaining + amount) / rate) > max_slots, amount_remaining being
 * 0 for a creation and a new package (no money parked where it can never be spent), with the
 * top-up's message. The deposit in dollars, the package as the API sends it: for the forms as typed.
 */
export function newDepositClicksProblem(
  depositDollars: number,
  adPackage: { click_rate: number; max_slots: number },
): string | null {
  const clicks = remainingClicksAfterTopUp(
    0,
    dollarsToCents(depositDollars),
    dollarsToCents(adPackage.click_rate),
  );
  return topUpClicksProblem(clicks, adPackage.max_slots);
}
