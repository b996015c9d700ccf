import type { AdPackage } from '../../shared/contract/campaigns';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '../../shared/constants';
import { dollarsToCents } from '../../shared/money';

/** Spec §5: the package whose category the client chooses (and which excludes the main ones). */
export const CATEGORY_PACKAGE_ID = 3;

export interface CampaignFormValues {
  packageId: number | null;
  /** The deposit as typed, in dollars. */
  amount: string;
  categoryName: string;
}

/** Spec §5 "Create campaign submit": the first failing rule's message, in the spec's order. */
export function validateCampaignForm(values: CampaignFormValues, balance: number): string | null {
  if (values.packageId === CATEGORY_PACKAGE_ID && !values.categoryName) {
    return 'Please select a category';
  }
  if (values.packageId === null || values.amount.trim() === '') {
    return 'Please fill in all required fields';
  }
  const deposit = Number(values.amount);
  if (!Number.isFinite(deposit) || deposit <= 0) {
    return 'Please enter a valid deposit amount (minimum $100)';
  }
  if (deposit < MIN_CAMPAIGN_DEPOSIT_DOLLARS) return 'Minimum deposit for this package is $100.00';
  if (deposit > balance) return 'You do not have enough balance to create this campaign';
  return null;
}

/**
 * Spec §9: clicks purchased = min(floor(deposit / rate), max_slots); 0 for no or bad input.
 * Divides whole cents so that e.g. $60 at $0.60 is 100 clicks, not 99.
 */
export function estimateClicks(depositDollars: number, adPackage: AdPackage): number {
  const rateCents = dollarsToCents(adPackage.click_rate);
  if (!Number.isFinite(depositDollars) || depositDollars <= 0 || rateCents <= 0) return 0;
  return Math.min(Math.floor(dollarsToCents(depositDollars) / rateCents), adPackage.max_slots);
}
