import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addressKey,
  type Clock,
  MemoryStore,
  RateLimiter,
  RedisStore,
  type RateLimitStore,
} from '@/server/plugins/rate-limit';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

// The Redis store runs too when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379/15).
const stores: [string, (clock?: Clock) => RateLimitStore][] = [
  ['memory', (clock) => new MemoryStore(clock)],
];
const redisUrl = process.env.TEST_REDIS_URL;
const opened: RateLimitStore[] = [];
if (redisUrl) {
  stores.push([
    'redis',
    (clock) =>
      new RedisStore(
        new Redis(redisUrl, { keyPrefix: `test:${Date.now()}:${Math.random()}:` }),
        clock,
      ),
  ]);
}

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
});

describe.each(stores)('RateLimiter with the %s store', (_name, makeStore) => {
  function limiter(windowMs: number, perIp: number, perAccount: number, perAccountAnyIp = 100) {
    const store = makeStore();
    opened.push(store);
    return new RateLimiter(store, {
      windowMs,
      perIp,
      perAccount,
      perAccountAnyIp,
      perAccountPerDay: perAccountAnyIp + 100,
    });
  }

  it('refuses the call after the per-IP limit, per route and IP', async () => {
    const limits = limiter(60_000, 2, 10);
    await limits.hitIp('login', '1.1.1.1');
    await limits.hitIp('login', '1.1.1.1');
    await expect(limits.hitIp('login', '1.1.1.1')).rejects.toMatchObject({
      statusCode: 429,
      message: TOO_MANY,
    });
    await expect(limits.hitIp('register', '1.1.1.1')).resolves.toBeUndefined();
    await expect(limits.hitIp('login', '2.2.2.2')).resolves.toBeUndefined();
  });

  it('counts attempts per account and address, case-insensitively, until one succeeds', async () => {
    const limits = limiter(60_000, 100, 2);
    await limits.attempt('login', 'A@example.com', '1.1.1.1');
    const second = await limits.attempt('login', 'a@example.com', '1.1.1.1');
    await expect(limits.attempt('login', 'a@example.com ', '1.1.1.1')).rejects.toMatchObject({
      statusCode: 429,
      message: TOO_MANY,
    });
    // Another address is not locked out of the account, nor the same address out of another one.
    await expect(limits.attempt('login', 'a@example.com', '2.2.2.2')).resolves.toBeDefined();
    await expect(limits.attempt('login', 'b@example.com', '1.1.1.1')).resolves.toBeDefined();
    await second.succeeded();
    await expect(limits.attempt('login', 'a@example.com', '1.1.1.1')).resolves.toBeDefined();
  });

  it('limits an account across every address together', async () => {
    const limits = limiter(60_000, 100, 5, 3);
    for (const ip of ['1.0.0.1', '1.0.0.2', '1.0.0.3']) await limits.attempt('login', 'c@x.io', ip);
    await expect(limits.attempt('login', 'c@x.io', '1.0.0.4')).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  it('a success gives its attempt back to the account-wide count', async () => {
    const limits = limiter(60_000, 100, 5, 2);
    const first = await limits.attempt('login', 'd@x.io', '1.0.0.1');
    await first.succeeded();
    await first.succeeded(); // never below zero
    await limits.attempt('login', 'd@x.io', '1.0.0.2');
    await limits.attempt('login', 'd@x.io', '1.0.0.3');
    await expect(limits.attempt('login', 'd@x.io', '1.0.0.4')).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  it('lets at most the limit through of 40 parallel attempts', async () => {
    const limits = limiter(60_000, 1000, 10);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => limits.attempt('login', 'e@x.io', '1.0.0.1')),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
  });

  it('starts a new window once the old one is over', async () => {
    const limits = limiter(50, 1, 1);
    await limits.hitAccount('forgot-password', 'b@example.com');
    await expect(limits.hitAccount('forgot-password', 'b@example.com')).rejects.toMatchObject({
      statusCode: 429,
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    await expect(limits.hitAccount('forgot-password', 'b@example.com')).resolves.toBeUndefined();
  });
});

describe.each(stores)('issue 32: buckets of the %s store', (_name, makeStore) => {
  const MINUTE = 60_000;
  let now = Date.UTC(2026, 10, 1);
  const store = () => {
    const made = makeStore(() => now);
    opened.push(made);
    return made;
  };

  it('takes the capacity at once, then one each refill, and a token given back is taken again', async () => {
    const bucket = store();
    const takes = await Promise.all(Array.from({ length: 8 }, () => bucket.take('b1', 3, MINUTE)));
    expect(takes.filter(Boolean)).toHaveLength(3);
    now += MINUTE / 2;
    expect(await bucket.take('b1', 3, MINUTE)).toBe(false);
    now += MINUTE / 2;
    expect(await bucket.take('b1', 3, MINUTE)).toBe(true);
    expect(await bucket.take('b1', 3, MINUTE)).toBe(false);
    await bucket.giveBack('b1', MINUTE);
    expect(await bucket.take('b1', 3, MINUTE)).toBe(true);
    // Full again after three refills; a give-back never fills it past full.
    now += 3 * MINUTE;
    await bucket.giveBack('b1', MINUTE);
    const again = await Promise.all(Array.from({ length: 5 }, () => bucket.take('b1', 3, MINUTE)));
    expect(again.filter(Boolean)).toHaveLength(3);
  });

  it('lets at most capacity + T / refill through in any span T, however often it is asked', async () => {
    const bucket = store();
    const taken: number[] = [];
    for (let minute = 0; minute < 120; minute++) {
      now += MINUTE;
      const round = await Promise.all(
        Array.from({ length: 6 }, () => bucket.take('b2', 4, 10 * MINUTE)),
      );
      for (const ok of round) if (ok) taken.push(now);
    }
    // Any hour holds at most 4 + 6 = 10.
    for (const start of taken) {
      expect(
        taken.filter((at) => at >= start && at < start + 60 * MINUTE).length,
      ).toBeLessThanOrEqual(10);
    }
    // 4 at the first minute, then one at each tenth minute after it.
    expect(taken).toHaveLength(4 + 11);
  });
});

describe('addressKey', () => {
  it('counts an IPv6 address by its /64 and an IPv4 one as it is', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7');
  });
});
