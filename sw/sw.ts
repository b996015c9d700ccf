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

// Design §4: the last-known answers of the list calls, for offline reading. Network first; a slow
// network (3 s) or a failed one falls back to the last answer. Only 200s are kept. The name is
// versioned (cleanupOutdatedCaches() clears precaches only) and starts with the prefix the page
// deletes on logout and sign-in (src/lib/offline-cache.ts API_CACHE_PREFIX).
const API_CACHE_PREFIX = 'api-answers-';
const API_CACHE = `${API_CACHE_PREFIX}v1`;
const API_NETWORK_TIMEOUT_MS = 3_000;
const CACHED_GETS = new Set([
  '/api/bought-ads-by-client',
  '/api/user/campaign-history',
  '/api/get-user-details',
  '/api/auth/check-auth',
]);
/** Read-style POSTs only (the Cache API stores GETs: they are kept under URL + hash of the body). */
const CACHED_POSTS = new Set(['/api/get-all-user-transactions', '/api/get-notifications']);

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The GET request an answer is kept under: the URL itself, or for a POST URL + body hash. */
async function cacheKey(request: Request): Promise<Request> {
  if (request.method === 'GET') return new Request(request.url);
  const url = new URL(request.url);
  url.searchParams.set('__body', await sha256Hex(await request.clone().text()));
  return new Request(url.href);
}

async function networkFirstApi({ request }: { request: Request }): Promise<Response> {
  const key = await cacheKey(request);
  const cache = await caches.open(API_CACHE);
  const network = fetch(request).then(async (response) => {
    if (response.status === 200) await cache.put(key, response.clone());
    // The server says the session is invalid: nothing of that user stays readable.
    else if (response.status === 401) await caches.delete(API_CACHE);
    return response;
  });
  // Settled either way, so a failure after the timeout is not an unhandled rejection.
  network.catch(() => undefined);
  const slow = new Promise<undefined>((resolve) =>
    setTimeout(() => resolve(undefined), API_NETWORK_TIMEOUT_MS),
  );
  try {
    const first = await Promise.race([network, slow]);
    if (first) return first;
    return (await cache.match(key)) ?? (await network);
  } catch {
    return (await cache.match(key)) ?? Response.error();
  }
}

const sameOrigin = (url: URL) => url.origin === self.location.origin;
registerRoute(
  ({ url, request }) =>
    request.mode !== 'navigate' && sameOrigin(url) && CACHED_GETS.has(url.pathname),
  networkFirstApi,
  'GET',
);
registerRoute(
  ({ url }) => sameOrigin(url) && CACHED_POSTS.has(url.pathname),
  networkFirstApi,
  'POST',
);

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

// The update prompt (workbox-window's messageSkipWaiting) activates a waiting new version.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
