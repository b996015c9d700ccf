import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '../constants';
import { dollarsToCents, formatMoney } from '../money';

/** Campaign rules of spec §5 and design §2 that the forms and the server both apply. */

export const CAMPAIGN_RULE_MESSAGES = {
  selectCategory: 'Please select a category',
  categoryNotForPackage: 'Top, New, Free and Popular categories are not available for this package',
  minimumDeposit: `Minimum deposit for this package is ${formatMoney(MIN_CAMPAIGN_DEPOSIT_DOLLARS)}`,
} as const;

/** Spec §5: the package whose category the advertiser chooses (design §2 package 3). */
export const CATEGORY_PACKAGE_ID = 3;

/** Spec §5: package 3 never targets these. */
export const MAIN_CATEGORIES = ['Top', 'New', 'Popular', 'Free'] as const;

/** True for a main category, by name or slug in any case (`Top`, `top`). */
export function isMainCategory(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return MAIN_CATEGORIES.some((main) => main.toLowerCase() === lower);
}

export function needsCategory(packageId: number | null): boolean {
  return packageId === CATEGORY_PACKAGE_ID;
}

/** Spec §5: package 3 needs a category that is not a main one; the others take none. */
export function categoryProblem(
  packageId: number | null,
  categoryName: string | null | undefined,
): string | null {
  if (!needsCategory(packageId)) return null;
  const name = categoryName?.trim();
  if (!name) return CAMPAIGN_RULE_MESSAGES.selectCategory;
  if (isMainCategory(name)) return CAMPAIGN_RULE_MESSAGES.categoryNotForPackage;
  return null;
}

/**
 * Whole clicks an amount pays for, divided in cents so that $60 at $0.60 is 100 clicks, not 99:
 * floor(10000 / 60) = 166. No amount, or a bad one (as a form holds while typing), buys none; an
 * amount too large to count buys more than any package allows (Infinity), never none.
 */
export function clicksBought(amountCents: number, rateCents: number): number {
  if (!(amountCents > 0) || !(rateCents > 0)) return 0;
  return Math.floor(amountCents / rateCents);
}

/** Design §2: a purchase buys min(floor(amount / rate), max_slots) clicks, in cents. */
export function clicksFor(amountCents: number, rateCents: number, maxSlots: number): number {
  return Math.min(clicksBought(amountCents, rateCents), maxSlots);
}

/** The same rule for a form: the deposit in dollars, the package as the API sends it. */
export function clicksForDeposit(
  depositDollars: number,
  adPackage: { click_rate: number; max_slots: number },
): number {
  return clicksFor(
    dollarsToCents(depositDollars),
    dollarsToCents(adPackage.click_rate),
    adPackage.max_slots,
  );
}
