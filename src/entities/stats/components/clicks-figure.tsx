import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/ui/button';
import type { ChartPoint } from './clicks-chart';
import * as styles from './clicks-figure.css';

// uPlot (~50 kB) is fetched only when a screen shows its chart, never on first load.
const ClicksChart = lazy(() => import('./clicks-chart'));

/** The chart's values in text: the table the toggle shows (and the CSV of a campaign holds). */
export interface FigureTable {
  caption: string;
  columns: readonly string[];
  rows: { key: string; cells: string[] }[];
}

function ValuesTable({ table, id }: { table: FigureTable; id: string }) {
  return (
    // A region that scrolls sideways on a phone: focusable, so that a keyboard can scroll it.
    <div
      id={id}
      className={styles.tableScroll}
      role="region"
      aria-label={table.caption}
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={table.columns[index]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the chart's marks are: the canvas itself is hidden from assistive technology. */
function ChartLegend({ id }: { id: string }) {
  return (
    <ul id={id} className={styles.legend}>
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
 * Clicks (billed and invalid) and spend per hour or day, with its values in text: one bar is
 * selected (the latest at first) and read out below it; a tap or hover selects the nearest bar, the
 * focused chart moves with the arrow keys. A summary says what the chart shows, and a button shows
 * its values as a table.
 */
export function ClicksFigure({
  label,
  points,
  step,
  timeZone,
  readout,
  summary,
  table,
}: {
  /** The chart's name, e.g. "Clicks and spend per day". */
  label: string;
  points: readonly ChartPoint[];
  step: number;
  /** The zone the time axis is labelled in (IANA name). */
  timeZone: string;
  readout: (index: number) => string;
  summary: string;
  table: FigureTable;
}) {
  const id = useId();
  const last = points.length - 1;
  // null: the latest bar, which stays the latest when a refresh adds one.
  const [chosen, setChosen] = useState<number | null>(null);
  const [tableShown, setTableShown] = useState(false);
  const selected = Math.max(0, Math.min(chosen ?? last, last));

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
        aria-label={label}
        aria-describedby={`${id}-legend ${id}-hint`}
        tabIndex={0}
        className={styles.chartFrame}
        onKeyDown={onKeyDown}
      >
        <Suspense fallback={<div className={styles.chartPlaceholder} />}>
          <ClicksChart
            points={points}
            step={step}
            timeZone={timeZone}
            selected={selected}
            onSelect={setChosen}
          />
        </Suspense>
      </div>
      <p className={styles.readout} aria-live="polite">
        {last >= 0 ? readout(selected) : null}
      </p>
      <ChartLegend id={`${id}-legend`} />
      <p className={styles.muted}>
        Invalid clicks are never billed: clicks from known bots, clicks that name no visitor (sent
        with neither a visitor id nor an address), a visitor&apos;s repeated clicks within a minute,
        clicks over the daily cap of one visitor or one address, and clicks reported while no
        campaign placed the profile, reported too late or dated in the future.
      </p>
      <p id={`${id}-hint`} className={styles.muted}>
        Tap a bar, or focus the chart and use the arrow keys, to read its values.
      </p>
      <figcaption className={styles.muted}>{summary}</figcaption>
      <Button
        variant="secondary"
        className={styles.tableToggle}
        aria-expanded={tableShown}
        aria-controls={tableShown ? `${id}-table` : undefined}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {tableShown ? 'Hide table' : 'Show table'}
      </Button>
      {tableShown ? <ValuesTable table={table} id={`${id}-table`} /> : null}
    </figure>
  );
}
