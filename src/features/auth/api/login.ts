import { useMutation, useQueryClient } from '@tanstack/react-query';
import { login as loginCall } from '../../../shared/contract/login';
import type { BodyInput } from '../../../shared/contract/endpoint';
import { callApi } from '../../../lib/api';
import { clearOfflineData } from '../../../lib/offline-cache';
import { setAuthUser } from './check-auth';
import { signIn } from './session-to-end';

/** POST /api/auth/login. */
export async function login(body: BodyInput<typeof loginCall>) {
  return (await signIn(() => callApi(loginCall, body))).user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { signsOutOn401: false },
    // Design §4: nothing of a previous user stays readable after another signs in.
    onSuccess: async (user) => {
      await clearOfflineData(queryClient);
      setAuthUser(queryClient, user);
    },
  });
}
