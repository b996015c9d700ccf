// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { MutationObserver, QueryObserver, onlineManager } from '@tanstack/react-query';
import { ApiError, callApi, configureApi } from '@/lib/api';
import { errorMessage } from '@/lib/error-message';
import { OFFLINE_MESSAGE, isOnline, syncOnlineState } from '@/lib/offline';
import { endpoint } from '@/shared/contract/endpoint';
import { ENDPOINTS } from '@/shared/contract/endpoints';
import { PERSIST_KEY, clearOfflineData, persistQueryCache } from '@/lib/offline-cache';
import { createQueryClient } from '@/lib/query-client';
import { lastUpdatedOnScreen } from '@/features/offline/components/offline-banner';

const Anything = v.unknown();
/** A declared call of the given access, answering anything. */
const call = (method: 'GET' | 'POST', path: string, access: 'read' | 'write') =>
  endpoint({ method, path, body: Anything, response: Anything, access });
const fetchMock = vi.fn<typeof fetch>();

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => Response.json({ success: true, message: 'ok' }));
  configureApi({ baseUrl: 'http://localhost/api', fetch: fetchMock });
  setBrowserOnline(true);
  onlineManager.setOnline(true);
});
afterEach(() => {
  setBrowserOnline(true);
  onlineManager.setOnline(true);
});

describe('declared access', () => {
  it('declares POSTs as writes except the read-style ones, and GET read-all as a write', () => {
    const access = (method: string, path: string) =>
      ENDPOINTS.find((e) => e.method === method && e.path === path)?.access;
    expect(access('POST', 'new-campaign')).toBe('write');
    expect(access('POST', 'auth/logout')).toBe('write');
    expect(access('POST', 'top-up-balance-v2')).toBe('write');
    expect(access('POST', 'get-all-user-transactions')).toBe('read');
    expect(access('POST', 'get-notifications')).toBe('read');
    expect(access('POST', 'search-profiles')).toBe('read');
    expect(access('GET', 'bought-ads-by-client')).toBe('read');
    expect(access('GET', 'read-all-notifications')).toBe('write');
  });
});

describe('online state', () => {
  it('a page opened offline is offline although the onlineManager starts online', () => {
    setBrowserOnline(false);
    expect(onlineManager.isOnline()).toBe(true);
    expect(isOnline()).toBe(false);
    syncOnlineState();
    expect(onlineManager.isOnline()).toBe(false);
  });
});

describe('writes offline', () => {
  it('fail at once with the offline message and send nothing', async () => {
    setBrowserOnline(false);
    const error: unknown = await callApi(call('POST', 'new-campaign', 'write'), {
      username: 'x',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(errorMessage(error, 'fallback')).toBe(OFFLINE_MESSAGE);
    await expect(callApi(call('GET', 'read-all-notifications', 'write'), {})).rejects.toThrow(
      OFFLINE_MESSAGE,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a fixed failure message gives way to the offline message only for a refused write', async () => {
    setBrowserOnline(false);
    const refused: unknown = await callApi(call('POST', 'auth/logout', 'write'), {}).catch(
      (e: unknown) => e,
    );
    expect(errorMessage(refused, 'Failed to logout. Please try again.')).toBe(OFFLINE_MESSAGE);
    expect(errorMessage(new ApiError(0, undefined), 'Failed to logout. Please try again.')).toBe(
      'Failed to logout. Please try again.',
    );
  });

  it('reads still go out offline (the worker answers them from its cache)', async () => {
    setBrowserOnline(false);
    await callApi(call('POST', 'get-all-user-transactions', 'read'), { action: 'all' });
    await callApi(call('GET', 'bought-ads-by-client', 'read'), {});
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a mutation made offline fails instead of pausing to replay later', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient(() => undefined);
    const observer = new MutationObserver(client, {
      mutationFn: () => callApi(call('POST', 'expire-ad-package', 'write'), { username: 'x' }),
    });
    await expect(observer.mutate()).rejects.toThrow(OFFLINE_MESSAGE);
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((m) => m.state.isPaused),
    ).toEqual([false]);
    onlineManager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('network modes', () => {
  it('the public settings and the session check are tried offline; other reads wait for a connection', () => {
    const client = createQueryClient(() => undefined);
    expect(client.defaultQueryOptions({ queryKey: ['config'] }).networkMode).toBe('offlineFirst');
    expect(client.defaultQueryOptions({ queryKey: ['campaigns'] }).networkMode).toBeUndefined();
    expect(client.getDefaultOptions().mutations?.networkMode).toBe('always');
  });
});

describe('last updated', () => {
  it('is the oldest data shown on screen, leaving out the session check and unobserved queries', () => {
    const client = createQueryClient(() => undefined);
    client.setQueryData(['auth', 'user'], { id: 1 }, { updatedAt: 1_000 });
    client.setQueryData(['campaigns'], [], { updatedAt: 5_000 });
    client.setQueryData(['history'], [], { updatedAt: 3_000 });
    client.setQueryData(['hidden'], [], { updatedAt: 2_000 });
    expect(lastUpdatedOnScreen(client)).toBe(0);
    const unsubscribers = [['auth', 'user'], ['campaigns'], ['history']].map((queryKey) =>
      new QueryObserver(client, { queryKey, enabled: false }).subscribe(() => undefined),
    );
    expect(lastUpdatedOnScreen(client)).toBe(3_000);
    unsubscribers.forEach((unsubscribe) => unsubscribe());
  });
});

describe('persistQueryCache', () => {
  it('restores what the last visit saved, as old data to fetch again', async () => {
    localStorage.clear();
    const first = createQueryClient(() => undefined);
    await persistQueryCache(first);
    first.setQueryData(['campaigns'], ['kept'], { updatedAt: 1_234 });
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(PERSIST_KEY)).toContain('"kept"');

    const second = createQueryClient(() => undefined);
    await persistQueryCache(second);
    expect(second.getQueryData(['campaigns'])).toEqual(['kept']);
    expect(second.getQueryState(['campaigns'])).toMatchObject({
      dataUpdatedAt: 1_234,
      isInvalidated: true,
    });
  });

  it('drops a cache saved by another build', async () => {
    localStorage.setItem(
      PERSIST_KEY,
      JSON.stringify({
        buster: 'another build',
        timestamp: Date.now(),
        clientState: { mutations: [], queries: [] },
      }),
    );
    await persistQueryCache(createQueryClient(() => undefined));
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });
});

describe('clearOfflineData', () => {
  it('forgets the cached queries and the persisted cache', async () => {
    const client = createQueryClient(() => undefined);
    client.setQueryData(['campaigns'], ['secret']);
    localStorage.setItem(PERSIST_KEY, '{"clientState":{}}');
    await clearOfflineData(client);
    expect(client.getQueryData(['campaigns'])).toBeUndefined();
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });
});
