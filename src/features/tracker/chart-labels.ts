import { formatMoney } from '../../lib/format';
import type { ClicksOverTime, DailyClicks } from '../../shared/contract/campaigns';

export type Granularity = ClicksOverTime['granularity'];
export type ClicksPoint = DailyClicks[number];

// The tracker is lazy: Intl's first-use cost is not on a first screen here. UTC, as the server
// counts clicks per UTC hour and day.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const hourFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** Seconds since the epoch at the start of a bucket (`YYYY-MM-DD` or an ISO time). */
export function bucketSeconds(date: string): number {
  return Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date) / 1000;
}

/** `Mar 7, 2025` for a day, `Mar 5, 10:00 PM UTC` for an hour. */
export function bucketLabel(date: string, granularity: Granularity): string {
  const at = new Date(bucketSeconds(date) * 1000);
  return granularity === 'hour' ? `${hourFormat.format(at)} UTC` : dayFormat.format(at);
}

export function countText(count: number, granularity: Granularity): string {
  return `${count} ${granularity}${count === 1 ? '' : 's'}`;
}

/** The selected bar read out: `Mar 7, 2025: 11 clicks, $5.50 spent`. */
export function pointText(point: ClicksPoint, granularity: Granularity): string {
  const clicks = `${point.clicks.toLocaleString('en-US')} ${point.clicks === 1 ? 'click' : 'clicks'}`;
  return `${bucketLabel(point.date, granularity)}: ${clicks}, ${formatMoney(point.spend)} spent`;
}

/** The chart's summary sentence. */
export function chartSummary({ granularity, data }: ClicksOverTime): string {
  const total = data.reduce((sum, point) => sum + point.clicks, 0);
  const spend = data.reduce((sum, point) => sum + Math.round(point.spend * 100), 0) / 100;
  const peak = data.reduce<ClicksPoint | null>(
    (best, point) => (best === null || point.clicks > best.clicks ? point : best),
    null,
  );
  const span = countText(data.length, granularity);
  if (!peak || total === 0) return `No billed clicks yet over ${span}.`;
  return `${total.toLocaleString('en-US')} billed clicks over ${span}, ${formatMoney(spend)} spent; busiest ${granularity} ${bucketLabel(peak.date, granularity)} with ${peak.clicks.toLocaleString('en-US')}.`;
}
