import type { Transaction } from '@/shared/contract/deposits';
import { confirmationsText, hasCredited } from '@/entities/deposit/format';

/** Closed with less than was asked, and what arrived credited (spec: "Underpaying … fails"). */
export function isUnderpaid(transaction: Transaction): boolean {
  return transaction.status === 'failed' && hasCredited(transaction);
}

/**
 * The words under a row's status, in the order shown: a payment waiting for its confirmations, a
 * late or unrequested payment, an underpaid request. The CSV carries the same (issue 35).
 */
export function statusNotes(transaction: Transaction): string[] {
  const { confirmations, status } = transaction;
  const notes: string[] = [];
  if (status === 'pending' && confirmations) notes.push(confirmationsText(confirmations));
  if (transaction.late) notes.push('Paid late');
  if (transaction.origin === 'unrequested') notes.push('Unrequested payment');
  if (isUnderpaid(transaction)) notes.push('Underpaid');
  return notes;
}
