import * as v from 'valibot';
import { TopUpBalanceBody } from '@/shared/contract/deposits';

/** Spec §4, §9: the wait before the sender-address field, and before leaving for /transactions. */
export const TRANSFER_WAIT_SECONDS = 10;
export const REDIRECT_AFTER_VERIFY_MS = 2000;

/**
 * Spec §5 "Balance deposit", checked with the schema the server validates with: null when the
 * amount may be sent, else the message to show ("" for an empty field, which shows nothing).
 */
export function depositAmountError(text: string): string | null {
  if (text.trim() === '') return '';
  const parsed = v.safeParse(TopUpBalanceBody.entries.amount, Number(text));
  return parsed.success ? null : parsed.issues[0].message;
}
