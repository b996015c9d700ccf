import { queryOptions } from '@tanstack/react-query';
import { checkResetLink as checkResetLinkCall } from '@/shared/contract/auth';
import { callApi } from '@/lib/api';

/** POST /api/auth/reset-password/check {resetPasswordToken}: 400 when the link would be refused. */
export async function checkResetLink(resetPasswordToken: string) {
  return callApi(checkResetLinkCall, { resetPasswordToken });
}

export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Infinity,
    // Asked each time the page opens: a link that worked then may be spent now.
    refetchOnMount: 'always',
    // The link's token leaves the (persisted) cache with the page.
    gcTime: 0,
    // Offline it fails at once, and the form shows, instead of a check paused until a connection.
    networkMode: 'always',
  });
