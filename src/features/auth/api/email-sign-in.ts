import { useQueryClient } from '@tanstack/react-query';
import { emailSignIn, requestEmailSignIn } from '@/shared/contract/email-sign-in';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { afterSignIn } from './login';
import { signIn } from '@/entities/session/api/session-to-end';

/**
 * POST /api/auth/email-sign-in {email} (issue 32): a one-time sign-in link mailed to the account,
 * answered alike whether it exists.
 */
export function useRequestEmailSignIn() {
  return useWriteMutation(requestEmailSignIn, {
    mutationFn: (email: string) => callApi(requestEmailSignIn, { email }),
  });
}

/** POST /api/auth/email-sign-in/confirm {token}: the link's page signs in with it. */
export function useEmailSignIn() {
  const queryClient = useQueryClient();
  return useWriteMutation(emailSignIn, {
    mutationFn: (token: string) => signIn(() => callApi(emailSignIn, { token })),
    meta: { signsOutOn401: false },
    onSuccess: (answer) => afterSignIn(queryClient, answer),
  });
}
