/**
 * Display formatting of spec §9 the first screens use: money, dates, click counts (hashes are in
 * short-hash.ts and countdowns in use-countdown.ts: a function here is in every first load).
 */

// Money is formatted in src/shared/money.ts, where the server's messages format it too.
export { formatMoney } from '../shared/money';

// Intl.DateTimeFormat gives the dates below, but its first use costs a phone 50 ms or more of blocked
// main thread, on the first screen: dates in the everyday range are written here instead, with the
// same result (tests/unit/format.test.ts compares them with Intl).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
let dateOutsideRange: Intl.DateTimeFormat | undefined;

/** Spec §9: a short US date (`Mar 5, 2025`) in local time, or `N/A` when missing or invalid. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const year = date.getFullYear();
  if (year < 1000) {
    const format = (dateOutsideRange ??= new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }));
    return format.format(date);
  }
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${year}`;
}

/** Spec §2 tracker: thousands as K and millions as M with one decimal; missing counts are zero. */
export function formatCompactCount(count: number | null | undefined): string {
  const n = count ?? 0;
  const abs = Math.abs(n);
  // 999,950 would round to "1000.0K"; it reads as 1.0M.
  if (abs >= 999_950) return `${(n / 1_000_000).toFixed(1)}M`;
  if (abs >= 1000) return `${(n / 1000).toFixed(1)}K`;
  return String(n);
}
