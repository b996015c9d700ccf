import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '../../../shared/contract/auth';
import { UserResponse } from '../../../shared/contract/user';
import { apiPost } from '../../../lib/api';
import { clearOfflineData } from '../../../lib/offline-cache';
import { setAuthUser } from './check-auth';

/** POST /api/auth/login. */
export async function login(body: LoginBody) {
  return (await apiPost('auth/login', body, UserResponse)).user;
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
