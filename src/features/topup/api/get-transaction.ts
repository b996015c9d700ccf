import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api';
import { getTransaction, type TransactionDetail } from '../../../shared/contract/deposits';

/** Issue: a deposit's page follows the watcher while the deposit is open. */
const POLL_MS = 3_000;

/** Under the transactions key: a change that refreshes the history refreshes the deposit too. */
export const depositQueryKey = (id: number) => ['transactions', 'detail', id] as const;

/** POST /api/get-transaction: one of the caller's deposits with its payments. */
export async function getDeposit(id: number): Promise<TransactionDetail> {
  return (await callApi(getTransaction, { transaction_id: id })).data;
}

const refused = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export const depositQueryOptions = (id: number) =>
  queryOptions({
    queryKey: depositQueryKey(id),
    queryFn: () => getDeposit(id),
    // Polled until it is confirmed or failed, and not once the server refused it (4xx: a deposit
    // deleted on another device would be asked for every 3 s, its last copy still pending); a lost
    // connection or a server error is asked again. Asked again too when the advertiser comes back to
    // the tab (from a wallet app on a phone, say) or online.
    refetchInterval: (query) =>
      refused(query.state.error) || query.state.data?.status !== 'pending' ? false : POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useDeposit(id: number, enabled = true) {
  return useQuery({ ...depositQueryOptions(id), enabled });
}
