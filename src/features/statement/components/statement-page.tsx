import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { formatMoney } from '@/lib/format';
import { Button, buttonClass } from '@/ui/button';
import { EmptyState, PageHeader } from '@/ui/card';
import { ErrorBox } from '@/ui/alert';
import { ExportCsvButton, type CsvBuild } from '@/ui/export-csv-button';
import { SelectFilter } from '@/ui/select-filter';
import { Spinner } from '@/ui/spinner';
import { useChosenRange, type ChosenRange } from '@/entities/stats/range-store';
import { RangePicker } from '@/entities/stats/components/range-picker';
import { RangeTiles } from '@/entities/stats/components/range-view';
import { getWholeStatement, useStatement } from '../api/get-statement';
import { dayText, signedMoney } from '../describe';
import { monthText, recentMonths } from '../months';
import { StatementRows } from './statement-rows';
import * as styles from './statement.css';

/** Every row of the range (all pages), as statement-<from>-to-<to>.csv. */
function exportFile(range: ChosenRange, rows: number): CsvBuild | undefined {
  if (rows === 0) return undefined;
  return async (unparseCsv) => {
    const [{ statementCsv, statementFileName }, whole] = await Promise.all([
      import('../csv'),
      getWholeStatement(range),
    ]);
    return { text: statementCsv(whole, unparseCsv), fileName: statementFileName(whole) };
  };
}

/** The printable statement of a month: one page a month, for the records. */
function PrintableMonths({ timeZone }: { timeZone: string }) {
  const months = recentMonths(timeZone);
  const [month, setMonth] = useState(months[0]!);
  return (
    <section className={`${styles.panel} ${styles.months}`} aria-label="Monthly statements">
      <SelectFilter
        label="Monthly statement"
        value={month}
        options={months.map((value) => ({ value, label: monthText(value) }))}
        onChange={setMonth}
      />
      <Link to="/statement" search={{ month }} className={buttonClass('secondary')}>
        Open printable statement
      </Link>
    </section>
  );
}

/** /statement (issue 35): every change of the balance in a range, with the balance after each. */
export function StatementPage() {
  const range = useChosenRange();
  // Show more adds a page; another range starts again at one.
  const [shown, setShown] = useState({ range, pages: 1 });
  const pages = shown.range === range ? shown.pages : 1;
  const statement = useStatement(range, pages);
  const first = statement.data;
  const rows = first?.rows ?? [];
  const stale = statement.isPlaceholderData;

  return (
    <>
      <PageHeader
        title="Statement"
        subtitle="Every change of your balance, with the balance after it"
        updating={statement.isRefetching && !stale}
      />
      <div className={styles.section}>
        <section className={styles.panel} aria-label="Account statement">
          <div className={styles.toolbar}>
            <RangePicker />
            <ExportCsvButton
              what="the statement"
              build={first ? exportFile(range, first.totals.rows) : undefined}
            />
          </div>
          {statement.isPending ? (
            <Spinner label="Loading the statement..." />
          ) : statement.isError && !first ? (
            <div className={styles.errorPanel}>
              <ErrorBox>{errorMessage(statement.error, 'Could not load the statement.')}</ErrorBox>
              <Button
                variant="secondary"
                onClick={() => void statement.refetch()}
                disabled={statement.isFetching}
              >
                Try Again
              </Button>
            </div>
          ) : first ? (
            <>
              <div className={styles.toolbar}>
                <p className={styles.muted}>
                  {dayText(first.range.from)} to {dayText(first.range.to)}, times in{' '}
                  {first.range.time_zone}
                </p>
              </div>
              <div className={styles.tiles}>
                <RangeTiles
                  stale={stale}
                  tiles={[
                    { label: 'Opening balance', value: formatMoney(first.opening_balance) },
                    { label: 'Money in', value: signedMoney(first.totals.money_in, formatMoney) },
                    { label: 'Money out', value: signedMoney(first.totals.money_out, formatMoney) },
                    { label: 'Closing balance', value: formatMoney(first.closing_balance) },
                  ]}
                />
              </div>
              {rows.length === 0 ? (
                <EmptyState icon="≡" title="No changes in this range">
                  <p>Deposits, campaign payments and refunds show here.</p>
                </EmptyState>
              ) : (
                <StatementRows rows={rows} timeZone={first.range.time_zone} />
              )}
              <div className={styles.footer}>
                <span className={styles.muted}>
                  {rows.length} of {first.totals.rows} {first.totals.rows === 1 ? 'row' : 'rows'}
                </span>
                {first.next_cursor !== null ? (
                  <Button
                    variant="secondary"
                    // Not disabled while the page loads: the button keeps the keyboard's focus.
                    onClick={() => {
                      if (!stale) setShown({ range, pages: pages + 1 });
                    }}
                    aria-disabled={stale}
                  >
                    {stale ? 'Loading...' : 'Show more'}
                  </Button>
                ) : null}
              </div>
            </>
          ) : null}
        </section>
        <PrintableMonths timeZone={range.time_zone} />
      </div>
    </>
  );
}
