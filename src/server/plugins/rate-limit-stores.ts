import type { Redis } from 'ioredis';
import type { Writer } from '../db/db';

/** Milliseconds since the epoch: the stores' clock, which tests move instead of waiting. */
export type Clock = () => number;

/**
 * Where the limits count: memory for one process; Redis or PostgreSQL for many (design §6). Two
 * kinds of count, each changed in one atomic step: hits in fixed windows, and buckets of tokens that
 * come back at a steady pace (a leaky bucket, GCRA: only the time the bucket is full again is kept).
 */
export interface RateLimitStore {
  /** Adds one hit and returns the window's count so far. */
  increment(key: string, windowMs: number): Promise<number>;
  /** Gives one hit back (an attempt that succeeded); never below zero. */
  decrement(key: string): Promise<void>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /**
   * Takes one of a bucket's `capacity` tokens, which come back one each `refillMs`; false, taking
   * nothing, when none is left. Whatever the callers, at most `capacity + T / refillMs` are taken
   * in any T milliseconds.
   */
  take(key: string, capacity: number, refillMs: number): Promise<boolean>;
  /** Gives one token back to the bucket (an attempt that succeeded); never above full. */
  giveBack(key: string, refillMs: number): Promise<void>;
  close(): Promise<void>;
}

export class MemoryStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  /** Per bucket, when it is full again. */
  private readonly buckets = new Map<string, number>();

  constructor(private readonly clock: Clock = Date.now) {}

  async increment(key: string, windowMs: number): Promise<number> {
    const now = this.clock();
    const current = this.windows.get(key);
    if (current && current.resetAt > now) return ++current.count;
    if (this.windows.size > 10_000) this.sweep(now);
    this.windows.set(key, { count: 1, resetAt: now + windowMs });
    return 1;
  }

  async decrement(key: string): Promise<void> {
    const current = this.windows.get(key);
    if (current && current.count > 0) current.count--;
  }

  async count(key: string): Promise<number> {
    const current = this.windows.get(key);
    return current && current.resetAt > this.clock() ? current.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async take(key: string, capacity: number, refillMs: number): Promise<boolean> {
    const now = this.clock();
    const fullAt = Math.max(this.buckets.get(key) ?? now, now) + refillMs;
    if (fullAt - now > capacity * refillMs) return false;
    if (this.buckets.size > 10_000) this.sweep(now);
    this.buckets.set(key, fullAt);
    return true;
  }

  async giveBack(key: string, refillMs: number): Promise<void> {
    const fullAt = this.buckets.get(key);
    if (fullAt === undefined) return;
    if (fullAt - refillMs <= this.clock()) this.buckets.delete(key);
    else this.buckets.set(key, fullAt - refillMs);
  }

  async close(): Promise<void> {
    this.windows.clear();
    this.buckets.clear();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const [key, fullAt] of this.buckets) if (fullAt <= now) this.buckets.delete(key);
  }
}

