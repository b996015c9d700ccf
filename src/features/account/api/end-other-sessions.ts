import { useQueryClient } from '@tanstack/react-query';
import { endOtherSessions as endOtherSessionsCall } from '@/shared/contract/sessions';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { sessionsQueryOptions } from './get-sessions';

/** POST /api/auth/end-other-sessions: signs out every session of the caller but this one. */
export async function endOtherSessions() {
  return callApi(endOtherSessionsCall);
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useWriteMutation(endOtherSessionsCall, {
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}
