// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { onlineManager } from '@tanstack/react-query';
import { ApiError, callApi, configureApi, signInChanged } from '@/lib/api';
import { OFFLINE_MESSAGE, isOnline } from '@/lib/offline';
import { writeInFlight } from '@/lib/writes';
import { endpoint } from '@/shared/contract/endpoint';
import { SERVED_FROM_CACHE_HEADER } from '@/shared/served-from-cache';

const Anything = v.unknown();
const topUp = endpoint({
  method: 'POST',
  path: 'top-up-money-deposited',
  body: Anything,
  response: Anything,
  access: 'write',
});
const readAll = endpoint({
  method: 'GET',
  path: 'read-all-notifications',
  response: Anything,
  access: 'write',
});
const campaigns = endpoint({
  method: 'GET',
  path: 'bought-ads-by-client',
  response: Anything,
  access: 'read',
});

const STILL_PROCESSING = 'This request is still being processed. Try again in a moment.';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const done = { success: true, message: 'Campaign topped up successfully' };

type Answer = Response | 'network-failure' | 'no-answer';
const fetchMock = vi.fn<typeof fetch>();
/** Answers per path below /api; a path without answers gets a 200. */
const answers = new Map<string, Answer[]>();

function answer(path: string, ...queued: Answer[]) {
  answers.set(path, [...(answers.get(path) ?? []), ...queued]);
}

function requestsTo(path: string): Request[] {
  return fetchMock.mock.calls
    .map(([request]) => request as Request)
    .filter((request) => new URL(request.url).pathname === `/api/${path}`);
}

const keysSentTo = (path: string) =>
  requestsTo(path).map((request) => request.headers.get('Idempotency-Key'));

