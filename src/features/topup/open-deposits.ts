import { formatMoney } from '@/lib/format';
import type { Transaction } from '@/shared/contract/deposits';
import { coinLabel, hasCredited } from '@/entities/deposit/format';
import { amountToSend, depositState, stillDue } from './deposit-state';

/** What the deposit form says of the open deposits (issue 31), apart from how it draws them. */

/**
 * What an open deposit is waiting for, as its page says it (issue 31: once part arrived, what is
 * still due, not the amount first asked; at zero, that the time to pay is over).
 */
export function pendingNote(deposit: Transaction, windowClosed: boolean): string {
  const coin = coinLabel(deposit.coinType);
  const asked = `${formatMoney(deposit.amount)} in ${coin}`;
  const state = depositState(deposit);
  if (state === 'detected') return `A payment to your deposit of ${asked} is being confirmed`;
  if (state === 'partPaid') {
    return windowClosed
      ? `Your deposit of ${asked} is being closed: ${formatMoney(deposit.creditedAmount)} of it arrived and was added to your balance`
      : `You have a deposit waiting: ${formatMoney(stillDue(deposit))} of ${formatMoney(deposit.amount)} still due in ${coin} (${amountToSend(deposit).amount} ${coin})`;
  }
  return windowClosed
    ? `The time to pay your deposit of ${asked} is over. A payment that still arrives is added to your balance`
    : `You have a deposit waiting: ${asked}`;
}

/**
 * Issue 31: what a new deposit does to the open one of its coin (one per coin, design §2), said
 * before it is done. Unpaid, it is cancelled; part paid, it ends as failed (underpaid) with what
 * arrived kept in the balance. Either way a payment that still arrives is credited.
 */
export function replaceDepositText(open: Transaction): string {
  const coin = coinLabel(open.coinType);
  if (!hasCredited(open)) {
    return (
      `You have a deposit of ${formatMoney(open.amount)} in ${coin} open. A new ${coin} deposit ` +
      `cancels it: do not send its ${open.ethAmount} ${coin} any more. A payment that still arrives ` +
      'at your deposit address is added to your balance.'
    );
  }
  return (
    `Part of your deposit of ${formatMoney(open.amount)} in ${coin} has arrived: ` +
    `${open.receivedAmount} ${coin} of ${open.ethAmount} ${coin}, and ` +
    `${formatMoney(open.creditedAmount)} was added to your balance. A new ${coin} deposit ends it as ` +
    `failed (underpaid): the ${formatMoney(open.creditedAmount)} stays in your balance, and the rest ` +
    'can no longer be sent to it. No crypto is sent back.'
  );
}

/** The open requests among the pending deposits (an unrequested payment is never one). */
export function openRequests(pending: readonly Transaction[] | undefined): Transaction[] {
  return (pending ?? []).filter((deposit) => deposit.origin === 'request');
}
