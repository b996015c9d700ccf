import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api';
import { getTransaction, type TransactionDetail } from '@/shared/contract/deposits';

/** Issue: a deposit's page follows the watcher while the deposit is open. */
const POLL_MS = 3_000;

/** Under the transactions key: a change that refreshes the history refreshes the deposit too. */
export const depositQueryKey = (id: number) => ['transactions', 'detail', id] as const;

/** POST /api/get-transaction: one of the caller's deposits with its payments. */
export async function getDeposit(id: number): Promise<TransactionDetail> {
  return (await callApi(getTransaction, { transaction_id: id })).data;
}

/**
 * How long after its window a request closed by the server is still followed: a payment sent at the
 * last moment is credited to it late (design §2, issue 31), and a late part may complete one that
 * ended underpaid (issue 33 point 5); its page shows it.
 */
const FOLLOW_EXPIRED_MS = 3600_000;

const refused = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** Whether a deposit may still change: open, or a request closed within the last hour (server's clock). */
function mayStillChange(deposit: TransactionDetail | undefined): boolean {
  if (!deposit) return false;
  if (deposit.status === 'pending') return true;
  return (
    deposit.status === 'failed' &&
    deposit.origin === 'request' &&
    deposit.expiresAt !== null &&
    Date.parse(deposit.serverTime) - Date.parse(deposit.expiresAt) < FOLLOW_EXPIRED_MS
  );
}

export const depositQueryOptions = (id: number) =>
  queryOptions({
    queryKey: depositQueryKey(id),
    queryFn: () => getDeposit(id),
    // Polled while it may still change, and not once the server refused it (4xx: a deposit deleted
    // on another device would be asked for every 3 s, its last copy still pending); a lost connection
    // or a server error is asked again. Asked again too when the advertiser comes back to the tab
    // (from a wallet app on a phone, say) or online.
    refetchInterval: (query) =>
      refused(query.state.error) || !mayStillChange(query.state.data) ? false : POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** `following` false: no longer asked for (Start Over is deleting it: asked, it would be a 404). */
export function useDeposit(id: number, following = true) {
  return useQuery({ ...depositQueryOptions(id), enabled: following });
}
