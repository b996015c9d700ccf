import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  persistQueryClient,
  removeOldestQuery,
  type PersistedClient,
} from '@tanstack/react-query-persist-client';

/** Where the query cache is kept between visits (design §4). */
export const PERSIST_KEY = 'promo-query-cache';
/** Last-known data older than this is dropped; queries stay in memory as long (gcTime). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** The worker's runtime caches of API answers start with this (sw/sw.ts; versioned names). */
export const API_CACHE_PREFIX = 'api-answers-';
/**
 * Set by a logout whose server session is not ended yet (made offline, or its answer lost): until it
 * is, the still-valid cookie signs nobody in (design §4; src/entities/session/api/session-to-end.ts).
 * Holds no user data.
 */
export const SESSION_TO_END_KEY = 'promo-session-to-end';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Blocked storage (some private modes, policies): the app runs without offline reading.
    return undefined;
  }
}

/**
 * Restores the last persisted cache (dropped when older than the max age or from another build) and
 * keeps persisting changes. Resolves when restored, so route guards see the last-known user.
 */
export async function persistQueryCache(queryClient: QueryClient): Promise<void> {
  const persister = createSyncStoragePersister({
    storage: storage(),
    key: PERSIST_KEY,
    throttleTime: 250,
    // Storage full (many searches kept): the oldest answers give way.
    retry: removeOldestQuery,
  });
  const options = { queryClient, persister, maxAge: PERSIST_MAX_AGE_MS, buster: __BUILD_ID__ };
  const [, restored] = persistQueryClient(options);
  await restored.catch(() => undefined);
  // Restored answers show at once but count as old: each screen asks again when online.
  void queryClient.invalidateQueries({ refetchType: 'none' });
  // A throttled save still waiting when the page goes away would be lost: save at once then (the
  // persister's own format).
  window.addEventListener('pagehide', () => {
    const saved: PersistedClient = {
      buster: __BUILD_ID__,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient),
    };
    try {
      storage()?.setItem(PERSIST_KEY, JSON.stringify(saved));
    } catch {
      // Storage full or blocked: the last throttled save stays.
    }
  });
}

export function hasSessionToEnd(): boolean {
  return Boolean(storage()?.getItem(SESSION_TO_END_KEY));
}

/** Marks (or, once the server ended it, unmarks) the session of a logout as still to be ended. */
export function setSessionToEnd(toEnd: boolean): void {
  try {
    if (toEnd) storage()?.setItem(SESSION_TO_END_KEY, '1');
    else storage()?.removeItem(SESSION_TO_END_KEY);
  } catch {
    // Storage full: the session then ends only if the logout request sent at once gets through.
  }
}

/**
 * Design §4: logout, or another user signing in, forgets every answer of the previous user: the
 * in-memory and persisted query cache and the worker's cached API answers.
 */
export async function clearOfflineData(queryClient: QueryClient): Promise<void> {
  // Queries only: the sign-in mutation that calls this is still running.
  queryClient.removeQueries();
  storage()?.removeItem(PERSIST_KEY);
  await clearApiAnswers();
}

/** Deletes the worker's cached API answers. */
export async function clearApiAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(API_CACHE_PREFIX)).map((name) => caches.delete(name)),
    );
  } catch {
    // No Cache API here (insecure context): nothing was cached either.
  }
}
