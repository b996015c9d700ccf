import type { CoinType, Transaction, TransactionStatus } from '@/shared/contract/deposits';

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** `Mar 5, 2025, 12:00 PM` in the browser's time zone; `N/A` when missing or invalid. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateTime.format(date);
}

export function coinLabel(coinType: CoinType): string {
  return coinType.toUpperCase();
}

/** Spec §9: coin amounts with 6 decimals (`0.033334`, `150.000000`). */
export function formatCoinAmount(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? value.toFixed(6) : amount;
}

/** Spec §4: pending reads "incomplete" in the history. */
export function statusLabel(status: TransactionStatus): string {
  return status === 'pending' ? 'incomplete' : status;
}

/** Spec §3: a deposit in progress shows its status capitalised ("Incomplete"). */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** A payment seen on chain, waiting: "2 of 12 confirmations". */
export function confirmationsText({ seen, required }: { seen: number; required: number }): string {
  return `${Math.min(seen, required)} of ${required} confirmations`;
}

/**
 * Whether any of the coin has arrived ("0.000000" before anything did): the client's one test of it,
 * for the deposit's page and the history alike.
 */
export function hasReceived(deposit: Pick<Transaction, 'receivedAmount'>): boolean {
  return Number(deposit.receivedAmount) > 0;
}

/**
 * Whether a payment to it was credited: what makes a request part paid, or underpaid once closed.
 * Parts worth less than a cent count toward what arrived but credit nothing (issue 33 point 5): with
 * only those, the request is still waiting, and closed it was not paid.
 */
export function hasCredited(deposit: Pick<Transaction, 'creditedAmount'>): boolean {
  return deposit.creditedAmount > 0;
}

/** The public config's block-explorer link pattern (`…/tx/{hash}`) filled in. */
export function explorerUrl(pattern: string, hash: string): string {
  return pattern.replace('{hash}', hash);
}

/**
 * Where a deposit lives: its page, /topup-balance/{id}, and its receipt, /topup-balance/{id}?view=receipt
 * (src/routes/_app/topup-balance.$id.tsx says why the receipt is not a path of its own).
 */
export const depositLink = (id: number) =>
  ({ to: '/topup-balance/$id', params: { id: String(id) } }) as const;
export const receiptLink = (id: number) =>
  ({ ...depositLink(id), search: { view: 'receipt' } }) as const;

/** What a location below /topup-balance shows: the form, a deposit, a receipt, or nothing known. */
export function topUpScreen(
  pathname: string,
  search: string,
): { view: 'form' } | { view: 'deposit' | 'receipt'; id: number } | null {
  if (/^\/topup-balance\/?$/.test(pathname)) return { view: 'form' };
  const match = /^\/topup-balance\/(\d{1,15})\/?$/.exec(pathname);
  const id = Number(match?.[1]);
  if (!match || id < 1) return null;
  return {
    view: new URLSearchParams(search).get('view') === 'receipt' ? 'receipt' : 'deposit',
    id,
  };
}
