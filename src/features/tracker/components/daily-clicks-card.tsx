import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import type { ClicksOverTime } from '../../../shared/contract/campaigns';
import { Card } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { useDailyClicks } from '../../campaigns/api/get-daily-clicks';
import { chartSummary, clicksTable, pointText } from '../chart-labels';
import * as styles from './tracker.css';

// uPlot (~50 kB) is fetched only when a tracker shows its chart, never on first load.
const ClicksChart = lazy(() => import('./clicks-chart'));

function ClicksTable({ clicks }: { clicks: ClicksOverTime }) {
  const { caption, columns, rows } = clicksTable(clicks);
  // Hidden by its wrapper: a table is never narrower than its content, so hidden itself it could
  // still stick out past a phone's edge (at 320 px, with two-digit hours).
  return (
    <div className={styles.visuallyHidden}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={columns[index]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the chart's marks are: the canvas itself is hidden from assistive technology. */
function ChartLegend() {
  return (
    <ul id="tracker-chart-legend" className={styles.legend}>
      <li className={styles.legendItem}>
        <span className={styles.swatch.valid} aria-hidden="true" />
        Valid clicks (billed)
      </li>
      <li className={styles.legendItem}>
        <span className={styles.swatch.invalid} aria-hidden="true" />
        Invalid clicks (not billed)
      </li>
      <li className={styles.legendItem}>
        <span className={styles.swatch.spend} aria-hidden="true" />
        Spend
      </li>
    </ul>
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
        aria-describedby="tracker-chart-legend tracker-chart-hint"
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
      <ChartLegend />
      <p className={styles.muted}>
        Invalid clicks are never billed: clicks from known bots, a visitor&apos;s repeated clicks
        within a minute, and clicks past the daily limit of one visitor or one address.
      </p>
      <p id="tracker-chart-hint" className={styles.muted}>
        Tap a bar, or focus the chart and use the arrow keys, to read its values.
      </p>
      <figcaption className={styles.muted}>{chartSummary(clicks)}</figcaption>
      <ClicksTable clicks={clicks} />
    </figure>
  );
}

/**
 * Billed clicks, spend and invalid (unbilled) clicks per hour or day over the campaign's life
 * (POST /api/campaign-daily-clicks).
 */
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
