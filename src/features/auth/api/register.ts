import { useQueryClient } from '@tanstack/react-query';
import { register as registerCall } from '@/shared/contract/auth';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { clearOfflineData } from '@/lib/offline-cache';
import { setAuthUser } from '@/entities/session/api/check-auth';
import { signIn } from '@/entities/session/api/session-to-end';

/** POST /api/auth/register: creates the account and signs it in; the answer carries its message. */
export async function register(body: BodyInput<typeof registerCall>) {
  return signIn(() => callApi(registerCall, body));
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useWriteMutation(registerCall, {
    mutationFn: register,
    // Design §4: nothing of a previous user stays readable after another signs in.
    onSuccess: async ({ user }) => {
      await clearOfflineData(queryClient);
      setAuthUser(queryClient, user);
    },
  });
}