/** Takes a token (KEYS[1]; ARGV: now, refillMs, capacity); the key lives until the bucket is full. */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local full_at = math.max(tonumber(redis.call('GET', KEYS[1]) or now), now) + refill
if full_at - now > tonumber(ARGV[3]) * refill then return 0 end
redis.call('SET', KEYS[1], string.format('%d', full_at), 'PX', math.ceil(full_at - now))
return 1`;

/** Gives a token back (KEYS[1]; ARGV: now, refillMs). */
const GIVE_BACK_SCRIPT = `
local now = tonumber(ARGV[1])
local full_at = tonumber(redis.call('GET', KEYS[1]) or now) - tonumber(ARGV[2])
if full_at <= now then redis.call('DEL', KEYS[1]) return 0 end
redis.call('SET', KEYS[1], string.format('%d', full_at), 'PX', math.ceil(full_at - now))
return 1`;

export class RedisStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock = Date.now,
  ) {}

  async increment(key: string, windowMs: number): Promise<number> {
    // SET NX starts the window with its expiry; INCR keeps that expiry.
    const results = await this.redis.multi().set(key, 0, 'PX', windowMs, 'NX').incr(key).exec();
    return Number(results?.[1]?.[1] ?? 0);
  }

  async decrement(key: string): Promise<void> {
    // One step in Redis: a key that expired meanwhile is not brought back as -1.
    await this.redis.eval(
      "if (tonumber(redis.call('GET', KEYS[1])) or 0) > 0 then return redis.call('DECR', KEYS[1]) end return 0",
      1,
      key,
    );
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async take(key: string, capacity: number, refillMs: number): Promise<boolean> {
    const taken = await this.redis.eval(TAKE_SCRIPT, 1, key, this.clock(), refillMs, capacity);
    return Number(taken) === 1;
  }

  async giveBack(key: string, refillMs: number): Promise<void> {
    await this.redis.eval(GIVE_BACK_SCRIPT, 1, key, this.clock(), refillMs);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/**
 * Counters in the rate_limit_counters table, shared by every server process on the database. One
 * statement per change: the row is locked while it is counted, so concurrent hits from several
 * processes each see their own count. Rows past their `reset_at` count as zero (a bucket's is when
 * it is full again); the jobs sweep them. The database's clock, unless a test gives one.
 */
export class PostgresStore implements RateLimitStore {
  constructor(
    private readonly db: Writer,
    private readonly clock?: Clock,
  ) {}

  async increment(key: string, windowMs: number): Promise<number> {
    const [row] = await this.db.query<{ hits: number }>(
      `WITH t AS (SELECT coalesce($3::timestamptz, now()) AS now)
       INSERT INTO rate_limit_counters AS c (key, hits, reset_at)
         SELECT $1, 1, t.now + make_interval(secs => $2::double precision / 1000) FROM t
       ON CONFLICT (key) DO UPDATE
         SET hits = CASE WHEN c.reset_at > (SELECT now FROM t) THEN c.hits + 1 ELSE 1 END,
             reset_at = CASE WHEN c.reset_at > (SELECT now FROM t) THEN c.reset_at
                             ELSE excluded.reset_at END
       RETURNING hits`,
      [key, windowMs, this.now()],
    );
    return Number(row!.hits);
  }

  async decrement(key: string): Promise<void> {
    await this.db.query(
      `UPDATE rate_limit_counters SET hits = hits - 1
        WHERE key = $1 AND reset_at > coalesce($2::timestamptz, now()) AND hits > 0`,
      [key, this.now()],
    );
  }

  async count(key: string): Promise<number> {
    const [row] = await this.db.query<{ hits: number }>(
      `SELECT hits FROM rate_limit_counters
        WHERE key = $1 AND reset_at > coalesce($2::timestamptz, now())`,
      [key, this.now()],
    );
    return row ? Number(row.hits) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_counters WHERE key = $1', [key]);
  }

  async take(key: string, capacity: number, refillMs: number): Promise<boolean> {
    // A bucket's row: reset_at is when it is full again (hits unused). Refused, nothing is written.
    const rows = await this.db.query(
      `WITH t AS (SELECT coalesce($4::timestamptz, now()) AS now,
                         make_interval(secs => $2::double precision / 1000) AS refill)
       INSERT INTO rate_limit_counters AS c (key, hits, reset_at)
         SELECT $1, 0, t.now + t.refill FROM t
       ON CONFLICT (key) DO UPDATE
         SET reset_at = greatest(c.reset_at, (SELECT now FROM t)) + (SELECT refill FROM t)
       WHERE greatest(c.reset_at, (SELECT now FROM t)) + (SELECT refill FROM t)
             <= (SELECT now + refill * $3::int FROM t)
       RETURNING 1`,
      [key, refillMs, capacity, this.now()],
    );
    return rows.length > 0;
  }

  async giveBack(key: string, refillMs: number): Promise<void> {
    await this.db.query(
      `UPDATE rate_limit_counters
          SET reset_at = reset_at - make_interval(secs => $2::double precision / 1000)
        WHERE key = $1 AND reset_at > coalesce($3::timestamptz, now())`,
      [key, refillMs, this.now()],
    );
  }

  /** The database belongs to the app, which closes it. */
  async close(): Promise<void> {}

  private now(): Date | null {
    return this.clock ? new Date(this.clock()) : null;
  }
}
