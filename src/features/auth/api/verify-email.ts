import { queryOptions } from '@tanstack/react-query';
import { verifyEmail as verifyEmailCall } from '@/shared/contract/auth';
import { callApi } from '@/lib/api';
import { useWriteInFlight } from '@/lib/use-write-mutation';

/** POST /api/auth/verify-email {code}. */
export async function verifyEmail(code: string) {
  return callApi(verifyEmailCall, { code });
}

/**
 * Verification runs once per code each time its page opens; a query (not a mutation) so that a
 * re-render or StrictMode's double effect never sends it twice. Sent again when the page opens again
 * (issue 17): the answer of an earlier visit, restored from the persisted cache, would say "verified"
 * where the account now answers that it was verified already.
 */
export const verifyEmailQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['verify-email', code],
    queryFn: () => verifyEmail(code),
    retry: false,
    staleTime: Infinity,
    refetchOnMount: 'always',
  });

/** The verification sent, while its answer is awaited (issue 14). */
export function useVerifyEmailInFlight() {
  return useWriteInFlight(verifyEmailCall);
}
