import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api';
import { getAllUserTransactions, type TransactionsFilter } from '@/shared/contract/deposits';

/** Every transactions query starts with this key, so a deposit change refreshes each filter. */
export const transactionsQueryKey = ['transactions'] as const;

/** POST /api/get-all-user-transactions: newest first, filtered on the server by status. */
export async function getTransactions(action: TransactionsFilter) {
  return (await callApi(getAllUserTransactions, { action })).data;
}

export const transactionsQueryOptions = (action: TransactionsFilter) =>
  queryOptions({
    queryKey: [...transactionsQueryKey, action],
    queryFn: () => getTransactions(action),
  });

export function useTransactions(action: TransactionsFilter) {
  return useQuery(transactionsQueryOptions(action));
}
