import * as v from 'valibot';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '@/shared/constants';
import { AssignAdPackageBody, type AdPackage } from '@/shared/contract/campaigns';
import { hasAtMostTwoDecimals } from '@/shared/two-decimals';
import { CAMPAIGN_RULE_MESSAGES, categoryProblem } from '@/shared/rules/campaign-rules';
import { newDepositClicksProblem } from '@/shared/rules/campaign-top-up';

/** The New Package (Assign Ad Package) dialog's fields, as typed. */
export interface AssignValues {
  packageId: string;
  category: string;
  deposit: string;
}

export type AssignField = keyof AssignValues;

/**
 * A message, the field that is wrong (marked invalid and shown: issue 31 point 6) and the fields it
 * is about: changing one of them makes the message go away.
 */
export interface AssignProblem {
  message: string;
  field: AssignField;
  about: readonly AssignField[];
}

/** More than 2 decimals, in the words of the schema the server validates with; else null. */
function decimalsProblem(amount: number): string | null {
  if (hasAtMostTwoDecimals(amount)) return null;
  const parsed = v.safeParse(AssignAdPackageBody.entries.amount_deposit, amount);
  return parsed.success ? null : parsed.issues[0].message;
}

/**
 * Issue 31 point 6, as typed: a deposit with more than 2 decimals (100.001 reached the server
 * before); from the $100 minimum, the package cap (issue 31 point 5), with the server's message. Null
 * while nothing is wrong yet.
 */
export function depositAsTypedProblem(deposit: string, adPackage?: AdPackage): string | null {
  const amount = Number(deposit);
  if (deposit.trim() === '' || !Number.isFinite(amount) || amount <= 0) return null;
  const decimals = decimalsProblem(amount);
  if (decimals || amount < MIN_CAMPAIGN_DEPOSIT_DOLLARS || !adPackage) return decimals;
  return newDepositClicksProblem(amount, adPackage);
}

/**
 * Spec §5 Assign package: the first problem, or null. A new package is a new campaign deposit
 * (design §2), so the create form's $100 minimum (§9), package cap and balance rule come after
 * "above 0", in the order the server checks them.
 */
export function assignProblem(
  values: AssignValues,
  balance: number,
  adPackage?: AdPackage,
): AssignProblem | null {
  if (!values.packageId) {
    return { message: 'Please select a package', field: 'packageId', about: ['packageId'] };
  }
  const category = categoryProblem(Number(values.packageId), values.category);
  if (category) return { message: category, field: 'category', about: ['packageId', 'category'] };
  // The minimum and the cap are the package's: choosing another one makes them go away too.
  const deposit = (message: string, about: readonly AssignField[] = ['deposit']) => ({
    message,
    field: 'deposit' as const,
    about,
  });
  const amount = Number(values.deposit);
  if (values.deposit.trim() === '' || !Number.isFinite(amount) || amount <= 0) {
    return deposit('Please enter a valid deposit amount');
  }
  const decimals = decimalsProblem(amount);
  if (decimals) return deposit(decimals);
  if (amount < MIN_CAMPAIGN_DEPOSIT_DOLLARS) {
    return deposit(CAMPAIGN_RULE_MESSAGES.minimumDeposit, ['packageId', 'deposit']);
  }
  const cap = adPackage ? newDepositClicksProblem(amount, adPackage) : null;
  if (cap) return deposit(cap, ['packageId', 'deposit']);
  if (amount > balance) return deposit('You do not have enough balance to create this campaign');
  return null;
}
