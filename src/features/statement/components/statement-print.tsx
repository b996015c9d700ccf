import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/error-message';
import { formatMoney } from '@/lib/format';
import { ErrorBox } from '@/ui/alert';
import { Button, buttonClass } from '@/ui/button';
import { EmptyState, PageHeader } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { useAuthUser } from '@/entities/session/api/check-auth';
import { browserTimeZone } from '@/lib/time-zone';
import { localDayOf } from '@/shared/local-days';
import { campaignsQueryKey } from '@/entities/campaign/api/get-campaigns';
import { getWholeStatement } from '../api/get-statement';
import { concernsText, dayText, kindText, rowTime, signedMoney } from '../describe';
import { monthDays, monthText } from '../months';
import * as styles from './statement.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * /statement?month=<month>: the month's statement, or a note that the address names no month, or
 * one that has not begun in the browser's zone (nothing is asked of the server for either).
 */
export function StatementMonth({ month }: { month: string }) {
  const named = MONTH.test(month);
  const future = named && month > localDayOf(browserTimeZone(), Date.now()).slice(0, 7);
  if (named && !future) return <StatementPrint month={month} />;
  return (
    <>
      <PageHeader title="Statement" />
      <EmptyState title="No such month">
        <p>
          {future
            ? `${monthText(month)} has not begun yet: its statement comes with it.`
            : "A monthly statement's address names its month, like /statement?month=2026-03."}{' '}
          <Link to="/statement">Back to the statement</Link>
        </p>
      </EmptyState>
    </>
  );
}

/**
 * The statement of one month as a document (issue 35): the advertiser, the period, the opening
 * balance, every row and the closing balance; printed (or saved as PDF) it is that page alone.
 */
function StatementPrint({ month }: { month: string }) {
  const user = useAuthUser();
  const timeZone = browserTimeZone();
  const days = monthDays(month, timeZone);
  const range = { range: 'custom' as const, ...days, time_zone: timeZone };
  const statement = useQuery({
    queryKey: [...campaignsQueryKey, 'statement', 'month', month, timeZone],
    queryFn: () => getWholeStatement(range),
  });
  const title = `Statement for ${monthText(month)}`;
  const data = statement.data;

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Print it or save it as a PDF for your records"
        actions={
          <div className={styles.noPrint}>
            <Link to="/statement" className={buttonClass('secondary')}>
              Back to the statement
            </Link>{' '}
            <Button onClick={() => window.print()} disabled={!data}>
              Print
            </Button>
          </div>
        }
      />
      {statement.isPending ? (
        <Spinner label="Loading the statement..." />
      ) : !data ? (
        <ErrorBox>{errorMessage(statement.error, 'Could not load the statement.')}</ErrorBox>
      ) : (
        <article className={styles.document} data-statement aria-label={title}>
          <div className={styles.documentHeader}>
            <div>
              <h2 className={styles.documentTitle}>PromoClicks account statement</h2>
              <p className={styles.muted}>
                {dayText(data.range.from)} to {dayText(data.range.to)} ({data.range.time_zone})
              </p>
            </div>
            <dl className={styles.facts}>
              <dt className={styles.muted}>Account</dt>
              <dd>{user ? `${user.username}, ${user.email}` : ''}</dd>
            </dl>
          </div>
          <table className={styles.table}>
            <caption className={styles.muted}>
              Opening balance {formatMoney(data.opening_balance)}, closing balance{' '}
              {formatMoney(data.closing_balance)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col">Amount</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{dayText(data.range.from)}</td>
                <td>Opening balance</td>
                <td />
                <td>{formatMoney(data.opening_balance)}</td>
              </tr>
              {data.rows.map((row) => (
                <tr key={row.id}>
                  <td>{rowTime(row.at, data.range.time_zone)}</td>
                  <td>
                    {kindText(row)}
                    {row.concerns.campaign || row.concerns.deposit || row.concerns.note
                      ? ` · ${concernsText(row.concerns)}`
                      : ''}
                  </td>
                  <td>{signedMoney(row.amount, formatMoney)}</td>
                  <td>{formatMoney(row.balance_after)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>{dayText(data.range.to)}</td>
                <td>
                  Closing balance (in {formatMoney(data.totals.money_in)}, out{' '}
                  {formatMoney(Math.abs(data.totals.money_out))})
                </td>
                <td>{signedMoney(data.totals.money_in + data.totals.money_out, formatMoney)}</td>
                <td>{formatMoney(data.closing_balance)}</td>
              </tr>
            </tfoot>
          </table>
        </article>
      )}
    </>
  );
}
