import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { checkAuth as checkAuthCall, type User } from '@/shared/contract/user';
import { callApi, isUnauthorized, signInChanged } from '@/lib/api';
import { isOnline } from '@/lib/offline';
import { hasSessionToEnd, setSessionToEnd } from '@/lib/offline-cache';
import { endSessionLeftOpen } from './session-to-end';

export const authQueryKey = ['auth', 'user'] as const;

/**
 * GET /api/auth/check-auth: the signed-in user, or null when the server says 401. After a logout
 * whose session is still open, null without asking: the cookie signs nobody back in (design §4); the
 * session is ended instead.
 */
export async function checkAuth(): Promise<User | null> {
  if (hasSessionToEnd()) {
    void endSessionLeftOpen();
    return null;
  }
  try {
    return (await callApi(checkAuthCall)).user;
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

/** How long the first guard after a load waits for the server before trusting the last-known user. */
const LAST_KNOWN_USER_AFTER_MS = 150;

/** Query clients whose session was checked with the server since the page loaded. */
const checkedClients = new WeakSet<QueryClient>();
/** The session check started when the page loaded (startSessionCheck), per query client. */
const firstChecks = new WeakMap<QueryClient, Promise<User | null>>();

/**
 * Asks the server for the session at once when the page loads (online), while the persisted cache is
 * restored and the route's code loads; the first route guard then waits for this answer.
 */
export function startSessionCheck(queryClient: QueryClient): void {
  if (firstChecks.has(queryClient) || !isOnline()) return;
  const check = queryClient.fetchQuery({ ...authQueryOptions, staleTime: 0 });
  // A failure is the guard's to handle (it awaits the same promise); none is left unhandled here.
  check.catch(() => undefined);
  firstChecks.set(queryClient, check);
}

/**
 * For route guards. Only a 401 means signed out: when the server cannot be reached the last-known
 * user stays signed in (design §4, kept across reloads by the persisted cache); with no last-known
 * user, signed out.
 */
export async function getAuthUser(queryClient: QueryClient): Promise<User | null> {
  try {
    if (!checkedClients.has(queryClient) && isOnline()) {
      // The first guard after a (re)load asks the server: a user restored from the persisted cache
      // may be out of date (verified since, signed out elsewhere).
      checkedClients.add(queryClient);
      const check =
        firstChecks.get(queryClient) ??
        queryClient.fetchQuery({ ...authQueryOptions, staleTime: 0 });
      const lastKnown = queryClient.getQueryData<User | null>(authQueryKey);
      if (!lastKnown) return await check;
      check.catch(() => undefined);
      // Issue 14: a dead Wi-Fi or a captive portal answers nothing and says online; the last-known
      // user's page shows after a moment instead of after the worker's timeout. The answer still
      // counts when it comes: a 401 then sets the user to null and the shell leaves for `/`.
      return await Promise.race([
        check,
        new Promise<User>((resolve) =>
          setTimeout(() => resolve(lastKnown), LAST_KNOWN_USER_AFTER_MS),
        ),
      ]);
    }
    // Stale data answers at once and is re-checked in the background (the check refreshes the session).
    return await queryClient.ensureQueryData({ ...authQueryOptions, revalidateIfStale: true });
  } catch {
    return queryClient.getQueryData(authQueryKey) ?? null;
  }
}

/** The auth state: the user after a sign-in; null after a logout or a 401 from the server. */
export function setAuthUser(queryClient: QueryClient, user: User | null): void {
  // A write of the previous user still awaiting its answer is not sent again under this one.
  signInChanged();
  // A sign-in ends the cookie's previous session on the server: none is left to end.
  if (user) setSessionToEnd(false);
  queryClient.setQueryData(authQueryKey, user);
}
