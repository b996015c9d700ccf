import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSessions as getSessionsCall } from '@/shared/contract/sessions';
import { callApi } from '@/lib/api';

/** POST /api/auth/sessions: the caller's active sessions, the current one first. */
export async function getSessions() {
  return (await callApi(getSessionsCall)).data;
}

export const sessionsQueryOptions = queryOptions({
  queryKey: ['sessions'],
  queryFn: getSessions,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
