import { formatMoney } from '@/shared/money';
import type { PreviousRange, RangeTotals } from '@/shared/contract/stats';
import { shortDay } from './range-picker';

/**
 * Issue 35 point 7: a range's figures beside the range before it of as many days (the server's
 * `previous`), as ad managers compare them: "Up 12.5% from $32.00".
 */

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** The change from `before` to `now` in words and %, with what it was (`beforeText`). */
export function changeText(now: number, before: number, beforeText: string): string {
  if (now === before) return `No change from ${beforeText}`;
  const direction = now > before ? 'Up' : 'Down';
  if (before === 0) return `${direction} from ${beforeText}`;
  const change = percent.format((Math.abs(now - before) / before) * 100);
  // Less than 0.05%: no change worth a figure.
  if (change === '0') return `About the same as ${beforeText}`;
  return `${direction} ${change}% from ${beforeText}`;
}

/** Each compared figure's change: spend, billed clicks and cost per click (none without clicks). */
export function changesOf(totals: RangeTotals, previous: PreviousRange) {
  if (!previous) return { spend: undefined, clicks: undefined, cpc: undefined };
  const cents = (dollars: number) => Math.round(dollars * 100);
  return {
    spend: changeText(cents(totals.spend), cents(previous.spend), formatMoney(previous.spend)),
    clicks: changeText(totals.clicks, previous.clicks, previous.clicks.toLocaleString('en-US')),
    cpc:
      previous.clicks === 0
        ? 'No clicks in the range before'
        : totals.clicks === 0
          ? `Was ${formatMoney(previous.avg_cpc)}`
          : changeText(
              cents(totals.avg_cpc),
              cents(previous.avg_cpc),
              formatMoney(previous.avg_cpc),
            ),
  };
}

/**
 * Which range the figures are compared with: its days and, for a range that ends today, the time of
 * day it is cut at. Nothing for all time (`allTime`); a range before the first figures says so.
 */
export function CompareNote({
  previous,
  timeZone,
  allTime,
  className,
}: {
  previous: PreviousRange;
  timeZone: string;
  allTime: boolean;
  className?: string;
}) {
  if (allTime) return null;
  if (!previous) {
    return <p className={className}>No figures before this range to compare with.</p>;
  }
  const oneDay = previous.from === previous.to;
  const days = oneDay
    ? shortDay(previous.from)
    : `${shortDay(previous.from)} – ${shortDay(previous.to)}`;
  // The time of day the previous range stops at, on its last day.
  const time = previous.until
    ? new Date(previous.until).toLocaleTimeString('en-US', {
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      })
    : '';
  const until = time ? `, up to ${time}${oneDay ? '' : ` on ${shortDay(previous.to)}`}` : '';
  return (
    <p className={className}>
      Compared with {days}
      {until}.
    </p>
  );
}
