import { expect } from 'vitest';
import { refused, type Answer, type FieldSpec } from './hostile-cases';
import { AMOUNTS, type IDS } from './hostile-values';

/** The answers the hostile-input test expects, shared by its endpoint tables. */

export const NO_CAMPAIGN = refused('No campaign found for this profile', 404);
export const NOT_AVAILABLE = refused('Model is not available');
export const CHOOSE_PROFILE = refused('Please choose a profile');
export const PROFILE_NOT_FOUND = refused('Profile not found');
export const DECIMALS = refused('Amounts can have at most 2 decimals');
export const NO_BALANCE = refused('You do not have enough balance to create this campaign');
export const SELECT_PACKAGE = refused('Please select a package');
export const SELECT_CATEGORY = refused('Please select a category');
export const TRANSACTION_NOT_FOUND = refused('Transaction not found', 404);
export const BAD_TRANSACTION_ID = refused('Transaction not found');
export const NOTIFICATION_NOT_FOUND = refused('Notification not found', 404);
export const BAD_NOTIFICATION_ID = refused('Please choose a notification');
export const INVALID_LOGIN = refused('Invalid email or password', 401);
export const INVALID_PARTNER_LOGIN = refused('Invalid username or password', 401);
export const INVALID_VERIFICATION = refused('The verification link is invalid or has expired');
export const INVALID_RESET = refused('The reset link is invalid or has expired');
export const WRONG_PASSWORD = refused('Current password is incorrect');
export const EMAIL_REQUIRED = refused('Email is required');
export const INVALID_EMAIL = refused('Please enter a valid email address');
export const EMAIL_TOO_LONG = refused('Email is too long');
export const PASSWORD_REQUIRED = refused('Password is required');
export const PASSWORD_TOO_LONG = refused('Password is too long');
export const ok = (body: unknown): Answer => ({ status: 200, body });

/** Any successful answer (lists whose content other cases change). */
export const SUCCESS = ok(expect.objectContaining({ success: true }));

/** A campaign username field: text that names no campaign of the caller gets `text`. */
export const profileField = (text: Answer): FieldSpec => ({
  type: 'text',
  wrongType: CHOOSE_PROFILE,
  text,
  tooLong: PROFILE_NOT_FOUND,
});

/** One answer for every amount, except those named. */
export const amountAnswers = (
  fallback: Answer,
  named: Partial<Record<keyof typeof AMOUNTS, Answer>>,
): Record<keyof typeof AMOUNTS, Answer> =>
  Object.fromEntries(
    Object.keys(AMOUNTS).map((key) => [key, named[key as keyof typeof AMOUNTS] ?? fallback]),
  ) as Record<keyof typeof AMOUNTS, Answer>;

/** Ids: malformed ones get `malformed`; well-formed ones that name nothing get `unknown`. */
export const idAnswers = (
  malformed: Answer,
  unknown: Answer,
): Record<keyof typeof IDS, Answer> => ({
  '-1': malformed,
  '0': malformed,
  '1.5': malformed,
  '"1e3"': malformed,
  '" 1"': malformed,
  '"99999"': unknown,
  '2^31': unknown,
  '2^53': malformed,
  '1e20': malformed,
});

export const packageField: FieldSpec = {
  type: 'number',
  wrongType: SELECT_PACKAGE,
  ids: idAnswers(SELECT_PACKAGE, SELECT_PACKAGE),
};
export const categoryField: FieldSpec = {
  type: 'text',
  wrongType: refused('category_name must be text'),
  missing: SELECT_CATEGORY,
  null: SELECT_CATEGORY,
  text: SELECT_CATEGORY,
  tooLong: refused('category_name is too long'),
};
export const transactionIdField: FieldSpec = {
  type: 'id',
  wrongType: BAD_TRANSACTION_ID,
  ids: idAnswers(BAD_TRANSACTION_ID, TRANSACTION_NOT_FOUND),
};
