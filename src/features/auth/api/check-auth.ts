import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { UserResponse, type User } from '../../../shared/contract/user';
import { apiGet, isUnauthorized } from '../../../lib/api';

export const authQueryKey = ['auth', 'user'] as const;

/** GET /api/auth/check-auth: the signed-in user, or null when the server says 401. */
export async function checkAuth(): Promise<User | null> {
  try {
    return (await apiGet('auth/check-auth', UserResponse)).user;
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export const authQueryOptions = queryOptions({
  queryKey: authQueryKey,
  queryFn: checkAuth,
  retry: false,
  staleTime: 5 * 60_000,
  // Tried even offline (the worker may answer with the last-known user) instead of waiting for a
  // connection, so the route guards never hang.
  networkMode: 'offlineFirst',
});

/** The auth state: the user, null when signed out; undefined only before the first check. */
export function useAuthUser(): User | null | undefined {
  return useQuery(authQueryOptions).data;
}

/**
 * For route guards. Only a 401 means signed out: when the server cannot be reached the last-known
 * user stays signed in (a later issue adds offline reading); with no last-known user, signed out.
 */
export async function getAuthUser(queryClient: QueryClient): Promise<User | null> {
  try {
    // Stale data answers at once and is re-checked in the background (the check refreshes the session).
    return await queryClient.ensureQueryData({ ...authQueryOptions, revalidateIfStale: true });
  } catch {
    return queryClient.getQueryData(authQueryKey) ?? null;
  }
}

export function setAuthUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(authQueryKey, user);
}
