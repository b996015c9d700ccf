import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnauthorized } from './api';
import { PERSIST_MAX_AGE_MS } from './offline-cache';

/**
 * The app's query client. `onUnauthorized` runs when any call other than the auth check answers 401:
 * only the server saying the session is invalid signs the user out (design §4).
 */
export function createQueryClient(onUnauthorized: (client: QueryClient) => void): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && query.queryKey[0] !== 'auth') onUnauthorized(client);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorized(error) && mutation.options.meta?.signsOutOn401 !== false)
          onUnauthorized(client);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Kept (and persisted) as long as offline reading keeps last-known data (design §4).
        gcTime: PERSIST_MAX_AGE_MS,
        // A 4xx will not change on retry; network failures and 5xx get one more go.
        retry: (failureCount, error) =>
          failureCount < 1 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: {
        // Design §4: nothing is queued to replay later. TanStack's default ("online") would pause a
        // write made offline and send it on reconnecting; instead the API layer refuses it at once.
        networkMode: 'always',
      },
    },
  });
  // The public settings hold no user data and the worker keeps their last answer: tried even offline,
  // so a sign-in page opened offline without a persisted copy does not wait for a connection.
  client.setQueryDefaults(['config'], { networkMode: 'offlineFirst' });
  return client;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { signsOutOn401?: boolean };
  }
}
