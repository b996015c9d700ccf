/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Design §4: every route of the app opens offline from the precached shell (index.html); navigations
// to the API and to the avatars always go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/avatars\//],
  }),
);

// The public settings (partner name and slug, external links) hold no user data: the last answer is
// kept, so the sign-in pages also open offline. A slow network falls back to it after 3 s. The
// worker fetches them once when it installs, so the first visit already leaves them behind.
const PUBLIC_CONFIG_CACHE = 'public-config-v1';
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname === '/api/config',
  new NetworkFirst({ cacheName: PUBLIC_CONFIG_CACHE, networkTimeoutSeconds: 3 }),
);
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PUBLIC_CONFIG_CACHE)
      .then((cache) => cache.add('/api/config'))
      .catch(() => undefined),
  );
});

// The update prompt (workbox-window's messageSkipWaiting) activates a waiting new version.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
