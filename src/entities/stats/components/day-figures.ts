import type { DayFigures, HourFigures, InvalidByReason } from '@/shared/contract/stats';
import { INVALID_REASONS, invalidTotal, reasonsText } from '@/shared/invalid-clicks';
import { dollarsToCents, formatMoney } from '@/shared/money';
import { shortDay } from './range-picker';

/**
 * Issue 19: a range's days as the screens show them (chart summary, readout, table) and as the
 * tracker's CSV writes them. Both read dayRows, so the file holds the figures the screen shows. A
 * one-day range shows its hours instead (issue 35: hourRows), in the advertiser's time zone.
 */

export const count = (value: number) => value.toLocaleString('en-US');

/** A range's cost per click: none without clicks, shown as "—" (and left empty in a CSV). */
export function costPerClickText(totals: { clicks: number; avg_cpc: number }): string {
  return totals.clicks > 0 ? formatMoney(totals.avg_cpc) : '—';
}
const plural = (value: number, one: string, many: string) =>
  `${count(value)} ${value === 1 ? one : many}`;

/** How many of a day's clicks were invalid (the reasons, with their labels: shared/invalid-clicks.ts). */
export { invalidTotal };

/**
 * One day, or one hour of a one-day range, in cents; the cost per click is null without clicks (the
 * screen shows none).
 */
export interface DayRow {
  unit: 'day' | 'hour';
  /** `2026-11-27` for a day, the hour's start in the zone for an hour: `2026-11-27 14:00`. */
  date: string;
  /** As the screen names it: `Nov 27, 2026`, or `Nov 27, 2:00 PM`. */
  label: string;
  /** Where the chart places it, seconds: a day at UTC midnight of its date (the chart labels it in
   * UTC, so as itself), an hour at its instant (labelled in the zone). */
  start: number;
  clicks: number;
  spendCents: number;
  avgCpcCents: number | null;
  /** Issue 35 point 4: of the billed clicks, those credited back later, and their credit. */
  credited: number;
  creditCents: number;
  invalid: InvalidByReason;
}

/** The cost per click of a spend over clicks, rounded to the cent as the contract's totals are. */
export function avgCpcCents(spendCents: number, clicks: number): number | null {
  return clicks > 0 ? Math.round(spendCents / clicks) : null;
}

function figures(of: Omit<DayFigures, 'date'>) {
  const spendCents = dollarsToCents(of.spend);
  return {
    clicks: of.clicks,
    spendCents,
    avgCpcCents: avgCpcCents(spendCents, of.clicks),
    credited: of.credited_clicks,
    creditCents: dollarsToCents(of.credits),
    invalid: of.invalid,
  };
}

export function dayRows(days: readonly DayFigures[]): DayRow[] {
  return days.map((day) => ({
    unit: 'day',
    date: day.date,
    label: shortDay(day.date),
    start: daySeconds(day.date),
    ...figures(day),
  }));
}

const hourFormats = new Map<string, Intl.DateTimeFormat[]>();
/** The zone's formats: the screen's `Nov 27, 2:00 PM`, and the parts of `2026-11-27 14:00`. */
function hourFormatsOf(timeZone: string): Intl.DateTimeFormat[] {
  let formats = hourFormats.get(timeZone);
  if (!formats) {
    const hour = { hour: 'numeric', minute: '2-digit', timeZone } as const;
    formats = [
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', ...hour }),
      new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hourCycle: 'h23',
        ...hour,
      }),
    ];
    hourFormats.set(timeZone, formats);
  }
  return formats;
}

/** An instant as the screens name an hour in the zone: `Nov 27, 2:00 PM`. */
export function hourLabel(at: number, timeZone: string): string {
  return hourFormatsOf(timeZone)[0]!.format(at);
}

