import type { CoinType, TransactionStatus } from '../../shared/contract/deposits';

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

/** Spec §9: coin amounts with 6 decimals (`0.033334`, `150.000001`). */
export function formatCoinAmount(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? value.toFixed(6) : amount;
}

/** Spec §4: pending reads "incomplete" in the history. */
export function statusLabel(status: TransactionStatus): string {
  return status === 'pending' ? 'incomplete' : status;
}

/** Spec §3: a deposit in progress shows its status capitalised ("Pending"). */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
