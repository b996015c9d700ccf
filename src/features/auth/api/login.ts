import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '../../../shared/contract/auth';
import { UserResponse } from '../../../shared/contract/user';
import { apiPost } from '../../../lib/api';
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
    onSuccess: (user) => setAuthUser(queryClient, user),
  });
}