/** An instant as the zone's `2026-11-27 14:00`. */
export function localMinute(at: number, timeZone: string): string {
  const parts = Object.fromEntries(
    hourFormatsOf(timeZone)[1]!
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A one-day range's hours (issue 35), named in the advertiser's time zone. */
export function hourRows(hours: readonly HourFigures[], timeZone: string): DayRow[] {
  return hours.map((hour) => {
    const at = Date.parse(hour.at);
    return {
      unit: 'hour',
      date: localMinute(at, timeZone),
      label: hourLabel(at, timeZone),
      start: at / 1000,
      ...figures(hour),
    };
  });
}

/** The table's (and the CSV's) columns; money columns in USD. */
export const DAY_COLUMNS = [
  'Date',
  'Billed clicks',
  'Spend',
  'Avg. cost per click',
  // Issue 35 point 4, as the tracker's CSV has them.
  'Credited clicks',
  'Credits',
  'Net spend',
  ...INVALID_REASONS.map(({ label }) => label),
] as const;

/** A day as the screen's table shows it: `Nov 27, 2026`, `1,200`, `$960.00`, `$0.80` or `—`. */
export function dayCells(row: DayRow): string[] {
  return [
    row.label,
    count(row.clicks),
    formatMoney(row.spendCents / 100),
    row.avgCpcCents === null ? '—' : formatMoney(row.avgCpcCents / 100),
    count(row.credited),
    formatMoney(row.creditCents / 100),
    formatMoney((row.spendCents - row.creditCents) / 100),
    ...INVALID_REASONS.map(({ code }) => count(row.invalid[code])),
  ];
}

/** `Nov 27, 2026: 12 billed clicks, $9.60 spent`, then ` · 2 invalid (2 from bots)` if any. */
export function dayText(row: DayRow): string {
  const billed = `${row.label}: ${plural(row.clicks, 'billed click', 'billed clicks')}, ${formatMoney(row.spendCents / 100)} spent`;
  const invalid = invalidTotal(row.invalid);
  return invalid === 0
    ? billed
    : `${billed} · ${count(invalid)} invalid (${reasonsText(row.invalid)})`;
}

function sumInvalid(rows: readonly DayRow[]): InvalidByReason {
  const sum = Object.fromEntries(INVALID_REASONS.map(({ code }) => [code, 0])) as InvalidByReason;
  for (const row of rows) for (const { code } of INVALID_REASONS) sum[code] += row.invalid[code];
  return sum;
}

/** Whether the range holds no click at all, billed or invalid: the screens say so instead of a chart. */
export function hasNoClicks(days: readonly DayFigures[]): boolean {
  return days.every((day) => day.clicks === 0 && invalidTotal(day.invalid) === 0);
}

/** The rows' unit: hours for a one-day range's hours, else days. */
const unitOf = (rows: readonly DayRow[]) => rows[0]?.unit ?? 'day';

/** The chart's summary: billed clicks and spend over the days (or hours), the busiest, the invalid clicks. */
export function daysSummary(rows: readonly DayRow[]): string {
  const unit = unitOf(rows);
  const clicks = rows.reduce((sum, row) => sum + row.clicks, 0);
  const spendCents = rows.reduce((sum, row) => sum + row.spendCents, 0);
  const busiest = rows.reduce<DayRow | undefined>(
    (best, row) => (best === undefined || row.clicks > best.clicks ? row : best),
    undefined,
  );
  const span = plural(rows.length, unit, `${unit}s`);
  const invalid = sumInvalid(rows);
  const invalidCount = invalidTotal(invalid);
  const invalidSentence =
    invalidCount === 0
      ? 'No invalid clicks.'
      : `${plural(invalidCount, 'invalid click was', 'invalid clicks were')} not billed: ${reasonsText(invalid)}.`;
  if (!busiest || clicks === 0) return `No billed clicks over ${span}. ${invalidSentence}`;
  return `${plural(clicks, 'billed click', 'billed clicks')} over ${span}, ${formatMoney(spendCents / 100)} spent; busiest ${unit} ${busiest.label} with ${count(busiest.clicks)}. ${invalidSentence}`;
}

/**
 * What the campaign's current period had been billed at the range's start, then by the end of each
 * day (issue 35), in cents so that no sum drifts: nothing before the day it began; from that day on,
 * what it was billed by the range's end less the days after (each of which billed this period only,
 * so the first day's figure is exact even when the period before billed in it too).
 */
export function periodSpendCents(
  period: { from: string; spent: number },
  rows: readonly DayRow[],
): number[] {
  const spentCents = dollarsToCents(period.spent);
  const points = new Array<number>(rows.length + 1);
  let after = 0;
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index]!;
    points[index + 1] = row.date < period.from ? 0 : Math.max(0, spentCents - after);
    after += row.spendCents;
  }
  const first = rows[0];
  points[0] = first && first.date > period.from ? Math.max(0, spentCents - after) : 0;
  return points;
}

/** The chart's values as a table: one row per day (or hour), its invalid clicks by reason. */
export function daysTable(rows: readonly DayRow[]) {
  const unit = unitOf(rows);
  return {
    caption: `Billed clicks, spend and invalid clicks per ${unit}`,
    columns: unit === 'hour' ? (['Hour', ...DAY_COLUMNS.slice(1)] as const) : DAY_COLUMNS,
    rows: rows.map((row) => ({ key: row.date, cells: dayCells(row) })),
  };
}

/** A day's start as the chart places it: UTC midnight of its date, labelled as that date. */
export function daySeconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}
