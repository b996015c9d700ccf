import { describe, expect, it, vi } from 'vitest';
import {
  API_CACHE,
  API_CACHE_PREFIX,
  cacheKey,
  isCachedApiCall,
  networkFirstApi,
} from '../../sw/api-cache';
import { API_CACHE_PREFIX as PAGE_PREFIX } from '@/lib/offline-cache';

const ORIGIN = 'http://localhost:3000';

/** A Cache stand-in keyed by URL (the worker only keeps GET keys). */
function fakeCache() {
  const entries = new Map<string, Response>();
  return {
    entries,
    match: vi.fn(async (key: RequestInfo | URL) => {
      const stored = entries.get(key instanceof Request ? key.url : String(key));
      return stored?.clone();
    }),
    put: vi.fn(async (key: RequestInfo | URL, response: Response) => {
      entries.set(key instanceof Request ? key.url : String(key), response);
    }),
  } as const;
}

const post = (path: string, body: unknown) =>
  new Request(ORIGIN + path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

describe('which calls the worker keeps', () => {
  it('the list calls, the read-style POSTs, never writes, navigations or other origins', () => {
    expect(isCachedApiCall(new Request(`${ORIGIN}/api/bought-ads-by-client`), ORIGIN)).toBe(true);
    expect(isCachedApiCall(new Request(`${ORIGIN}/api/user/campaign-history`), ORIGIN)).toBe(true);
    expect(isCachedApiCall(new Request(`${ORIGIN}/api/get-user-details`), ORIGIN)).toBe(true);
    expect(isCachedApiCall(new Request(`${ORIGIN}/api/auth/check-auth`), ORIGIN)).toBe(true);
    expect(isCachedApiCall(post('/api/get-all-user-transactions', {}), ORIGIN)).toBe(true);
    expect(isCachedApiCall(post('/api/get-notifications', {}), ORIGIN)).toBe(true);
    expect(isCachedApiCall(post('/api/new-campaign', {}), ORIGIN)).toBe(false);
    expect(isCachedApiCall(post('/api/get-user-details', {}), ORIGIN)).toBe(false);
    expect(isCachedApiCall(new Request(`${ORIGIN}/api/get-all-categories`), ORIGIN)).toBe(false);
    expect(isCachedApiCall(new Request('http://elsewhere.test/api/get-user-details'), ORIGIN)).toBe(
      false,
    );
  });

  it('keeps POST answers under the URL plus a hash of the body; versioned name the page clears', async () => {
    const first = await cacheKey(post('/api/get-notifications', { page: 1 }));
    const again = await cacheKey(post('/api/get-notifications', { page: 1 }));
    const other = await cacheKey(post('/api/get-notifications', { page: 2 }));
    expect(first.method).toBe('GET');
    expect(first.url).toMatch(
      /^http:\/\/localhost:3000\/api\/get-notifications\?__body=[0-9a-f]{64}$/,
    );
    expect(again.url).toBe(first.url);
    expect(other.url).not.toBe(first.url);
    expect(API_CACHE).toBe('api-answers-v1');
    expect(API_CACHE_PREFIX).toBe(PAGE_PREFIX);
  });
});

describe('network first with a short timeout', () => {
  it('answers from the network and keeps 200s', async () => {
    const cache = fakeCache();
    const request = post('/api/get-notifications', { page: 1 });
    const answer = await networkFirstApi(request, {
      cache,
      fetch: async () => Response.json({ data: ['fresh'] }),
      forgetAll: async () => undefined,
    });
    expect(await answer.json()).toEqual({ data: ['fresh'] });
    expect([...cache.entries.keys()]).toEqual([(await cacheKey(request)).url]);
  });

  it('falls back to the last answer when the network fails, and to a network error without one', async () => {
    const cache = fakeCache();
    const context = {
      cache,
      fetch: async () => Response.json({ data: ['first'] }),
      forgetAll: async () => undefined,
    };
    await networkFirstApi(new Request(`${ORIGIN}/api/get-user-details`), context);
    const offline = { ...context, fetch: () => Promise.reject(new TypeError('Failed to fetch')) };
    const answer = await networkFirstApi(new Request(`${ORIGIN}/api/get-user-details`), offline);
    expect(await answer.json()).toEqual({ data: ['first'] });
    const none = await networkFirstApi(new Request(`${ORIGIN}/api/bought-ads-by-client`), offline);
    expect(none.type).toBe('error');
  });

  it('a slow network gives the last answer after the timeout; the late answer is still kept', async () => {
    const cache = fakeCache();
    const request = new Request(`${ORIGIN}/api/user/campaign-history`);
    cache.entries.set(request.url, Response.json({ data: ['old'] }));
    let answerLate: (response: Response) => void = () => undefined;
    const started = Date.now();
    const answer = await networkFirstApi(request, {
      cache,
      fetch: () => new Promise((resolve) => (answerLate = resolve)),
      forgetAll: async () => undefined,
      timeoutMs: 50,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await answer.json()).toEqual({ data: ['old'] });
    answerLate(Response.json({ data: ['new'] }));
    await vi.waitFor(async () =>
      expect(await (await cache.match(request))!.json()).toEqual({ data: ['new'] }),
    );
  });

  it('a 401 is passed on, not kept, and forgets every kept answer', async () => {
    const cache = fakeCache();
    const forgetAll = vi.fn(async () => undefined);
    const answer = await networkFirstApi(new Request(`${ORIGIN}/api/auth/check-auth`), {
      cache,
      fetch: async () =>
        Response.json({ success: false, message: 'Unauthorized' }, { status: 401 }),
      forgetAll,
    });
    expect(answer.status).toBe(401);
    expect(forgetAll).toHaveBeenCalledTimes(1);
    expect(cache.put).not.toHaveBeenCalled();
  });

  it("a visitor's signed-out session check (user null) is passed on, not kept, and forgets every kept answer", async () => {
    const cache = fakeCache();
    const forgetAll = vi.fn(async () => undefined);
    const answer = await networkFirstApi(new Request(`${ORIGIN}/api/auth/check-auth`), {
      cache,
      fetch: async () => Response.json({ success: true, user: null }),
      forgetAll,
    });
    expect(await answer.json()).toEqual({ success: true, user: null });
    expect(forgetAll).toHaveBeenCalledTimes(1);
    expect(cache.put).not.toHaveBeenCalled();
  });

  it('a signed-in session check is kept', async () => {
    const cache = fakeCache();
    const forgetAll = vi.fn(async () => undefined);
    await networkFirstApi(new Request(`${ORIGIN}/api/auth/check-auth`), {
      cache,
      fetch: async () => Response.json({ success: true, user: { id: 1 } }),
      forgetAll,
    });
    expect(forgetAll).not.toHaveBeenCalled();
    expect(cache.put).toHaveBeenCalledTimes(1);
  });
});
