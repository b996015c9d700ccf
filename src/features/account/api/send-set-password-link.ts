import { useQueryClient } from '@tanstack/react-query';
import { sendSetPasswordLink as sendSetPasswordLinkCall } from '@/shared/contract/profile';
import { ApiError, callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { accountSecurityQueryOptions } from './get-account-security';

/** POST /api/account/set-password-link (signed in, no password yet). */
export async function sendSetPasswordLink() {
  return callApi(sendSetPasswordLinkCall);
}

/** A refusal (a password was set meanwhile) asks again: the change-password form shows instead. */
export function useSendSetPasswordLink() {
  const queryClient = useQueryClient();
  return useWriteMutation(sendSetPasswordLinkCall, {
    mutationFn: sendSetPasswordLink,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400)
        void queryClient.invalidateQueries({ queryKey: accountSecurityQueryOptions.queryKey });
    },
  });
}