/** Lets the timers run `ms` further, settling the promises they start. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  answers.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const path = new URL((input as Request).url).pathname.slice('/api/'.length);
    const next = answers.get(path)?.shift() ?? Response.json(done);
    if (next === 'network-failure') throw new TypeError('Failed to fetch');
    if (next === 'no-answer') return new Promise<Response>(() => undefined);
    return next;
  });
  configureApi({ baseUrl: 'http://localhost/api', fetch: fetchMock });
});
afterEach(async () => {
  // The server answers again: the probe finds it, and no timer of this test outlives it.
  answers.clear();
  await pass(5_000);
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('a write whose answer was lost', () => {
  it('is sent again with the same key after 1, 2 and 4 s, and settles with the answer', async () => {
    answer('top-up-money-deposited', 'network-failure', 'network-failure', 'network-failure');
    const result = callApi(topUp, { amount: 10 });
    await pass(0);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(1);
    // The server could not be reached: offline for the banner, but the retries still go out.
    expect(isOnline()).toBe(false);
    await pass(999);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(1);
    await pass(1);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(2);
    await pass(2_000);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(3);
    await pass(4_000);
    await expect(result).resolves.toEqual(done);
    const keys = keysSentTo('top-up-money-deposited');
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(1);
    expect(requestsTo('top-up-money-deposited').map((request) => request.method)).toEqual([
      'POST',
      'POST',
      'POST',
      'POST',
    ]);
    expect(isOnline()).toBe(true);
  });

  it('is not sent again once its user signed out or another signed in (keys are per user)', async () => {
    answer('top-up-money-deposited', 'network-failure', 'network-failure');
    const result = callApi(topUp, { amount: 10 });
    const settled = expect(result).rejects.toMatchObject({ status: 0 });
    await pass(0);
    signInChanged();
    await pass(1_000);
    await settled;
    expect(requestsTo('top-up-money-deposited')).toHaveLength(1);
    expect(writeInFlight(topUp)).toBeUndefined();
  });

  it('is sent again after a 12 s timeout, with the same key', async () => {
    answer('top-up-money-deposited', 'no-answer');
    const result = callApi(topUp, { amount: 10 });
    await pass(11_999);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(1);
    await pass(1 + 1_000);
    await expect(result).resolves.toEqual(done);
    expect(keysSentTo('top-up-money-deposited')).toHaveLength(2);
    expect(new Set(keysSentTo('top-up-money-deposited')).size).toBe(1);
  });

  it('is sent again while the server says it is still doing it (409)', async () => {
    const stillProcessing = () =>
      Response.json({ success: false, message: STILL_PROCESSING }, { status: 409 });
    answer('top-up-money-deposited', stillProcessing(), stillProcessing());
    const result = callApi(topUp, { amount: 10 });
    await pass(3_000);
    await expect(result).resolves.toEqual(done);
    expect(keysSentTo('top-up-money-deposited')).toHaveLength(3);
    expect(new Set(keysSentTo('top-up-money-deposited')).size).toBe(1);
    // A 409 is an answer: the server was reached all along.
    expect(isOnline()).toBe(true);
  });

  it.each([
    [409, 'Username already taken'],
    [400, 'Amount must be at least $1'],
    [422, 'This Idempotency-Key was already used for a different request.'],
    [401, 'Not authenticated'],
    [500, 'Internal server error'],
  ])('is never sent again after another answer (%i "%s")', async (status, message) => {
    answer('top-up-money-deposited', Response.json({ success: false, message }, { status }));
    const result = callApi(topUp, { amount: 10 }).catch((error: unknown) => error);
    await pass(20_000);
    const error = (await result) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.serverMessage]).toEqual([status, message]);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(1);
    expect(writeInFlight(topUp)).toBeUndefined();
  });

  it('each call (one user intent) has its own key; a GET write carries one too', async () => {
    await callApi(topUp, { amount: 10 });
    await callApi(topUp, { amount: 10 });
    await callApi(readAll);
    const [first, second] = keysSentTo('top-up-money-deposited');
    expect(first).toMatch(UUID_V4);
    expect(second).toMatch(UUID_V4);
    expect(first).not.toBe(second);
    expect(keysSentTo('read-all-notifications')[0]).toMatch(UUID_V4);
  });

  it('outside a secure context (no crypto.randomUUID) the key is 128 random bits in hex', async () => {
    Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: undefined });
    try {
      await callApi(topUp, { amount: 10 });
      await callApi(topUp, { amount: 10 });
    } finally {
      // The own property shadowed Crypto.prototype.randomUUID.
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(crypto.randomUUID()).toMatch(UUID_V4);
    const keys = keysSentTo('top-up-money-deposited');
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('reads carry no key and are never sent again by the API client', async () => {
    answer('bought-ads-by-client', 'network-failure');
    await expect(callApi(campaigns)).rejects.toMatchObject({ status: 0 });
    await pass(10_000);
    expect(keysSentTo('bought-ads-by-client')).toEqual([null]);
  });
});

describe('a write not confirmed after its retries', () => {
  it('stays pending, is marked unconfirmed, and is sent once more with its key when the server answers again', async () => {
    answer('top-up-money-deposited', ...Array<Answer>(4).fill('network-failure'));
    answer('health', 'network-failure', 'network-failure', 'network-failure');
    let settled = false;
    const result = callApi(topUp, { amount: 10 }).finally(() => {
      settled = true;
    });
    await pass(0);
    expect(writeInFlight(topUp)).toMatchObject({
      path: 'top-up-money-deposited',
      unconfirmed: false,
    });
    await pass(7_000);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(4);
    expect(writeInFlight(topUp)).toMatchObject({ unconfirmed: true });
    expect(settled).toBe(false);

    expect(requestsTo('health')).toHaveLength(1);

    // While the server cannot be reached it is asked every 5 s; the write waits.
    await pass(8_000);
    expect(requestsTo('health').map((request) => request.method)).toEqual(['GET', 'GET', 'GET']);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(4);
    expect(settled).toBe(false);

    // The next probe gets through: the write is asked for once more, and settles with its answer.
    await pass(5_000);
    expect(requestsTo('health')).toHaveLength(4);
    await expect(result).resolves.toEqual(done);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(5);
    expect(new Set(keysSentTo('top-up-money-deposited')).size).toBe(1);
    expect(writeInFlight(topUp)).toBeUndefined();
  });

  it('is sent once more as soon as any request gets through, and settles with a refusal too', async () => {
    answer('top-up-money-deposited', ...Array<Answer>(4).fill('network-failure'));
    answer(
      'top-up-money-deposited',
      Response.json({ success: false, message: 'Insufficient balance' }, { status: 400 }),
    );
    answer('health', 'network-failure', 'network-failure');
    const result = callApi(topUp, { amount: 10 }).catch((error: unknown) => error);
    await pass(7_000);
    expect(writeInFlight(topUp)?.unconfirmed).toBe(true);
    await callApi(campaigns);
    await pass(0);
    expect(await result).toMatchObject({ status: 400, serverMessage: 'Insufficient balance' });
    expect(requestsTo('top-up-money-deposited')).toHaveLength(5);
  });

  it('the server still doing it after the retries: asked again every 5 s', async () => {
    const stillProcessing = () =>
      Response.json({ success: false, message: STILL_PROCESSING }, { status: 409 });
    answer('top-up-money-deposited', ...Array.from({ length: 5 }, stillProcessing));
    const result = callApi(topUp, { amount: 10 });
    await pass(7_000);
    expect(writeInFlight(topUp)?.unconfirmed).toBe(true);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(4);
    await pass(5_000);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(5);
    await pass(5_000);
    await expect(result).resolves.toEqual(done);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(6);
  });
});

describe('the offline gate', () => {
  it('refuses the first send when the browser is offline, sending nothing', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await expect(callApi(topUp, { amount: 10 })).rejects.toThrow(OFFLINE_MESSAGE);
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses the first send while the server cannot be reached, but not the retries', async () => {
    answer('bought-ads-by-client', 'network-failure');
    await expect(callApi(campaigns)).rejects.toMatchObject({ status: 0 });
    expect(isOnline()).toBe(false);
    await expect(callApi(topUp, { amount: 10 })).rejects.toThrow(OFFLINE_MESSAGE);
    expect(requestsTo('top-up-money-deposited')).toHaveLength(0);
  });
});

describe('reachability', () => {
  it('offline after a network failure or an answer the worker gave from its cache; online after any answer of the server', async () => {
    answer('bought-ads-by-client', 'network-failure');
    await callApi(campaigns).catch(() => undefined);
    expect(isOnline()).toBe(false);

    answer('bought-ads-by-client', Response.json({ success: false }, { status: 500 }));
    await callApi(campaigns).catch(() => undefined);
    expect(isOnline()).toBe(true);

    answer(
      'bought-ads-by-client',
      Response.json(['kept'], { headers: { [SERVED_FROM_CACHE_HEADER]: '1' } }),
    );
    await expect(callApi(campaigns)).resolves.toEqual(['kept']);
    expect(isOnline()).toBe(false);

    await callApi(campaigns);
    expect(isOnline()).toBe(true);
  });

  it('while offline, the server is asked every 5 s (GET /api/health) until it answers', async () => {
    answer('bought-ads-by-client', 'network-failure');
    answer('health', 'network-failure');
    await callApi(campaigns).catch(() => undefined);
    await pass(4_999);
    expect(requestsTo('health')).toHaveLength(0);
    await pass(1);
    expect(requestsTo('health')).toHaveLength(1);
    expect(isOnline()).toBe(false);
    await pass(5_000);
    expect(requestsTo('health')).toHaveLength(2);
    expect(isOnline()).toBe(true);
    await pass(20_000);
    expect(requestsTo('health')).toHaveLength(2);
  });
});
