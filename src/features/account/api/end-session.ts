import { useQueryClient } from '@tanstack/react-query';
import { endSession as endSessionCall } from '@/shared/contract/sessions';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { sessionsQueryOptions } from './get-sessions';

/** POST /api/auth/end-session: signs out one of the caller's sessions by its public id. */
export async function endSession(id: string) {
  return callApi(endSessionCall, { id });
}

/** Refetches the list whatever the answer: a session not found was ended elsewhere meanwhile. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useWriteMutation(endSessionCall, {
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}
