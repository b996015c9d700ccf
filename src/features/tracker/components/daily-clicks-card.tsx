import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import type { ClicksOverTime } from '../../../shared/contract/campaigns';
import { Card } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { useDailyClicks } from '../../campaigns/api/get-daily-clicks';
import { bucketLabel, chartSummary, pointText } from '../chart-labels';
import * as styles from './tracker.css';

// uPlot (~50 kB) is fetched only when a tracker shows its chart, never on first load.
const ClicksChart = lazy(() => import('./clicks-chart'));

function ClicksTable({ granularity, data }: ClicksOverTime) {
  // Hidden by its wrapper: a table is never narrower than its content, so hidden itself it could
  // still stick out past a phone's edge (at 320 px, with two-digit hours).
  return (
    <div className={styles.visuallyHidden}>
      <table>
        <caption>Billed clicks and spend per {granularity}</caption>
        <thead>
          <tr>
            <th scope="col">{granularity === 'hour' ? 'Hour' : 'Date'}</th>
            <th scope="col">Clicks</th>
            <th scope="col">Spend</th>
          </tr>
        </thead>
        <tbody>
          {data.map((point) => (
            <tr key={point.date}>
              <td>{bucketLabel(point.date, granularity)}</td>
              <td>{point.clicks}</td>
              <td>{formatMoney(point.spend)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const KEY_MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowLeft: (index) => index - 1,
  ArrowRight: (index) => index + 1,
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * The chart with its values in text: one bar is selected (the latest at first) and read out below
 * it; a tap or hover selects the nearest bar, and the focused chart moves with the arrow keys.
 */
function ClicksFigure({ clicks }: { clicks: ClicksOverTime }) {
  const last = clicks.data.length - 1;
  // null: the latest bar, which stays the latest when a refresh adds one.
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = Math.min(chosen ?? last, last);
  const point = clicks.data[selected];

  function onKeyDown(event: KeyboardEvent) {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    setChosen(Math.max(0, Math.min(last, move(selected, last))));
  }

  return (
    <figure className={styles.figure}>
      <div
        role="group"
        aria-label={`Clicks and spend per ${clicks.granularity}`}
        aria-describedby="tracker-chart-hint"
        tabIndex={0}
        className={styles.chartFrame}
        onKeyDown={onKeyDown}
      >
        <Suspense fallback={<div className={styles.chartPlaceholder} />}>
          <ClicksChart
            points={clicks.data}
            granularity={clicks.granularity}
            selected={selected}
            onSelect={setChosen}
          />
        </Suspense>
      </div>
      <p className={styles.readout} aria-live="polite">
        {point ? pointText(point, clicks.granularity) : null}
      </p>
      <p id="tracker-chart-hint" className={styles.muted}>
        Bars are clicks, the line is spend. Tap a bar, or focus the chart and use the arrow keys, to
        read its values.
      </p>
      <figcaption className={styles.muted}>{chartSummary(clicks)}</figcaption>
      <ClicksTable granularity={clicks.granularity} data={clicks.data} />
    </figure>
  );
}

/** Billed clicks and spend per hour or day over the campaign's life (POST /api/campaign-daily-clicks). */
export function DailyClicksCard({ username }: { username: string }) {
  const clicks = useDailyClicks(username);
  return (
    // Lifetime, labelled as such: the tiles above show the current period (issue 13).
    <Card title="Lifetime Clicks and Spend">
      {clicks.isPending ? (
        <Spinner label="Loading daily clicks..." />
      ) : clicks.isError ? (
        <p className={styles.muted}>
          {errorMessage(clicks.error, 'Failed to fetch daily clicks.')}
        </p>
      ) : (
        <ClicksFigure clicks={clicks.data} />
      )}
    </Card>
  );
}
