import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '../../shared/constants';
import { CAMPAIGN_RULE_MESSAGES, categoryProblem } from '../../shared/rules/campaign-rules';

export interface CampaignFormValues {
  packageId: number | null;
  /** The deposit as typed, in dollars. */
  amount: string;
  categoryName: string;
}

/** Spec §5 "Create campaign submit": the first failing rule's message, in the spec's order. */
export function validateCampaignForm(values: CampaignFormValues, balance: number): string | null {
  const category = categoryProblem(values.packageId, values.categoryName);
  if (category) return category;
  if (values.packageId === null || values.amount.trim() === '') {
    return 'Please fill in all required fields';
  }
  const deposit = Number(values.amount);
  if (!Number.isFinite(deposit) || deposit <= 0) {
    return 'Please enter a valid deposit amount (minimum $100)';
  }
  if (deposit < MIN_CAMPAIGN_DEPOSIT_DOLLARS) return CAMPAIGN_RULE_MESSAGES.minimumDeposit;
  if (deposit > balance) return 'You do not have enough balance to create this campaign';
  return null;
}
