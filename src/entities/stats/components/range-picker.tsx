import { useId, useRef, useState, type FormEvent } from 'react';
import {
  customRangeProblem,
  FUTURE_DAY_MESSAGE,
  type ResolvedRange,
} from '@/shared/contract/stats';
import { dayOf, resolveRange, type StatRange } from '@/shared/stats-range';
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

/** What a custom range's days fail, in the server's words, and which of the two fields it concerns. */
export interface CustomRangeError {
  message: string;
  from: boolean;
  to: boolean;
}

export function customRangeError(
  from: string,
  to: string,
  timeZone: string,
  now = Date.now(),
): CustomRangeError | undefined {
  const body = { range: 'custom', from: from || undefined, to: to || undefined };
  const message = customRangeProblem({ ...body, time_zone: timeZone }, now);
  if (!message) return undefined;
  if (!from || !to) return { message, from: !from, to: !to };
  if (message === FUTURE_DAY_MESSAGE) {
    const today = dayOf(timeZone, now);
    return { message, from: from > today, to: true };
  }
  return { message, from: true, to: true };
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
 * days of the advertiser's choosing. One choice for all screens (range-store.ts). A custom range
 * opens holding the days shown (`shown`, the answer's, else the chosen range's) and takes no day
 * after today (issue 35).
 */
export function RangePicker({
  className,
  shown,
}: {
  className?: string;
  shown?: Pick<ResolvedRange, 'from' | 'to'> | undefined;
}) {
  const chosen = useChosenRange();
  const [custom, setCustom] = useState(chosen.range === 'custom');
  const [from, setFrom] = useState(chosen.from ?? '');
  const [to, setTo] = useState(chosen.to ?? '');
  const [error, setError] = useState<CustomRangeError>();
  const id = useId();
  const errorId = `${id}-error`;
  const form = useRef<HTMLFormElement>(null);
  const showInvalid = useShowFirstInvalid(form);
  const today = dayOf(chosen.time_zone, Date.now());

  function choose(value: StatRange) {
    if (value === 'custom') {
      const days = shown ?? resolveRange(chosen, Date.now());
      setFrom(days.from);
      setTo(days.to);
      setCustom(true);
      return;
    }
    setCustom(false);
    setError(undefined);
    chooseRange({ range: value });
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const problem = customRangeError(from, to, chosen.time_zone);
    setError(problem);
    if (problem) return showInvalid();
    chooseRange({ range: 'custom', from, to });
  }

  const dayField = (name: 'from' | 'to', label: string, value: string, set: typeof setFrom) => (
    <div className={styles.dayField}>
      <label htmlFor={`${id}-${name}`} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type="date"
        className={fieldStyles.input}
        value={value}
        max={today}
        onChange={(event) => set(event.target.value)}
        aria-invalid={error?.[name] ? true : undefined}
        aria-describedby={error?.[name] ? errorId : undefined}
      />
    </div>
  );

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
          {dayField('from', 'From', from, setFrom)}
          {dayField('to', 'To', to, setTo)}
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          {error ? (
            <p id={errorId} className={styles.error} role="alert">
              {error.message}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
