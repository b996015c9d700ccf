import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { setAuthUser, startSessionCheck } from './entities/session/api/check-auth';
import { endSessionLeftOpenOnReconnect } from './entities/session/api/session-to-end';
import { UpdatePrompt } from './features/offline/components/update-prompt';
import { isOnline, syncOnlineState } from './lib/offline';
import { persistQueryCache } from './lib/offline-cache';
import { publicConfigQueryOptions } from './lib/public-config';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/pwa';
import { FullPageSpinner } from './ui/spinner';
import { routeTree } from './routeTree.gen';
import './ui/theme.css';
// The frames' styles come first: the app shell in index.html wears them before this code runs.
import './ui/frame.css';

function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Preloaded data is fresh in the query cache; the router need not cache it again.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageSpinner,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/** Gives the main thread back (input, paint) between the steps of starting up. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts the app in a few short tasks instead of one long one, while the app shell of index.html
 * shows (src/boot.ts).
 */
async function start(): Promise<void> {
  // Any 401 from the server means the session is gone: the auth state becomes "signed out".
  const queryClient = createQueryClient((client) => setAuthUser(client, null));
  // A page opened offline starts offline (the onlineManager alone would think it is online).
  syncOnlineState();
  // The first screen's session check (preloaded by index.html) and code are asked for at once, side by
  // side, instead of one after the other once the router runs (its guard, then its lazy route chunks).
  startSessionCheck(queryClient);
  // A logout made offline ends its server session as soon as the connection returns.
  endSessionLeftOpenOnReconnect();
  // The public settings (the sign-in pages, the links to partner profiles) come beside it too, instead
  // of after the guard.
  if (isOnline()) void queryClient.prefetchQuery(publicConfigQueryOptions);
  await nextTask();

  const router = createAppRouter(queryClient);
  for (const route of router.getMatchedRoutes(window.location.pathname)[0]) {
    // A chunk that fails here is asked for again by the router, which shows the error if it fails again.
    router.loadRouteChunk(route)?.catch(() => undefined);
  }
  await nextTask();

  // Design §4: the last-known answers (the user included) are restored before the first route guard
  // runs, so an offline reload keeps the user signed in and shows the last-known data.
  await persistQueryCache(queryClient);
  await nextTask();

  // The first page is resolved (guard, loader, code) before anything is drawn; the router does not
  // load it again when it mounts. A failure shows in the page (the router's error component).
  await router.load().catch(() => undefined);
  const root = createRoot(document.getElementById('root')!);
  // Drawn as a transition: React renders the page in short slices, leaving the main thread free in
  // between, instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <UpdatePrompt />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  // After the first page: the worker's precache does not compete with it.
  registerServiceWorker();
}

void start();
