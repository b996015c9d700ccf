import { formatMoney } from '@/lib/format';
import type { StatementRow } from '@/shared/contract/statement';
import { concernsText, kindText, rowTime, signedMoney } from '../describe';
import * as styles from './statement.css';

/** The rows of a statement, oldest first: what, when, the amount and the balance after it. */
export function StatementRows({
  rows,
  timeZone,
}: {
  rows: readonly StatementRow[];
  timeZone: string;
}) {
  return (
    <ul className={styles.rows} aria-label="Statement rows">
      {rows.map((row) => {
        const concerns = concernsText(row.concerns);
        return (
          <li key={row.id} className={styles.row}>
            <div>
              <div className={styles.kind}>{kindText(row)}</div>
              {concerns ? <div className={styles.concerns}>{concerns}</div> : null}
              <time className={styles.time} dateTime={row.at}>
                {rowTime(row.at, timeZone)}
              </time>
            </div>
            <div className={styles.amounts}>
              <span className={row.amount > 0 ? styles.credit : styles.debit}>
                {signedMoney(row.amount, formatMoney)}
              </span>
              <span className={styles.after}>Balance {formatMoney(row.balance_after)}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
