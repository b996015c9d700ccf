import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { logout as logoutCall } from '../../../shared/contract/user';
import { callApi } from '../../../lib/api';
import { clearOfflineData } from '../../../lib/offline-cache';

/** POST /api/auth/logout (empty body). */
export async function logout() {
  return callApi(logoutCall);
}

/** Logs out, forgets every cached answer (persisted and the worker's too, design §4) and goes to `/`. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      queryClient.clear();
      await clearOfflineData(queryClient);
      await navigate({ to: '/', replace: true });
    },
  });
}
