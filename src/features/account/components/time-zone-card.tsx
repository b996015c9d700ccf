import { useId, useState, type FormEvent } from 'react';
import type { AccountTimeZone } from '@/shared/contract/account-time-zone';
import { formatOffset, zoneOffsetMinutes } from '@/shared/stats-range';
import { errorMessage } from '@/lib/error-message';
import { browserTimeZone } from '@/lib/time-zone';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import * as fieldStyles from '@/ui/field.css';
import { Spinner } from '@/ui/spinner';
import { WriteStatus } from '@/ui/write-status';
import { useAccountTimeZone, useSetAccountTimeZone } from '../api/time-zone';
import { LiveMessage, type Message } from './form-parts';
import * as styles from './account.css';

/** Every zone the browser knows, the current ones first when the list lacks them (old browsers). */
function zoneNames(...known: string[]): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...all, ...known])].sort();
}

/** `Asia/Kolkata (UTC+05:30)`, by the offset it has at `at`. */
export function zoneLabel(zone: string, at = Date.now()): string {
  return `${zone} (UTC${formatOffset(zoneOffsetMinutes(zone, at))})`;
}

/** `Dec 8, 2026, 12:00 AM` on the clock of `zone`. */
function wallTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: zone,
  }).format(new Date(iso));
}

function TimeZoneForm({ zone }: { zone: AccountTimeZone }) {
  const save = useSetAccountTimeZone();
  const browser = browserTimeZone();
  const [value, setValue] = useState(zone.next?.time_zone ?? zone.time_zone);
  const [message, setMessage] = useState<Message>(null);
  const selectId = useId();
  const hintId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.busy) return;
    setMessage(null);
    save.mutate(value, {
      onSuccess: ({ message: text }) => setMessage({ kind: 'success', text }),
      onError: (error) =>
        setMessage({ kind: 'error', text: errorMessage(error, 'Failed to save the time zone') }),
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <dl className={styles.details}>
        <div className={styles.detailRow}>
          <dt className={styles.term}>Your days follow</dt>
          <dd className={styles.definition}>{zoneLabel(zone.time_zone)}</dd>
        </div>
        {zone.next ? (
          <div className={styles.detailRow}>
            <dt className={styles.term}>From {wallTime(zone.next.from, zone.time_zone)}</dt>
            <dd className={styles.definition}>{zoneLabel(zone.next.time_zone)}</dd>
          </div>
        ) : null}
      </dl>
      <p id={hintId} className={fieldStyles.hint}>
        Daily budgets and end dates count days midnight to midnight in this zone. A change takes
        effect at the next midnight.
        {browser !== zone.time_zone ? ` This device is set to ${browser}.` : ''}
      </p>
      <div className={fieldStyles.field}>
        <label htmlFor={selectId} className={fieldStyles.label}>
          Time zone
        </label>
        <select
          id={selectId}
          className={fieldStyles.input}
          value={value}
          aria-describedby={hintId}
          onChange={(event) => setValue(event.target.value)}
        >
          {zoneNames(zone.time_zone, browser, value).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <LiveMessage message={message} />
      <WriteStatus write={save.inFlight} />
      <div className={styles.actions}>
        <Button type="submit" disabled={save.busy}>
          {save.busy ? 'Saving...' : 'Save Time Zone'}
        </Button>
        {browser !== value ? (
          <Button variant="secondary" onClick={() => setValue(browser)} disabled={save.busy}>
            Use This Device&apos;s Zone
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** /account: the zone the account's days follow (issue 36 point 1). */
export function TimeZoneCard() {
  const zone = useAccountTimeZone();
  return (
    <Card title="Time Zone">
      {zone.data ? (
        <TimeZoneForm zone={zone.data} />
      ) : zone.isError ? (
        <div className={styles.form}>
          <p>{errorMessage(zone.error, 'Failed to load the time zone')}</p>
          <Button
            variant="secondary"
            onClick={() => void zone.refetch()}
            disabled={zone.isFetching}
          >
            Try Again
          </Button>
        </div>
      ) : (
        <Spinner label="Loading time zone..." />
      )}
    </Card>
  );
}
