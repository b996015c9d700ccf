import { useQueryClient } from '@tanstack/react-query';
import { resendVerification as resendVerificationCall } from '@/shared/contract/verification';
import { ApiError, callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { authQueryKey } from '@/entities/session/api/check-auth';
import { userDetailsQueryOptions } from './get-user-details';

/** POST /api/account/resend-verification (signed in, unverified). */
export async function resendVerification() {
  return callApi(resendVerificationCall);
}

/** A refusal (verified meanwhile, in another tab) asks for the account again: the banner goes. */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useWriteMutation(resendVerificationCall, {
    mutationFn: resendVerification,
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 400)) return;
      void queryClient.invalidateQueries({ queryKey: authQueryKey });
      void queryClient.invalidateQueries({ queryKey: userDetailsQueryOptions.queryKey });
    },
  });
}
