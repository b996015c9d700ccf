/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  API_CACHE_PREFIX,
  isCachedApiCall,
  networkFirstApi,
  servedFromCache,
} from './api-cache';

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
// kept, so the sign-in pages also open offline. A slow network falls back to it after 3 s, marked as
// served from the cache (NetworkFirst reads its cache only then). The worker fetches them once when it
// installs, so the first visit already leaves them behind.
const PUBLIC_CONFIG_CACHE = 'public-config-v1';
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname === '/api/config',
  new NetworkFirst({
    cacheName: PUBLIC_CONFIG_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [
      {
        cachedResponseWillBeUsed: async ({ cachedResponse }) =>
          cachedResponse && servedFromCache(cachedResponse),
      },
    ],
  }),
);
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PUBLIC_CONFIG_CACHE)
      .then((cache) => cache.add('/api/config'))
      .catch(() => undefined),
  );
});

// Design §4: the last-known answers of the list calls (sw/api-cache.ts).
const apiAnswers = async ({ request }: { request: Request }) =>
  networkFirstApi(request, {
    cache: await caches.open(API_CACHE),
    fetch: (forwarded) => fetch(forwarded),
    forgetAll: () => caches.delete(API_CACHE),
  });
const keepsAnswers = ({ request }: { request: Request }) =>
  isCachedApiCall(request, self.location.origin);
registerRoute(keepsAnswers, apiAnswers, 'GET');
registerRoute(keepsAnswers, apiAnswers, 'POST');

self.addEventListener('activate', (event) => {
  // Answers kept by an older version of this worker (another cache version) go.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(API_CACHE_PREFIX) && name !== API_CACHE)
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

// The update prompt (src/lib/pwa.ts applyUpdate) activates a waiting new version.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
