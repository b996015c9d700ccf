import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo, type ReactNode } from 'react';
import { errorMessage } from '@/lib/error-message';
import type { DayFigures, HourFigures, ResolvedRange } from '@/shared/contract/stats';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/card';
import { ClicksFigure } from './clicks-figure';
import {
  dayRows,
  daysSummary,
  daysTable,
  dayText,
  hasNoClicks,
  hourRows,
  invalidTotal,
} from './day-figures';
import { RangePicker, shortDay, ZoneNote } from './range-picker';
import { UpdatedAt } from './updated-at';
import * as styles from './range-view.css';

/**
 * Issue 19: the parts the dashboard's Performance section and the tracker's range card share: the
 * range's figures as tiles, its days as a chart with text, and the loading and error states.
 */

export function RangeTiles({
  tiles,
  stale,
}: {
  /** `change`: against the range before (issue 35 point 7), under the value. */
  tiles: readonly { label: string; value: string; change?: string | undefined }[];
  /** The previous range's figures, shown while the chosen one loads. */
  stale: boolean;
}) {
  return (
    <dl className={`${styles.tiles} ${stale ? styles.stale : ''}`} aria-busy={stale}>
      {tiles.map(({ label, value, change }) => (
        <div key={label} className={styles.tile}>
          <dt className={styles.tileLabel}>{label}</dt>
          <dd className={styles.tileValue}>{value}</dd>
          {change ? <dd className={styles.tileChange}>{change}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/**
 * The range's days (a one-day range's hours, in the time zone: issue 35) as a chart with its summary
 * and table, or a note that no click came in it.
 */
export function DaysFigure({
  days,
  hours,
  timeZone,
}: {
  days: readonly DayFigures[];
  hours: readonly HourFigures[];
  timeZone: string;
}) {
  const rows = useMemo(
    () => (hours.length > 0 ? hourRows(hours, timeZone) : dayRows(days)),
    [days, hours, timeZone],
  );
  const points = useMemo(
    () =>
      rows.map((row) => ({
        start: row.start,
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
  const hourly = hours.length > 0;
  return (
    <ClicksFigure
      label={`Clicks and spend per ${hourly ? 'hour' : 'day'}`}
      points={points}
      step={hourly ? 3600 : 86_400}
      // Days come as dates placed at UTC midnight (labelled as themselves); hours as instants.
      timeZone={hourly ? timeZone : 'Etc/UTC'}
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

/**
 * A card of a range's figures: its title beside the range picker, the time zone's note, then the
 * figures (after the range's first and last day), or while they load, or why they could not.
 * `footer` follows whatever the state (the tracker's export).
 */
export function RangeSection<T extends { range: ResolvedRange }>({
  title,
  query,
  errorFallback,
  padding = 'lg',
  children,
  footer,
}: {
  title: string;
  query: UseQueryResult<T>;
  /** Said when the server gave no message of its own. */
  errorFallback: string;
  padding?: 'lg' | 'xl';
  /** The figures of the answer; `stale` while the next range's answer loads. */
  children: (data: T, stale: boolean) => ReactNode;
  footer?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles.section[padding]} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <RangePicker shown={query.data?.range} />
      </div>
      <ZoneNote range={query.data?.range} />
      {query.isError ? (
        <RangeError
          error={query.error}
          fallback={errorFallback}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        <RangeBody>
          <p className={styles.muted}>
            {shortDay(query.data.range.from)} – {shortDay(query.data.range.to)}
          </p>
          <UpdatedAt at={query.dataUpdatedAt} className={styles.muted} />
          {children(query.data, query.isPlaceholderData)}
        </RangeBody>
      ) : (
        <RangeSkeleton
          label="Loading spend and clicks..."
          offline={query.fetchStatus === 'paused'}
        />
      )}
      {footer}
    </section>
  );
}
