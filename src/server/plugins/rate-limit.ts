import fp from 'fastify-plugin';
import { isIP } from 'node:net';
import { Redis } from 'ioredis';
import { SIGN_IN_LIMITED_CODE } from '../../shared/contract/login';
import { HttpError, tooManyRequests } from '../errors';
import {
  MemoryStore,
  PostgresStore,
  RedisStore,
  type Clock,
  type RateLimitStore,
} from './rate-limit-stores';

export { MemoryStore, PostgresStore, RedisStore, type Clock, type RateLimitStore };

export interface RateLimitSettings {
  windowMs: number;
  perIp: number;
  /** Attempts per account from one address (a stranger's guesses never lock the owner out). */
  perAccount: number;
  /**
   * Failed attempts per account from new browsers, every address together, taken at once; then they
   * come back at a pace that lets at most `perAccountPerDay` through in any 24 hours.
   */
  perAccountAnyIp: number;
  perAccountPerDay: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 32 point 2: the 429 of the account-wide limit says how the owner gets in meanwhile (the same
 * words for every typed e-mail, known or not: it tells nothing about which accounts exist).
 */
export const accountLimited = () =>
  new HttpError(
    429,
    'Too many failed sign-ins to this account from new browsers. To get in now, use a sign-in link we email you, a passkey, or a browser you have signed in from before.',
    SIGN_IN_LIMITED_CODE,
  );

/** An attempt counted against its limits before the work it guards; see `RateLimiter.attempt`. */
export interface Attempt {
  /** The attempt proved who it is: it no longer counts against the account. */
  succeeded(): Promise<void>;
}

/**
 * Design §3 limits. Every limit counts an attempt before the work it guards, in one atomic step of
 * the store (increment and read back), so N parallel attempts against a limit of L let at most L
 * through. Per IP, every call of a route counts (`hitIp`: register, forgot-password), or a sign-in
 * attempt counts until it succeeds (`attemptFromIp`). Per account, either every call counts (register,
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
    await this.hit(ipKey(route, ip), this.settings.perIp);
  }

  /**
   * Counts a sign-in attempt from this IP on this route until it succeeds; 429 past the limit. Issue
   * 32 point 9: an address is limited by its failures, never by its good users (an office, a hotel
   * or a carrier puts many behind one address).
   */
  async attemptFromIp(route: string, ip: string): Promise<Attempt> {
    const key = ipKey(route, ip);
    await this.hit(key, this.settings.perIp);
    return { succeeded: () => this.store.decrement(key) };
  }

  /** Gives back an attempt of `attemptFromIp` that an answer to a later call proved right. */
  async succeededFromIp(route: string, ip: string): Promise<void> {
    await this.store.decrement(ipKey(route, ip));
  }

  /** Counts a call for this account on this route; 429 past the limit. */
  async hitAccount(route: string, account: string): Promise<void> {
    await this.hit(accountKey(route, account), this.settings.perAccount);
  }

  /**
   * Counts a call for this account from this address (as `attempt`'s pair), every call; 429 past
   * the limit. For calls anyone may make for an account whose other limit is on what they cause
   * (forgot-password and the sign-in link: mails an hour), so that strangers cannot use them up.
   */
  async hitAccountFromIp(route: string, account: string, ip: string): Promise<void> {
    await this.hit(pairKey(route, account, ip), this.settings.perAccount);
  }

  /**
   * Counts an attempt on the account from this address, and on the account from anywhere; 429 past
   * either. Failures from one address lock only that address out of the account (ASVS 5.0 6.3.1 /
   * V2.2.1). Across addresses, a browser the account signed in from before is not counted; new
   * browsers share a bucket (issue 32 point 2): `perAccountAnyIp` failures at once, then one each
   * 24 h / (`perAccountPerDay` - `perAccountAnyIp`), so that at most `perAccountPerDay` guesses a
   * day get through from any number of addresses. Meanwhile the owner gets in with the mailed
   * sign-in link, a passkey or a known browser; a sign-in's 429 says so (`accountLimited`).
   */
  async attempt(
    route: string,
    account: string,
    ip: string,
    { knownDevice = false, signIn = false }: { knownDevice?: boolean; signIn?: boolean } = {},
  ): Promise<Attempt> {
    const pair = pairKey(route, account, ip);
    const guessesKey = `rl:guesses:${route}:${normalAccount(account)}`;
    await this.hit(pair, this.settings.perAccount);
    const refillMs = this.guessRefillMs();
    if (
      !knownDevice &&
      !(await this.store.take(guessesKey, this.settings.perAccountAnyIp, refillMs))
    )
      throw signIn ? accountLimited() : tooManyRequests();
    return {
      succeeded: async () => {
        await this.store.reset(pair);
        if (!knownDevice) await this.store.giveBack(guessesKey, refillMs);
      },
    };
  }

  /**
   * True for the first call of `name` for this account in `windowMs` (the window starts with it), so
   * that what it guards happens at most once in any such span.
   */
  async firstInWindow(name: string, account: string, windowMs: number): Promise<boolean> {
    return (await this.store.increment(accountKey(name, account), windowMs)) === 1;
  }

  /** How long a new browser's guess takes to come back once the first ones are used. */
  private guessRefillMs(): number {
    const { perAccountAnyIp, perAccountPerDay } = this.settings;
    return DAY_MS / (perAccountPerDay - perAccountAnyIp);
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

function ipKey(route: string, ip: string): string {
  return `rl:ip:${route}:${addressKey(ip)}`;
}

function accountKey(route: string, account: string): string {
  return `rl:account:${route}:${normalAccount(account)}`;
}

function pairKey(route: string, account: string, ip: string): string {
  return `${accountKey(route, account)}:ip:${addressKey(ip)}`;
}

function normalAccount(account: string): string {
  return account.trim().toLowerCase();
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
export const rateLimitPlugin = fp<{ clock?: Clock }>(async (app, { clock }) => {
  const { redisUrl, redisKeyPrefix, databaseUrl, rateLimit } = app.config;
  const store = redisUrl
    ? new RedisStore(
        new Redis(redisUrl, { maxRetriesPerRequest: 2, keyPrefix: redisKeyPrefix }),
        clock,
      )
    : databaseUrl
      ? new PostgresStore(app.db, clock)
      : new MemoryStore(clock);
  const limiter = new RateLimiter(store, rateLimit);
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', () => limiter.close());
});
