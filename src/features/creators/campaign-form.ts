import * as v from 'valibot';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '../../shared/constants';
import { NewCampaignBody } from '../../shared/contract/campaigns';
import { hasAtMostTwoDecimals } from '../../shared/money';
import { CAMPAIGN_RULE_MESSAGES, categoryProblem } from '../../shared/rules/campaign-rules';

export interface CampaignFormValues {
  packageId: number | null;
  /** The deposit as typed, in dollars. */
  amount: string;
  categoryName: string;
}

export type CampaignFormField = keyof CampaignFormValues;

/** A message and the fields it is about: changing one of them makes the message go away. */
export interface CampaignFormProblem {
  message: string;
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

/** Spec §5 "Create campaign submit": the first failing rule, in the spec's order. */
export function validateCampaignForm(
  values: CampaignFormValues,
  balance: number,
): CampaignFormProblem | null {
  const category = categoryProblem(values.packageId, values.categoryName);
  if (category) return { message: category, about: ['packageId', 'categoryName'] };
  if (values.packageId === null || values.amount.trim() === '') {
    return { message: 'Please fill in all required fields', about: ['packageId', 'amount'] };
  }
  const deposit = Number(values.amount);
  if (!Number.isFinite(deposit) || deposit <= 0) {
    return { message: 'Please enter a valid deposit amount (minimum $100)', about: ['amount'] };
  }
  const asTyped = depositAsTypedProblem(values.amount);
  if (asTyped) return { message: asTyped, about: ['amount'] };
  if (deposit < MIN_CAMPAIGN_DEPOSIT_DOLLARS) {
    return { message: CAMPAIGN_RULE_MESSAGES.minimumDeposit, about: ['packageId', 'amount'] };
  }
  if (deposit > balance) {
    return { message: 'You do not have enough balance to create this campaign', about: ['amount'] };
  }
  return null;
}
