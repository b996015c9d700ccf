import { useQueryClient } from '@tanstack/react-query';
import { loginSecondFactor } from '@/shared/contract/two-factor';
import { callApi } from '@/lib/api';
import { useLockedMutation } from '@/lib/use-locked-mutation';
import { afterSignIn } from './login';
import { signIn } from '@/entities/session/api/session-to-end';

/** POST /api/auth/login-second-factor: the code that ends a two-factor sign-in (issue 16). */
export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useLockedMutation({
    mutationFn: (code: string) => signIn(() => callApi(loginSecondFactor, { code })),
    meta: { signsOutOn401: false },
    onSuccess: (answer) => afterSignIn(queryClient, answer),
  });
}
