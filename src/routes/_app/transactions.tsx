import { createFileRoute } from '@tanstack/react-router';
import { transactionsQueryOptions } from '@/entities/deposit/api/get-transactions';
import { TransactionsPage } from '@/features/transactions/components/transactions-page';

export const Route = createFileRoute('/_app/transactions')({
  // Prefetch only: a failure shows the page's own error with Try Again.
  loader: ({ context }) => void context.queryClient.prefetchQuery(transactionsQueryOptions('all')),
  component: TransactionsPage,
});
