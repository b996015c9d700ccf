import fp from 'fastify-plugin';
import { isIP } from 'node:net';
import { Redis } from 'ioredis';
import type { Writer } from '../db/db';
import { tooManyRequests } from '../errors';

/**
 * Counts hits per key in fixed windows. Memory for one process; Redis or PostgreSQL for many
 * (design §6).
 */
export interface RateLimitStore {
  /** Adds one hit and returns the window's count so far. */
  increment(key: string, windowMs: number): Promise<number>;
  /** Gives one hit back (an attempt that succeeded); never below zero. */
  decrement(key: string): Promise<void>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async increment(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
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
    return current && current.resetAt > Date.now() ? current.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export class RedisStore implements RateLimitStore {
  constructor(private readonly redis: Redis) {}

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

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/**
 * Counters in the rate_limit_counters table, shared by every server process on the database. One
 * upsert per hit: the row is locked while it is counted, so concurrent hits from several processes
 * each see their own count. Rows past their window count as zero; the jobs sweep them.
 */
export class PostgresStore implements RateLimitStore {
  constructor(private readonly db: Writer) {}

  async increment(key: string, windowMs: number): Promise<number> {
    const [row] = await this.db.query<{ hits: number }>(
      `INSERT INTO rate_limit_counters AS c (key, hits, reset_at)
         VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
       ON CONFLICT (key) DO UPDATE
         SET hits = CASE WHEN c.reset_at > now() THEN c.hits + 1 ELSE 1 END,
             reset_at = CASE WHEN c.reset_at > now() THEN c.reset_at ELSE excluded.reset_at END
       RETURNING hits`,
      [key, windowMs],
    );
    return Number(row!.hits);
  }

  async decrement(key: string): Promise<void> {
    await this.db.query(
      `UPDATE rate_limit_counters SET hits = hits - 1
        WHERE key = $1 AND reset_at > now() AND hits > 0`,
      [key],
    );
  }

  async count(key: string): Promise<number> {
    const [row] = await this.db.query<{ hits: number }>(
      'SELECT hits FROM rate_limit_counters WHERE key = $1 AND reset_at > now()',
      [key],
    );
    return row ? Number(row.hits) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_counters WHERE key = $1', [key]);
  }

  /** The database belongs to the app, which closes it. */
  async close(): Promise<void> {}
}

export interface RateLimitSettings {
  windowMs: number;
  perIp: number;
  /** Attempts per account from one address (a stranger's guesses never lock the owner out). */
  perAccount: number;
  /** Attempts per account from every address together: slows a guesser with many addresses. */
  perAccountAnyIp: number;
}

/** An attempt counted against its limits before the work it guards; see `RateLimiter.attempt`. */
export interface Attempt {
  /** The attempt proved who it is: it no longer counts against the account. */
  succeeded(): Promise<void>;
}

/**
 * Design §3 limits. Every limit counts an attempt before the work it guards, in one atomic step of
 * the store (increment and read back), so N parallel attempts against a limit of L let at most L
 * through. Per IP every call of a route counts. Per account, either every call counts (register,
 * forgot-password: `hitAccount`) or an attempt counts until it succeeds (sign-in, codes: `attempt`),
 * so a user who types the right password is never slowed by their own successes. Account keys are
 * the typed name, known or not, so a limit answers alike for an unknown account.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly settings: RateLimitSettings,
  ) {}

  /** Counts a call from this IP on this route; 429 past the limit. */
  async hitIp(route: string, ip: string): Promise<void> {
    await this.hit(`rl:ip:${route}:${addressKey(ip)}`, this.settings.perIp);
  }

  /** Counts a call for this account on this route; 429 past the limit. */
  async hitAccount(route: string, account: string): Promise<void> {
    await this.hit(accountKey(route, account), this.settings.perAccount);
  }

  /**
   * Counts an attempt on the account from this address, and on the account from anywhere; 429 past
   * either. Failures from one address lock only that address out of the account (ASVS 5.0 6.3.1 /
   * V2.2.1), the higher limit across addresses slows a spread-out guesser; a passkey, a second
   * factor's recovery or the e-mailed reset link still let the owner in.
   */
  async attempt(
    route: string,
    account: string,
    ip: string,
    { knownDevice = false }: { knownDevice?: boolean } = {},
  ): Promise<Attempt> {
    const pairKey = `${accountKey(route, account)}:ip:${addressKey(ip)}`;
    const anyIpKey = accountKey(route, account);
    await this.hit(pairKey, this.settings.perAccount);
    // A browser the account signed in from before is held to its own address's limit only.
    if (!knownDevice) await this.hit(anyIpKey, this.settings.perAccountAnyIp);
    return {
      succeeded: async () => {
        await this.store.reset(pairKey);
        if (!knownDevice) await this.store.decrement(anyIpKey);
      },
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private async hit(key: string, max: number): Promise<void> {
    const count = await this.store.increment(key, this.settings.windowMs);
    if (count > max) throw tooManyRequests();
  }
}

/**
 * The address a limit counts: an IPv6 address by its /64 (one subscriber's whole network, which
 * would otherwise give a guesser endless addresses); an IPv4 one (mapped or not) as it is.
 */
export function addressKey(ip: string): string {
  if (isIP(ip) !== 6 || ip.toLowerCase().startsWith('::ffff:')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

function accountKey(route: string, account: string): string {
  return `rl:account:${route}:${account.trim().toLowerCase()}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/**
 * `app.rateLimiter`: limits in Redis when REDIS_URL is set, else in PostgreSQL when DATABASE_URL is
 * (both shared by every server process), else in this process's memory (PGlite is one process's
 * database anyway).
 */
export const rateLimitPlugin = fp(async (app) => {
  const { redisUrl, redisKeyPrefix, databaseUrl, rateLimit } = app.config;
  const store = redisUrl
    ? new RedisStore(new Redis(redisUrl, { maxRetriesPerRequest: 2, keyPrefix: redisKeyPrefix }))
    : databaseUrl
      ? new PostgresStore(app.db)
      : new MemoryStore();
  const limiter = new RateLimiter(store, rateLimit);
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', () => limiter.close());
});
