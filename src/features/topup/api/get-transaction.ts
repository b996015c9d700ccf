import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getTransaction, type TransactionDetail } from '../../../shared/contract/deposits';

/** Issue: a deposit's page follows the watcher while the deposit is open. */
const POLL_MS = 3_000;

/** Under the transactions key: a change that refreshes the history refreshes the deposit too. */
export const depositQueryKey = (id: number) => ['transactions', 'detail', id] as const;

/** POST /api/get-transaction: one of the caller's deposits with its payments. */
export async function getDeposit(id: number): Promise<TransactionDetail> {
  return (await callApi(getTransaction, { transaction_id: id })).data;
}

export const depositQueryOptions = (id: number) =>
  queryOptions({
    queryKey: depositQueryKey(id),
    queryFn: () => getDeposit(id),
    // Polled until it is confirmed or failed; asked again when the advertiser comes back to the tab
    // (from a wallet app on a phone, say).
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useDeposit(id: number, enabled = true) {
  return useQuery({ ...depositQueryOptions(id), enabled });
}
