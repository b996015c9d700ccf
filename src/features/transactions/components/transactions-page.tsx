import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { formatMoney } from '@/lib/format';
import { usePublicConfig } from '@/lib/public-config';
import { browserTimeZone } from '@/lib/time-zone';
import type { ListedTransaction, TransactionsFilter } from '@/shared/contract/deposits';
import { ErrorBox } from '@/ui/alert';
import { Button, buttonClass } from '@/ui/button';
import { EmptyState, PageHeader } from '@/ui/card';
import { Icon } from '@/ui/icons';
import { useFeedback } from '@/ui/feedback';
import { FeedbackBox } from '@/ui/feedback-box';
import { Spinner } from '@/ui/spinner';
import { useAuthUser } from '@/entities/session/api/check-auth';
import { useTransactions } from '@/entities/deposit/api/get-transactions';
import { pageCount, pageSlice, VISIBLE_PAGE_BUTTONS } from '../paging';
import { Pager } from '@/ui/pager';
import { ExportCsvButton, type CsvBuild } from '@/ui/export-csv-button';
import { TransactionRow } from './transaction-row';
import * as styles from './transactions.css';

const FILTERS: readonly { value: TransactionsFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  // Spec §4: pending reads "incomplete", in the rows and in their filter alike (issue 17).
  { value: 'pending', label: 'Incomplete' },
  { value: 'failed', label: 'Failed' },
];

const COLUMNS = ['Status', 'Amount', 'Coin', 'Coin amount', 'Hash', 'From', 'To', 'Created'];

/**
 * Every row of the current filter (all pages), as transactions-YYYY-MM-DD.csv, its dates in the
 * browser's time zone as the rows show them.
 */
function exportFile(list: readonly ListedTransaction[]): CsvBuild | undefined {
  if (list.length === 0) return undefined;
  return async (unparseCsv) => {
    const { csvFileName, transactionsCsv } = await import('../csv');
    return {
      text: transactionsCsv(list, unparseCsv, browserTimeZone()),
      fileName: csvFileName(new Date()),
    };
  };
}

/** /transactions (spec §2 Transaction history). */
export function TransactionsPage() {
  const [action, setAction] = useState<TransactionsFilter>('all');
  const [page, setPage] = useState(1);
  const transactions = useTransactions(action);
  const explorerTx = usePublicConfig().data?.links.explorerTx;
  const balance = useAuthUser()?.crypto_balance ?? 0;
  const list = transactions.data ?? [];
  const count = pageCount(list.length);
  // Says what the action that ended here did: a verified deposit (issue 13).
  const { feedback, dismiss } = useFeedback();
  const shownPage = Math.min(page, count);

  function choose(next: TransactionsFilter) {
    setAction(next);
    setPage(1);
  }

  return (
    <>
      <PageHeader
        title="Transactions"
        subtitle="Your crypto deposits and their status"
        updating={transactions.isRefetching}
        actions={
          <div className={styles.headerActions}>
            <div className={styles.balanceChip} role="group" aria-label="Balance">
              <span className={styles.balanceLabel}>Balance</span>
              <span className={styles.balanceValue}>{formatMoney(balance)}</span>
            </div>
            <Link to="/statement" className={buttonClass('secondary')}>
              <Icon name="history" /> Statement
            </Link>
            <Link to="/topup-balance" className={buttonClass('primary')}>
              <Icon name="wallet" /> Top Up Balance
            </Link>
          </div>
        }
      />
      <FeedbackBox feedback={feedback} onDismiss={dismiss} />
      <section className={styles.panel} aria-label="Transaction history">
        <div className={styles.toolbar}>
          <div className={styles.filters} role="group" aria-label="Filter by status">
            {FILTERS.map((filter) => (
              <button
                key={filter.value}
                type="button"
                className={styles.filterButton}
                aria-pressed={filter.value === action}
                onClick={() => choose(filter.value)}
              >
                {filter.label}
              </button>
            ))}
          </div>
          <ExportCsvButton what="the transactions" build={exportFile(list)} />
        </div>
        {transactions.isPending ? (
          <Spinner label="Loading transactions..." />
        ) : transactions.isError ? (
          <div className={styles.errorPanel}>
            <ErrorBox>
              {errorMessage(
                transactions.error,
                'Failed to fetch transactions',
                'Failed to fetch transactions. Please try again.',
              )}
            </ErrorBox>
            <Button
              variant="secondary"
              onClick={() => void transactions.refetch()}
              disabled={transactions.isFetching}
            >
              Try Again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <EmptyState
            icon="₿"
            title={action === 'all' ? 'No transactions yet' : 'No transactions found'}
          >
            <p>Your deposits show here once you top up your balance.</p>
          </EmptyState>
        ) : (
          <>
            <div className={styles.headerRow} aria-hidden="true">
              {COLUMNS.map((column) => (
                <span key={column}>{column}</span>
              ))}
            </div>
            <ul className={styles.rows} aria-label="Transactions">
              {pageSlice(list, shownPage).map((transaction) => (
                <TransactionRow
                  key={transaction.id}
                  transaction={transaction}
                  explorerTx={explorerTx}
                />
              ))}
            </ul>
            <div className={styles.footer}>
              <span className={styles.count}>
                {list.length} {list.length === 1 ? 'transaction' : 'transactions'}
              </span>
              <Pager
                page={shownPage}
                pageCount={count}
                onChange={setPage}
                maxButtons={VISIBLE_PAGE_BUTTONS}
              />
            </div>
          </>
        )}
      </section>
    </>
  );
}
