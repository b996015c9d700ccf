import type { CreditNotes, RangeTotals } from '@/shared/contract/stats';
import { formatMoney } from '@/shared/money';
import { count } from './day-figures';
import * as styles from './range-view.css';

const clicks = (value: number, what = 'click') =>
  `${count(value)} ${value === 1 ? what : `${what}s`}`;
const day = (at: string, timeZone: string) =>
  new Date(at).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });

/**
 * Issue 35 point 4: credits are shown where spend is. Beside the range's gross figures: what was
 * credited back for billed clicks found invalid later, the spend and billed clicks net of it, and
 * each credit with its reason: the day it was given (in the zone), and what of it is for clicks in
 * the range (a credit may cover clicks of other days too).
 */
export function CreditsNote({
  totals,
  notes,
  timeZone,
}: {
  totals: RangeTotals;
  notes: CreditNotes;
  timeZone: string;
}) {
  if (totals.credited_clicks === 0) {
    return <p className={styles.muted}>No credits for invalid clicks in this range.</p>;
  }
  return (
    <div className={styles.credits}>
      <p className={styles.creditsTotal}>
        Credits: {formatMoney(totals.credits)} for {clicks(totals.credited_clicks)} found invalid
        after billing. Net spend {formatMoney(totals.net_spend)};{' '}
        {clicks(totals.clicks - totals.credited_clicks, 'billed click')} net of credited ones.
      </p>
      <ul className={styles.creditList} aria-label="Credits">
        {notes.map((note, index) => (
          // In the server's order (newest first), which a refresh keeps.
          <li key={index}>
            Credited on {day(note.at, timeZone)}: {formatMoney(note.amount)} for{' '}
            {clicks(note.clicks)} on {note.profile} in this range. Reason: {note.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
