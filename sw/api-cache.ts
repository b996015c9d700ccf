import { ENDPOINTS } from '../src/shared/contract/endpoints';
import { SERVED_FROM_CACHE_HEADER } from '../src/shared/served-from-cache';
import { checkAuth } from '../src/shared/contract/user';

/**
 * Design §4: the worker keeps the last-known answers of the list calls for offline reading. Network
 * first; a slow network (3 s) or a failed one falls back to the last answer. Only 200s are kept.
 * The cache name is versioned (cleanupOutdatedCaches() clears precaches only) and starts with the
 * prefix the page deletes on logout and sign-in (src/lib/offline-cache.ts API_CACHE_PREFIX).
 * Kept free of worker globals so it can be tested in Node.
 */
export const API_CACHE_PREFIX = 'api-answers-';
export const API_CACHE = `${API_CACHE_PREFIX}v1`;
export const API_NETWORK_TIMEOUT_MS = 3_000;

/**
 * "METHOD /api/path" of the calls declared `offline` (src/shared/contract). A read-style POST is kept
 * too: the Cache API stores GETs, so its answers are kept under URL + hash of the body.
 */
const KEPT_CALLS = new Set(
  ENDPOINTS.filter((endpoint) => endpoint.offline).map(
    (endpoint) => `${endpoint.method} /api/${endpoint.path}`,
  ),
);

/** Whether the worker keeps this call's answers (same origin, list calls; never a navigation). */
export function isCachedApiCall(request: Request, origin: string): boolean {
  const url = new URL(request.url);
  if (url.origin !== origin || request.mode === 'navigate') return false;
  return KEPT_CALLS.has(`${request.method} ${url.pathname}`);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The GET request an answer is kept under: the URL itself, or for a POST URL + body hash. */
export async function cacheKey(request: Request): Promise<Request> {
  if (request.method === 'GET') return new Request(request.url);
  const url = new URL(request.url);
  url.searchParams.set('__body', await sha256Hex(await request.clone().text()));
  return new Request(url.href);
}

/**
 * A kept answer as the page gets it: marked, so the page knows the server was not reached (design §4:
 * offline is known from the requests too). A copy, since a cached response's headers cannot change.
 */
export function servedFromCache(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(SERVED_FROM_CACHE_HEADER, '1');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The last kept answer for this key, marked as served from the cache. */
async function keptAnswer(cache: ApiCacheContext['cache'], key: Request) {
  const kept = await cache.match(key);
  return kept && servedFromCache(kept);
}

export interface ApiCacheContext {
  cache: Pick<Cache, 'match' | 'put'>;
  fetch: (request: Request) => Promise<Response>;
  /** Forgets every kept answer (the server said the session is invalid). */
  forgetAll: () => Promise<unknown>;
  timeoutMs?: number;
}

/**
 * Whether the answer says nobody is signed in: a 401, or the session check's "user: null" for a
 * visitor without a session (issue 17: an ordinary answer, not an error). Either way nothing of any
 * user stays readable, and that answer itself is not kept.
 */
async function signedOut(request: Request, response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (new URL(request.url).pathname !== `/api/${checkAuth.path}`) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return typeof body === 'object' && body !== null && (body as { user?: unknown }).user === null;
}

/** Network first with a short timeout, falling back to the last kept answer. */
export async function networkFirstApi(
  request: Request,
  context: ApiCacheContext,
): Promise<Response> {
  const { cache, timeoutMs = API_NETWORK_TIMEOUT_MS } = context;
  const key = await cacheKey(request);
  const network = context.fetch(request).then(async (response) => {
    // The server says nobody is signed in: nothing of any user stays readable.
    if (await signedOut(request, response)) await context.forgetAll();
    else if (response.status === 200) await cache.put(key, response.clone());
    return response;
  });
  // Settled either way, so a failure after the timeout is not an unhandled rejection.
  network.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    const first = await Promise.race([network, slow]);
    if (first) return first;
    return (await keptAnswer(cache, key)) ?? (await network);
  } catch {
    return (await keptAnswer(cache, key)) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}
