import type { Transaction } from '@/shared/contract/deposits';
import { centsToDollars, dollarsToCents } from '@/shared/money';
import { hasCredited, hasReceived } from '@/entities/deposit/format';

/**
 * What a deposit's page shows (issue: deposits work like a payment gateway):
 * - waiting: nothing has arrived yet; the payment instructions;
 * - partPaid: part of the amount arrived and was credited; the instructions ask for the rest;
 * - detected: a payment is on chain, waiting for its confirmations (the window no longer matters);
 * - confirmed: credited;
 * - expired: the window closed with nothing paid; underpaid: it closed with less than the amount.
 */
export type DepositState =
  'waiting' | 'partPaid' | 'detected' | 'confirmed' | 'expired' | 'underpaid';

/** Amounts of the coin in millionths (6 decimals, as the API writes them: "150.000000"). */
function micros(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

function formatMicros(value: bigint): string {
  return `${value / 1_000_000n}.${(value % 1_000_000n).toString().padStart(6, '0')}`;
}

export function depositState(deposit: Transaction): DepositState {
  const credited = hasCredited(deposit);
  if (deposit.status === 'confirmed') return 'confirmed';
  if (deposit.status === 'failed') return credited ? 'underpaid' : 'expired';
  if (deposit.confirmations !== null) return 'detected';
  return credited ? 'partPaid' : 'waiting';
}

/**
 * What is left to send: the amount, and the server's EIP-681 link, which pays what is still due. What
 * arrived is counted in whole millionths, so the rest is never short.
 */
export function amountToSend(deposit: Transaction): { amount: string; paymentUri: string } {
  if (!hasReceived(deposit)) return { amount: deposit.ethAmount, paymentUri: deposit.paymentUri };
  const rest = micros(deposit.ethAmount) - micros(deposit.receivedAmount);
  return { amount: formatMicros(rest > 0n ? rest : 0n), paymentUri: deposit.paymentUri };
}

/**
 * The dollars a request still waits for: what was asked less what its payments credited (issue 31:
 * the pending note says this, not the amount first asked).
 */
export function stillDue(deposit: Transaction): number {
  const due = dollarsToCents(deposit.amount) - dollarsToCents(deposit.creditedAmount);
  return centsToDollars(Math.max(0, due));
}

/** The time left to pay: `14:59` under an hour (ETH's 15 minutes), `23 h 05 min` above. */
export function formatTimeLeft(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 3600) return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
