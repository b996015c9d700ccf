import { Link } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/error-message';
import { DEPOSIT_MESSAGES, type TransactionDetail } from '@/shared/contract/deposits';
import { Button, buttonClass } from '@/ui/button';
import { Card, EmptyState, PageHeader } from '@/ui/card';
import { Spinner } from '@/ui/spinner';

/** The server does not know the deposit, or it is someone else's (404 "Transaction not found"). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** An unknown deposit, someone else's, or a path below /topup-balance that names none. */
export function DepositNotFound() {
  return (
    <>
      <PageHeader title="Top Up Balance" />
      <Card>
        <EmptyState icon="?" title={DEPOSIT_MESSAGES.notFound}>
          <p>It may have been deleted, or it belongs to another account.</p>
          <Link to="/topup-balance" className={buttonClass('secondary')}>
            Back to Top Up Balance
          </Link>
        </EmptyState>
      </Card>
    </>
  );
}

/** A deposit not known yet here: loading, or failed to load with Try Again. */
export function DepositUnavailable({
  deposit,
  title,
}: {
  deposit: UseQueryResult<TransactionDetail>;
  title: string;
}) {
  if (deposit.isPending && deposit.fetchStatus === 'fetching') {
    return <Spinner label="Loading deposit..." />;
  }
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState icon="!" title="Could not load the deposit">
          <p>{errorMessage(deposit.error, 'Failed to fetch transaction. Please try again.')}</p>
          <Button onClick={() => void deposit.refetch()} disabled={deposit.isFetching}>
            Try Again
          </Button>
        </EmptyState>
      </Card>
    </>
  );
}
