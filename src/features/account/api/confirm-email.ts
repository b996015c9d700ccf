import { queryOptions } from '@tanstack/react-query';
import { confirmEmail as confirmEmailCall } from '@/shared/contract/profile';
import { callApi } from '@/lib/api';
import { useWriteInFlight } from '@/lib/use-write-mutation';

/** POST /api/account/confirm-email {token}: the link of the change-email mail. */
export async function confirmEmail(token: string) {
  return callApi(confirmEmailCall, { token });
}

/**
 * Runs once per link on page load; a query (not a mutation), as the verification link's, so that a
 * re-render or StrictMode's double effect never sends it twice.
 */
export const confirmEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['confirm-email', token],
    queryFn: () => confirmEmail(token),
    retry: false,
    staleTime: Infinity,
  });

/** The confirmation sent, while its answer is awaited (issue 14). */
export function useConfirmEmailInFlight() {
  return useWriteInFlight(confirmEmailCall);
}
