// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { endpoint } from '@/shared/contract/endpoint';

/**
 * Issue 31 point 1: one intent, one key. The same call with the same body keeps its key until it is
 * answered, also across a reload of the page (a fresh module over the same sessionStorage); an
 * answer or another body makes a new intent.
 */

const topUp = endpoint({
  method: 'POST',
  path: 'top-up-money-deposited',
  body: v.object({ username: v.string(), amount: v.number() }),
  response: v.unknown(),
  access: 'write',
});
const changePassword = endpoint({
  method: 'POST',
  path: 'change-password',
  body: v.object({ oldPassword: v.string(), newPassword: v.string() }),
  response: v.unknown(),
  access: 'write',
});

const twenty = { path: 'top-up-money-deposited', body: { username: 'cleo', amount: 20 } };

/** The module as a reloaded page has it: nothing in memory, the tab's sessionStorage kept. */
async function freshPage() {
  vi.resetModules();
  return import('@/lib/intent-keys');
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('the key of a write intent', () => {
  it('is the same for every press of the intent until it is answered, then a new one', async () => {
    const page = await freshPage();
    const [first, second] = await Promise.all([
      page.intentKey(topUp, twenty),
      page.intentKey(topUp, twenty),
    ]);
    expect(first).toBe(second);
    expect(await page.intentKey(topUp, twenty)).toBe(first);
    page.forgetIntentKey(twenty);
    expect(await page.intentKey(topUp, twenty)).not.toBe(first);
  });

  it('is a new one for another body (a corrected amount)', async () => {
    const page = await freshPage();
    const twentyKey = await page.intentKey(topUp, twenty);
    const thirty = { ...twenty, body: { username: 'cleo', amount: 30 } };
    expect(await page.intentKey(topUp, thirty)).not.toBe(twentyKey);
  });

  it('survives a reload while unanswered, for 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = await (await freshPage()).intentKey(topUp, twenty);
    const reloaded = await freshPage();
    expect(await reloaded.intentKey(topUp, twenty)).toBe(before);
    vi.setSystemTime(Date.now() + 15 * 60_000);
    expect(await (await freshPage()).intentKey(topUp, twenty)).not.toBe(before);
  });

  it('is forgotten across a reload once answered', async () => {
    const before = await (await freshPage()).intentKey(topUp, twenty);
    const reloaded = await freshPage();
    expect(await reloaded.intentKey(topUp, twenty)).toBe(before);
    reloaded.forgetIntentKey(twenty);
    expect(sessionStorage.length).toBe(0);
    expect(await (await freshPage()).intentKey(topUp, twenty)).not.toBe(before);
  });

  it('keeps a body with a password in memory only, and never stores a body', async () => {
    const intent = {
      path: 'change-password',
      body: { oldPassword: 'old secret words', newPassword: 'new secret words' },
    };
    const page = await freshPage();
    const key = await page.intentKey(changePassword, intent);
    expect(await page.intentKey(changePassword, intent)).toBe(key);
    expect(sessionStorage.length).toBe(0);
    expect(await (await freshPage()).intentKey(changePassword, intent)).not.toBe(key);

    await (await freshPage()).intentKey(topUp, twenty);
    const stored = sessionStorage.getItem('promo-write-intents') ?? '';
    expect(stored).not.toContain('cleo');
    expect(Object.keys(JSON.parse(stored) as object)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
  });
});
