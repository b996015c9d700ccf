import * as v from 'valibot';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '@/shared/constants';
import { NewCampaignBody } from '@/shared/contract/campaigns';
import { hasAtMostTwoDecimals } from '@/shared/two-decimals';
import { CAMPAIGN_RULE_MESSAGES, categoryProblem } from '@/shared/rules/campaign-rules';
import { newDepositClicksProblem } from '@/shared/rules/campaign-top-up';

/** What the package cap needs of a package (issue 31 point 5). */
type CappedPackage = { click_rate: number; max_slots: number };

export interface CampaignFormValues {
  packageId: number | null;
  /** The deposit as typed, in dollars. */
  amount: string;
  categoryName: string;
}

export type CampaignFormField = keyof CampaignFormValues;

/**
 * A message, the fields that are wrong (marked invalid, the first one shown: issue 31 point 6) and
 * the fields it is about: changing one of them makes the message go away.
 */
export interface CampaignFormProblem {
  message: string;
  fields: readonly CampaignFormField[];
  about: readonly CampaignFormField[];
}

/**
 * The deposit as typed, refused at once when it has more than 2 decimals, with the message of the
 * schema the server validates with (nothing rounds it to an amount the server would refuse).
 */
export function depositAsTypedProblem(amount: string): string | null {
  const deposit = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(deposit) || hasAtMostTwoDecimals(deposit)) {
    return null;
  }
  const parsed = v.safeParse(NewCampaignBody.entries.amount_deposit, deposit);
  return parsed.success ? null : parsed.issues[0].message;
}

/** The deposit in dollars when the form holds one the server could take, else null. */
export function typedDeposit(amount: string): number | null {
  const deposit = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(deposit) || deposit <= 0) return null;
  return depositAsTypedProblem(amount) === null ? deposit : null;
}

/**
 * Issue 31 point 5, as typed: a deposit of at least the minimum that buys more clicks than the
 * package allows is refused before it is sent, with the server's message.
 */
export function depositCapProblem(amount: string, adPackage?: CappedPackage): string | null {
  const deposit = typedDeposit(amount);
  if (deposit === null || deposit < MIN_CAMPAIGN_DEPOSIT_DOLLARS || !adPackage) return null;
  return newDepositClicksProblem(deposit, adPackage);
}

/**
 * Spec §5 "Create campaign submit": the first failing rule, in the spec's order; the package cap
 * (design §2) before the balance, as the server checks them.
 */
export function validateCampaignForm(
  values: CampaignFormValues,
  balance: number,
  adPackage?: CappedPackage,
): CampaignFormProblem | null {
  const category = categoryProblem(values.packageId, values.categoryName);
  if (category) {
    return { message: category, fields: ['categoryName'], about: ['packageId', 'categoryName'] };
  }
  const missing = (['packageId', 'amount'] as const).filter((field) =>
    field === 'packageId' ? values.packageId === null : values.amount.trim() === '',
  );
  if (missing.length > 0) {
    return {
      message: 'Please fill in all required fields',
      fields: missing,
      about: ['packageId', 'amount'],
    };
  }
  const amount = (message: string, about: readonly CampaignFormField[] = ['amount']) => ({
    message,
    fields: ['amount'] as const,
    about,
  });
  const deposit = Number(values.amount);
  if (!Number.isFinite(deposit) || deposit <= 0) {
    return amount('Please enter a valid deposit amount (minimum $100)');
  }
  const asTyped = depositAsTypedProblem(values.amount);
  if (asTyped) return amount(asTyped);
  // The minimum and the cap are the package's: choosing another one makes them go away too.
  if (deposit < MIN_CAMPAIGN_DEPOSIT_DOLLARS) {
    return amount(CAMPAIGN_RULE_MESSAGES.minimumDeposit, ['packageId', 'amount']);
  }
  const cap = adPackage ? newDepositClicksProblem(deposit, adPackage) : null;
  if (cap) return amount(cap, ['packageId', 'amount']);
  if (deposit > balance) return amount('You do not have enough balance to create this campaign');
  return null;
}
