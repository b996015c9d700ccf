import { formatMoney } from '@/lib/format';
import type { Campaign } from '@/shared/contract/campaigns';
import { hasAtMostTwoDecimals } from '@/shared/two-decimals';

/**
 * Issue 36: how a campaign's daily budget and end date read on its card, row and tracker. The end
 * date is a day of the account's time zone (`YYYY-MM-DD`): shown as that day, whatever the browser's.
 */
export function dailyBudgetText(campaign: Pick<Campaign, 'daily_budget'>): string {
  return campaign.daily_budget === null ? 'No limit' : `${formatMoney(campaign.daily_budget)}/day`;
}

export function endsOnText(campaign: Pick<Campaign, 'ends_on'>): string {
  return campaign.ends_on === null ? 'Until paused' : formatDay(campaign.ends_on);
}

/** `Dec 31, 2026` for `2026-12-31`. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.parse(`${day}T00:00:00Z`),
  );
}

/**
 * What a daily budget field holds (dollars typed, '' for none) is wrong with, for a campaign whose
 * clicks cost `rate` dollars; null when it is fine.
 */
export function dailyBudgetProblem(raw: string, rate: number | undefined): string | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) return 'Please enter a valid daily budget';
  if (!hasAtMostTwoDecimals(value)) return 'Amounts can have at most 2 decimals';
  if (rate !== undefined && value < rate) {
    return `The daily budget must be at least the price of one click (${formatMoney(rate)})`;
  }
  return null;
}
