import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useOnline } from '@/lib/offline';
import * as styles from './offline.css';

/**
 * When the data on screen was last fetched: the oldest `dataUpdatedAt` of the queries the page
 * shows (those with observers and data), leaving out the session check. 0 when there is none.
 */
export function lastUpdatedOnScreen(queryClient: QueryClient): number {
  let oldest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    const { dataUpdatedAt } = query.state;
    if (query.queryKey[0] === 'auth' || dataUpdatedAt === 0 || query.getObserversCount() === 0)
      continue;
    if (oldest === 0 || dataUpdatedAt < oldest) oldest = dataUpdatedAt;
  }
  return oldest;
}

export function formatLastUpdated(timestamp: number): string {
  return new Date(timestamp).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

function useLastUpdated(): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(() => listener()),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => lastUpdatedOnScreen(queryClient));
}

/** Design §4: offline, the last-known data shows read-only under this banner. */
// The default export is what the shell loads lazily (no `.then` to pick it in the first load).
export default function OfflineBanner() {
  const online = useOnline();
  const lastUpdated = useLastUpdated();
  if (online) return null;
  return (
    <div role="status" className={styles.banner} data-testid="offline-banner">
      <strong>You are offline.</strong>
      <span>Showing the last known data; changes need a connection.</span>
      {lastUpdated ? <span>Last updated {formatLastUpdated(lastUpdated)}.</span> : null}
    </div>
  );
}
