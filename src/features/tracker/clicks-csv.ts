import type { unparse } from 'papaparse';
import type { DayFigures, ResolvedRange } from '@/shared/contract/stats';
import { INVALID_REASONS } from '@/shared/invalid-clicks';
import { dayRows, type DayRow } from '@/entities/stats/components/day-figures';

/**
 * Issue 19: a campaign's clicks per day in the chosen range as a CSV file, from the rows the
 * tracker's table shows (stats/components/day-figures.ts), so that the file equals the screen.
 */
export const CLICKS_CSV_COLUMNS = [
  'Date',
  'Billed clicks',
  'Spend (USD)',
  'Avg. cost per click (USD)',
  ...INVALID_REASONS.map(({ label }) => label),
] as const;

/** Cents as a spreadsheet reads dollars: `96000` → `960.00` (no $ sign, no thousands separator). */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The cost per click is empty without clicks, as the screen shows none ("—"). */
export function csvCells(row: DayRow): string[] {
  return [
    row.date,
    String(row.clicks),
    dollars(row.spendCents),
    row.avgCpcCents === null ? '' : dollars(row.avgCpcCents),
    ...INVALID_REASONS.map(({ code }) => String(row.invalid[code])),
  ];
}

/**
 * RFC 4180 text with CRLF lines, one row per day, oldest first. A cell starting with = + - @, a tab
 * or a carriage return gets a leading ' so that a spreadsheet shows it instead of running it.
 */
export function clicksCsv(days: readonly DayFigures[], unparseCsv: typeof unparse): string {
  return unparseCsv(
    { fields: [...CLICKS_CSV_COLUMNS], data: dayRows(days).map(csvCells) },
    { escapeFormulae: true },
  );
}

/** `clicks-anna-2026-10-29-to-2026-11-27.csv`: the range's days as the server resolved them. */
export function clicksCsvFileName(username: string, range: Pick<ResolvedRange, 'from' | 'to'>) {
  return `clicks-${username}-${range.from}-to-${range.to}.csv`;
}
