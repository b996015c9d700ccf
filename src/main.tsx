import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { setAuthUser, startSessionCheck } from './features/auth/api/check-auth';
import { UpdatePrompt } from './features/offline/components/update-prompt';
import { isOnline, syncOnlineState } from './lib/offline';
import { persistQueryCache } from './lib/offline-cache';
import { publicConfigQueryOptions } from './lib/public-config';
import { createQueryClient } from './lib/query-client';
import { listenForInstallPrompt, registerServiceWorker } from './lib/pwa';
import { FullPageSpinner } from './ui/spinner';
import { routeTree } from './routeTree.gen';
import './ui/theme.css';

// Any 401 from the server means the session is gone: the auth state becomes "signed out".
const queryClient = createQueryClient((client) => setAuthUser(client, null));
const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Preloaded data is fresh in the query cache; the router need not cache it again.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: FullPageSpinner,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

listenForInstallPrompt();
registerServiceWorker();
// A page opened offline starts offline (the onlineManager alone would think it is online).
syncOnlineState();
// The first screen's session check and code are fetched at once, side by side, instead of one after
// the other once the router runs (its guard, then its lazy route chunks).
startSessionCheck(queryClient);
// The public settings (the sign-in pages, the links to partner profiles) come beside it too, instead
// of after the guard.
if (isOnline()) void queryClient.prefetchQuery(publicConfigQueryOptions);
for (const route of router.getMatchedRoutes(window.location.pathname)[0]) {
  // A chunk that fails here is asked for again by the router, which shows the error if it fails again.
  router.loadRouteChunk(route)?.catch(() => undefined);
}

// Design §4: the last-known answers (the user included) are restored before the first route guard
// runs, so an offline reload keeps the user signed in and shows the last-known data.
void persistQueryCache(queryClient).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </QueryClientProvider>
    </StrictMode>,
  );
});
