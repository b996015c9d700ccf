import { useQueryClient } from '@tanstack/react-query';
import { updateUsername as updateUsernameCall } from '@/shared/contract/profile';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { showSavedUser } from './saved-user';

/** POST /api/account/username (signed in). */
export async function updateUsername(username: string) {
  return callApi(updateUsernameCall, { username });
}

export function useUpdateUsername() {
  const queryClient = useQueryClient();
  return useWriteMutation(updateUsernameCall, {
    mutationFn: updateUsername,
    onSuccess: ({ user }) => showSavedUser(queryClient, user),
  });
}
