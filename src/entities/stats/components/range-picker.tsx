import { useId, useRef, useState, type FormEvent } from 'react';
import { customRangeProblem, type ResolvedRange } from '@/shared/contract/stats';
import type { StatRange } from '@/shared/stats-range';
import { Button } from '@/ui/button';
import { SelectFilter } from '@/ui/select-filter';
import { useShowFirstInvalid } from '@/ui/show-first-invalid';
import * as fieldStyles from '@/ui/field.css';
import { chooseRange, useChosenRange } from '../range-store';
import * as styles from './range-picker.css';

const RANGE_OPTIONS: { value: StatRange; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'all', label: 'All time' },
  { value: 'custom', label: 'Custom range' },
];

/** The label of a chosen range, e.g. "Last 7 days" or "Nov 1, 2026 – Nov 20, 2026". */
export function rangeLabel(
  range: StatRange,
  resolved?: Pick<ResolvedRange, 'from' | 'to'>,
): string {
  if (range !== 'custom' || !resolved) {
    return RANGE_OPTIONS.find((option) => option.value === range)?.label ?? range;
  }
  return `${shortDay(resolved.from)} – ${shortDay(resolved.to)}`;
}

/** `2026-11-27` as "Nov 27, 2026" (the day as it is, no time zone shift). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What a custom range's days fail, in the server's words (src/shared/contract/stats.ts). */
export function customRangeError(from: string, to: string): string | undefined {
  return customRangeProblem({ range: 'custom', from: from || undefined, to: to || undefined });
}

/**
 * Says how days are counted when the zone's offset is not whole hours (the roll-ups are hourly).
 * Nothing otherwise.
 */
export function ZoneNote({ range }: { range: ResolvedRange | undefined }) {
  if (!range?.rounded) return null;
  return (
    <p className={styles.zoneNote}>
      Days are counted from midnight UTC{range.counted_offset}: your time zone ({range.time_zone},
      UTC{range.utc_offset}) is rounded to the nearest hour.
    </p>
  );
}

/**
 * The date range of every figure screen (issue 19): today, the last 7 or 30 days, all time, or two
 * days of the advertiser's choosing. One choice for all screens (range-store.ts).
 */
export function RangePicker({ className }: { className?: string }) {
  const chosen = useChosenRange();
  const [custom, setCustom] = useState(chosen.range === 'custom');
  const [from, setFrom] = useState(chosen.from ?? '');
  const [to, setTo] = useState(chosen.to ?? '');
  const [error, setError] = useState<string>();
  const id = useId();
  const errorId = `${id}-error`;
  const form = useRef<HTMLFormElement>(null);
  const showInvalid = useShowFirstInvalid(form);

  function choose(value: StatRange) {
    if (value === 'custom') {
      setCustom(true);
      return;
    }
    setCustom(false);
    setError(undefined);
    chooseRange({ range: value });
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const problem = customRangeError(from, to);
    setError(problem);
    if (problem) return showInvalid();
    chooseRange({ range: 'custom', from, to });
  }

  return (
    <div className={`${styles.picker} ${className ?? ''}`}>
      <SelectFilter
        label="Date range"
        value={custom ? 'custom' : chosen.range}
        options={RANGE_OPTIONS}
        onChange={choose}
      />
      {custom ? (
        <form
          ref={form}
          className={styles.customForm}
          onSubmit={apply}
          noValidate
          aria-label="Custom range"
        >
          <div className={styles.dayField}>
            <label htmlFor={`${id}-from`} className={fieldStyles.label}>
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className={fieldStyles.input}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          <div className={styles.dayField}>
            <label htmlFor={`${id}-to`} className={fieldStyles.label}>
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className={fieldStyles.input}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          {error ? (
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
