import type { unparse } from 'papaparse';
import type { CampaignStats, ResolvedRange } from '@/shared/contract/stats';
import { INVALID_REASONS } from '@/shared/invalid-clicks';
import { dayOf } from '@/shared/stats-range';
import {
  avgCpcCents,
  dayRows,
  hourRows,
  type DayRow,
} from '@/entities/stats/components/day-figures';

/**
 * Issue 19: a campaign's clicks per day in the chosen range as a CSV file, from the rows the
 * tracker's table shows (stats/components/day-figures.ts), so that the file equals the screen.
 * Issue 35: a one-day range's hours, days and hours in the range's time zone (named in the header),
 * none from before the campaign existed, and the range's totals (the tiles above the table) last.
 */
const FIGURE_COLUMNS = [
  'Billed clicks',
  'Spend (USD)',
  'Avg. cost per click (USD)',
  // Issue 35 point 4: the clicks credited back later, their credit, and the spend net of it.
  'Credited clicks',
  'Credits (USD)',
  'Net spend (USD)',
  ...INVALID_REASONS.map(({ label }) => label),
] as const;

/** Cents as a spreadsheet reads dollars: `96000` → `960.00` (no $ sign, no thousands separator). */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The figures of a row; the cost per click is empty without clicks, as the screen shows none ("—"). */
function figureCells(row: Omit<DayRow, 'unit' | 'date' | 'label' | 'start'>): string[] {
  return [
    String(row.clicks),
    dollars(row.spendCents),
    row.avgCpcCents === null ? '' : dollars(row.avgCpcCents),
    String(row.credited),
    dollars(row.creditCents),
    dollars(row.spendCents - row.creditCents),
    ...INVALID_REASONS.map(({ code }) => String(row.invalid[code])),
  ];
}

/** The rows' sums, as the tiles show the range's totals. */
function totalCells(rows: readonly DayRow[]): string[] {
  const invalid = Object.fromEntries(
    INVALID_REASONS.map(({ code }) => [code, 0]),
  ) as DayRow['invalid'];
  let clicks = 0;
  let spendCents = 0;
  let credited = 0;
  let creditCents = 0;
  for (const row of rows) {
    clicks += row.clicks;
    spendCents += row.spendCents;
    credited += row.credited;
    creditCents += row.creditCents;
    for (const { code } of INVALID_REASONS) invalid[code] += row.invalid[code];
  }
  return figureCells({
    clicks,
    spendCents,
    avgCpcCents: avgCpcCents(spendCents, clicks),
    credited,
    creditCents,
    invalid,
  });
}

/** The rows from the campaign's creation on: its first day (in the zone), or its first hour. */
function sinceCreation(rows: DayRow[], createdAt: string, timeZone: string): DayRow[] {
  const created = Date.parse(createdAt);
  const firstDay = dayOf(timeZone, created);
  return rows.filter((row) =>
    row.unit === 'day' ? row.date >= firstDay : (row.start + 3600) * 1000 > created,
  );
}

/**
 * RFC 4180 text with CRLF lines, one row per day (or hour), oldest first, then the totals. A cell
 * starting with = + - @, a tab or a carriage return gets a leading ' so that a spreadsheet shows it
 * instead of running it.
 */
export function clicksCsv(
  stats: Pick<CampaignStats, 'days' | 'hours' | 'range' | 'earlier_packages'>,
  createdAt: string,
  unparseCsv: typeof unparse,
): string {
  const zone = stats.range.time_zone;
  const hourly = stats.hours.length > 0;
  // The figures are the profile's (issue 35 point 6): from its earliest package in the range on.
  const since = stats.earlier_packages?.since;
  const rows = sinceCreation(
    hourly ? hourRows(stats.hours, zone) : dayRows(stats.days),
    since !== undefined && Date.parse(since) < Date.parse(createdAt) ? since : createdAt,
    zone,
  );
  const fields = [`${hourly ? 'Hour' : 'Date'} (${zone})`, ...FIGURE_COLUMNS];
  const data = [
    ...rows.map((row) => [row.date, ...figureCells(row)]),
    ['Total', ...totalCells(rows)],
  ];
  return unparseCsv({ fields, data }, { escapeFormulae: true });
}

/** `clicks-anna-2026-10-29-to-2026-11-27.csv`: the range's days as the server resolved them. */
export function clicksCsvFileName(username: string, range: Pick<ResolvedRange, 'from' | 'to'>) {
  return `clicks-${username}-${range.from}-to-${range.to}.csv`;
}
