import { formatMoney } from '@/lib/format';
import { browserTimeZone } from '@/lib/time-zone';
import { hourLabel } from '@/entities/stats/components/day-figures';
import type { ClicksOverTime, DailyClicks } from '@/shared/contract/campaigns';
import { invalidTotal, reasonsText, TRACKER_REASONS } from '@/shared/invalid-clicks';

export type Granularity = ClicksOverTime['granularity'];
export type ClicksPoint = DailyClicks[number];
export type InvalidClicks = ClicksPoint['invalid'];

// The tracker is lazy: Intl's first-use cost is not on a first screen here. A day comes as a date,
// counted in the advertiser's zone (the browser's, sent with the call), and is named as itself; an
// hour comes as an instant and is named in the browser's zone (issue 35: no screen reads UTC).
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, one: string, many: string) =>
  `${count(value)} ${value === 1 ? one : many}`;

/** Seconds since the epoch at the start of a bucket (`YYYY-MM-DD` or an ISO time). */
export function bucketSeconds(date: string): number {
  return Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date) / 1000;
}

/** `Mar 7, 2025` for a day, `Mar 5, 5:00 PM` for an hour (in the browser's zone). */
export function bucketLabel(date: string, granularity: Granularity): string {
  const at = new Date(bucketSeconds(date) * 1000);
  return granularity === 'hour' ? hourLabel(at.getTime(), browserTimeZone()) : dayFormat.format(at);
}

export function countText(value: number, granularity: Granularity): string {
  return plural(value, granularity, `${granularity}s`);
}

/** How many of a bucket's clicks were invalid (the reasons, with their labels: shared/invalid-clicks.ts). */
export { invalidTotal };

/**
 * The selected bar read out: `Mar 7, 2025: 11 clicks, $5.50 spent`, then
 * ` · 3 invalid (2 from bots, 1 double click)` when some clicks were invalid.
 */
export function pointText(point: ClicksPoint, granularity: Granularity): string {
  const valid = `${bucketLabel(point.date, granularity)}: ${plural(point.clicks, 'click', 'clicks')}, ${formatMoney(point.spend)} spent`;
  const invalid = invalidTotal(point.invalid);
  return invalid === 0
    ? valid
    : `${valid} · ${count(invalid)} invalid (${reasonsText(point.invalid)})`;
}

function sumInvalid(data: DailyClicks): InvalidClicks {
  const sum = Object.fromEntries(TRACKER_REASONS.map(({ code }) => [code, 0])) as InvalidClicks;
  for (const { invalid } of data)
    for (const { code } of TRACKER_REASONS) sum[code] += invalid[code];
  return sum;
}

/** The chart's summary: billed clicks and spend over the shown range, then the invalid clicks. */
export function chartSummary({ granularity, data }: ClicksOverTime): string {
  const total = data.reduce((sum, point) => sum + point.clicks, 0);
  const spend = data.reduce((sum, point) => sum + Math.round(point.spend * 100), 0) / 100;
  const peak = data.reduce<ClicksPoint | null>(
    (best, point) => (best === null || point.clicks > best.clicks ? point : best),
    null,
  );
  const span = countText(data.length, granularity);
  const invalid = sumInvalid(data);
  const invalidCount = invalidTotal(invalid);
  const invalidSentence =
    invalidCount === 0
      ? 'No invalid clicks.'
      : `${plural(invalidCount, 'invalid click was', 'invalid clicks were')} not billed: ${reasonsText(invalid)}.`;
  if (!peak || total === 0) {
    const none = `No billed clicks yet over ${span}.`;
    return invalidCount === 0 ? none : `${none} ${invalidSentence}`;
  }
  return `${count(total)} billed clicks over ${span}, ${formatMoney(spend)} spent; busiest ${granularity} ${bucketLabel(peak.date, granularity)} with ${count(peak.clicks)}. ${invalidSentence}`;
}

/** The chart's values as a table: one row per bucket, its invalid clicks by reason. */
export function clicksTable({ granularity, data }: ClicksOverTime) {
  return {
    caption: `Billed clicks, spend and invalid clicks per ${granularity}`,
    columns: [
      granularity === 'hour' ? 'Hour' : 'Date',
      'Billed clicks',
      'Spend',
      ...TRACKER_REASONS.map(({ label }) => label),
    ],
    rows: data.map((point) => ({
      key: point.date,
      cells: [
        bucketLabel(point.date, granularity),
        count(point.clicks),
        formatMoney(point.spend),
        ...TRACKER_REASONS.map(({ code }) => count(point.invalid[code])),
      ],
    })),
  };
}
