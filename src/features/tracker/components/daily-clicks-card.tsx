import { lazy, Suspense } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatShortDate } from '../../../lib/format';
import type { DailyClicks } from '../../../shared/contract/campaigns';
import { Card } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { useDailyClicks } from '../../campaigns/api/get-daily-clicks';
import * as styles from './tracker.css';

// uPlot (~50 kB) is fetched only when a tracker shows its chart, never on first load.
const ClicksChart = lazy(() => import('./clicks-chart'));

function dayLabel(date: string): string {
  return formatShortDate(`${date}T12:00:00Z`);
}

/** The text alternative of the chart: a summary sentence and the full table for screen readers. */
export function chartSummary(days: DailyClicks): string {
  const total = days.reduce((sum, day) => sum + day.clicks, 0);
  const peak = days.reduce<DailyClicks[number] | null>(
    (best, day) => (best === null || day.clicks > best.clicks ? day : best),
    null,
  );
  const dayCount = `${days.length} ${days.length === 1 ? 'day' : 'days'}`;
  if (!peak || total === 0) return `No billed clicks yet over ${dayCount}.`;
  return `${total.toLocaleString('en-US')} billed clicks over ${dayCount}; busiest day ${dayLabel(peak.date)} with ${peak.clicks.toLocaleString('en-US')}.`;
}

function ClicksTable({ days }: { days: DailyClicks }) {
  return (
    <table className={styles.visuallyHidden}>
      <caption>Billed clicks per day</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Clicks</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.date}>
            <td>{dayLabel(day.date)}</td>
            <td>{day.clicks}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Billed clicks per day over the campaign's life (POST /api/campaign-daily-clicks). */
export function DailyClicksCard({ username }: { username: string }) {
  const clicks = useDailyClicks(username);
  return (
    <Card title="Daily Clicks">
      {clicks.isPending ? (
        <Spinner label="Loading daily clicks..." />
      ) : clicks.isError ? (
        <p className={styles.muted}>
          {errorMessage(clicks.error, 'Failed to fetch daily clicks.')}
        </p>
      ) : (
        <figure className={styles.figure}>
          <Suspense fallback={<div className={styles.chartPlaceholder} />}>
            <ClicksChart days={clicks.data} />
          </Suspense>
          <figcaption className={styles.muted}>{chartSummary(clicks.data)}</figcaption>
          <ClicksTable days={clicks.data} />
        </figure>
      )}
    </Card>
  );
}
