import { localDayOf } from '@/shared/local-days';

/** How many months back the printable statements go. */
export const PRINTABLE_MONTHS = 24;

/** `2026-03`, this month first, then the ones before it, in the zone. */
export function recentMonths(timeZone: string, now = Date.now(), count = PRINTABLE_MONTHS) {
  const [year, month] = localDayOf(timeZone, now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, month - 1 - back, 1));
    return date.toISOString().slice(0, 7);
  });
}

/** `March 2026`. */
export function monthText(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The month's first and last day; this month ends today (no day after today is asked for). */
export function monthDays(month: string, timeZone: string, now = Date.now()) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
  const today = localDayOf(timeZone, now);
  return { from: `${month}-01`, to: last < today ? last : today };
}
