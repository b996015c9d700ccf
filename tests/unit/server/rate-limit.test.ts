import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MemoryStore,
  RateLimiter,
  RedisStore,
  type RateLimitStore,
} from '../../../src/server/plugins/rate-limit';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

// The Redis store runs too when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379/15).
const stores: [string, () => RateLimitStore][] = [['memory', () => new MemoryStore()]];
const redisUrl = process.env.TEST_REDIS_URL;
const opened: RateLimitStore[] = [];
if (redisUrl) {
  stores.push([
    'redis',
    () =>
      new RedisStore(new Redis(redisUrl, { keyPrefix: `test:${Date.now()}:${Math.random()}:` })),
  ]);
}

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
});

describe.each(stores)('RateLimiter with the %s store', (_name, makeStore) => {
  function limiter(windowMs: number, perIp: number, perAccount: number) {
    const store = makeStore();
    opened.push(store);
    return new RateLimiter(store, { windowMs, perIp, perAccount });
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

  it('counts failures per account, case-insensitively, until cleared', async () => {
    const limits = limiter(60_000, 100, 2);
    await limits.recordFailure('login', 'A@example.com');
    await limits.checkFailures('login', 'a@example.com');
    await limits.recordFailure('login', 'a@example.com');
    await expect(limits.checkFailures('login', 'a@example.com')).rejects.toMatchObject({
      statusCode: 429,
    });
    await limits.clearFailures('login', 'a@example.com');
    await expect(limits.checkFailures('login', 'a@example.com')).resolves.toBeUndefined();
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
