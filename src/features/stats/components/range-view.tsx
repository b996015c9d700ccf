import { useMemo, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api';
import type { DayFigures } from '../../../shared/contract/stats';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/card';
import { ClicksFigure } from './clicks-figure';
import {
  dayRows,
  daySeconds,
  daysSummary,
  daysTable,
  dayText,
  hasNoClicks,
  invalidTotal,
} from './day-figures';
import * as styles from './range-view.css';

/**
 * Issue 19: the parts the dashboard's Performance section and the tracker's range card share: the
 * range's figures as tiles, its days as a chart with text, and the loading and error states.
 */

export function RangeTiles({
  tiles,
  stale,
}: {
  tiles: readonly { label: string; value: string }[];
  /** The previous range's figures, shown while the chosen one loads. */
  stale: boolean;
}) {
  return (
    <dl className={`${styles.tiles} ${stale ? styles.stale : ''}`} aria-busy={stale}>
      {tiles.map(({ label, value }) => (
        <div key={label} className={styles.tile}>
          <dt className={styles.tileLabel}>{label}</dt>
          <dd className={styles.tileValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The range's days: a chart with its summary and table, or a note that no click came in it. */
export function DaysFigure({ days }: { days: readonly DayFigures[] }) {
  const rows = useMemo(() => dayRows(days), [days]);
  const points = useMemo(
    () =>
      rows.map((row) => ({
        start: daySeconds(row.date),
        clicks: row.clicks,
        invalid: invalidTotal(row.invalid),
        spend: row.spendCents / 100,
      })),
    [rows],
  );
  if (hasNoClicks(days)) {
    return (
      <EmptyState title="No clicks in this range">
        <p>Choose a longer range, or check again once your campaigns have had visitors.</p>
      </EmptyState>
    );
  }
  return (
    <ClicksFigure
      label="Clicks and spend per day"
      points={points}
      step={86_400}
      readout={(index) => dayText(rows[index]!)}
      summary={daysSummary(rows)}
      table={daysTable(rows)}
    />
  );
}

/**
 * While the first answer for the range loads: the tiles' and the chart's places. Offline, a range
 * never loaded before waits for the connection (the last answer of a loaded one is kept), and says so.
 */
export function RangeSkeleton({ label, offline }: { label: string; offline: boolean }) {
  if (offline) {
    return (
      <p className={styles.muted} role="status">
        You are offline: the figures of this range show once you are connected.
      </p>
    );
  }
  return (
    <div className={styles.body} role="status" aria-label={label}>
      <div className={styles.skeleton} />
      <div className={styles.chartSkeleton} />
    </div>
  );
}

/** The range's figures could not be loaded: why, and a Try Again. */
export function RangeError({
  error,
  fallback,
  retrying,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  retrying: boolean;
  onRetry(): void;
}) {
  return (
    <div className={styles.message} role="alert">
      <p className={styles.muted}>{errorMessage(error, fallback)}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        Try Again
      </Button>
    </div>
  );
}

export function RangeBody({ children }: { children: ReactNode }) {
  return <div className={styles.body}>{children}</div>;
}
