import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepRateLimitCounters } from '@/server/jobs/sweep-rate-limits';
import { PostgresStore, RateLimiter } from '@/server/plugins/rate-limit';
import { databaseKinds } from '../../helpers/server';
import { useTestDatabase } from '../../helpers/fixtures';

/** The store used when DATABASE_URL is set without REDIS_URL; it is plain SQL, so PGlite runs it too. */
describe.each(databaseKinds())('PostgreSQL rate-limit store on %s', (kind) => {
  const database = useTestDatabase(kind);
  let store: PostgresStore;

  beforeAll(() => {
    store = new PostgresStore(database.db);
  });
  afterAll(() => store?.close());

  /** Moves a counter's window end into the past, as if its window had run out. */
  const endWindow = (key: string) =>
    database.db.query(
      "UPDATE rate_limit_counters SET reset_at = now() - interval '1 second' WHERE key = $1",
      [key],
    );

  it('counts hits in a window and starts again after it', async () => {
    expect(await store.increment('k1', 60_000)).toBe(1);
    expect(await store.increment('k1', 60_000)).toBe(2);
    expect(await store.count('k1')).toBe(2);
    expect(await store.count('other')).toBe(0);
    await endWindow('k1');
    expect(await store.count('k1')).toBe(0);
    expect(await store.increment('k1', 60_000)).toBe(1);
    await store.reset('k1');
    expect(await store.count('k1')).toBe(0);
  });

  it('counts every one of many concurrent hits once', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => store.increment('k2', 60_000)),
    );
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('refuses the call past the limit through the RateLimiter', async () => {
    const limiter = new RateLimiter(store, {
      windowMs: 60_000,
      perIp: 2,
      perAccount: 1,
      perAccountAnyIp: 10,
      perAccountPerDay: 20,
    });
    await limiter.hitIp('login', '10.0.0.1');
    await limiter.hitIp('login', '10.0.0.1');
    await expect(limiter.hitIp('login', '10.0.0.1')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    const attempt = await limiter.attempt('login', 'Someone@Example.com', '10.0.0.1');
    await expect(limiter.attempt('login', 'someone@example.com', '10.0.0.1')).rejects.toMatchObject(
      { statusCode: 429 },
    );
    await attempt.succeeded();
    await limiter.attempt('login', 'SOMEONE@example.com', '10.0.0.1');
  });

  it("issue 32: takes a bucket's tokens in one statement each, on its own clock", async () => {
    let now = Date.now() + 60_000;
    const clocked = new PostgresStore(database.db, () => now);
    const takes = await Promise.all(
      Array.from({ length: 40 }, () => clocked.take('b1', 10, 60_000)),
    );
    expect(takes.filter(Boolean)).toHaveLength(10);
    now += 30_000;
    expect(await clocked.take('b1', 10, 60_000)).toBe(false);
    now += 30_000;
    expect(await clocked.take('b1', 10, 60_000)).toBe(true);
    expect(await clocked.take('b1', 10, 60_000)).toBe(false);
    await clocked.giveBack('b1', 60_000);
    expect(await clocked.take('b1', 10, 60_000)).toBe(true);
    now += 10 * 60_000;
    const again = await Promise.all(
      Array.from({ length: 12 }, () => clocked.take('b1', 10, 60_000)),
    );
    expect(again.filter(Boolean)).toHaveLength(10);
  });

  it('gives an attempt back once, never below zero', async () => {
    await store.increment('k3', 60_000);
    await store.decrement('k3');
    await store.decrement('k3');
    expect(await store.count('k3')).toBe(0);
    expect(await store.increment('k3', 60_000)).toBe(1);
  });

  it('sweeps only the counters whose window has ended', async () => {
    await store.increment('old-1', 60_000);
    await store.increment('old-2', 60_000);
    await store.increment('young', 60_000);
    await endWindow('old-1');
    await endWindow('old-2');
    expect(await sweepRateLimitCounters(database.db)).toBe(2);
    const keys = await database.db.query<{ key: string }>(
      "SELECT key FROM rate_limit_counters WHERE key IN ('old-1', 'old-2', 'young')",
    );
    expect(keys).toEqual([{ key: 'young' }]);
    expect(await sweepRateLimitCounters(database.db)).toBe(0);
  });
});
