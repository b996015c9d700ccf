import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';

describe('auth settings', () => {
  it('defaults to 30 calls per IP and 10 per account and address in 15 minutes, 10 failures per account from new browsers at once and 100 a day, partner timeout 5 s', () => {
    const config = loadConfig({});
    expect(config.rateLimit).toEqual({
      windowMs: 900_000,
      perIp: 30,
      perAccount: 10,
      perAccountAnyIp: 10,
      perAccountPerDay: 100,
    });
    expect(config.partnerTimeoutMs).toBe(5000);
  });

  it('reads the limits from the environment', () => {
    const config = loadConfig({
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_PER_IP: '5',
      RATE_LIMIT_PER_ACCOUNT: '2',
      RATE_LIMIT_PER_ACCOUNT_ANY_IP: '7',
      RATE_LIMIT_PER_ACCOUNT_PER_DAY: '40',
      PARTNER_TIMEOUT_MS: '250',
    });
    expect(config.rateLimit).toEqual({
      windowMs: 60_000,
      perIp: 5,
      perAccount: 2,
      perAccountAnyIp: 7,
      perAccountPerDay: 40,
    });
    expect(config.partnerTimeoutMs).toBe(250);
  });

  it('refuses a limit that is not a whole number above 0', () => {
    expect(() => loadConfig({ RATE_LIMIT_PER_IP: '0' })).toThrow(
      'RATE_LIMIT_PER_IP must be a whole number above 0',
    );
    expect(() => loadConfig({ RATE_LIMIT_PER_ACCOUNT: 'ten' })).toThrow(
      'RATE_LIMIT_PER_ACCOUNT must be a whole number above 0',
    );
  });

  it('refuses a day of failures per account that is not more than those taken at once', () => {
    expect(() =>
      loadConfig({ RATE_LIMIT_PER_ACCOUNT_ANY_IP: '20', RATE_LIMIT_PER_ACCOUNT_PER_DAY: '20' }),
    ).toThrow('RATE_LIMIT_PER_ACCOUNT_PER_DAY must be more than RATE_LIMIT_PER_ACCOUNT_ANY_IP');
  });

  it('trusts no proxy by default; TRUST_PROXY takes none, a hop count or addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    const message =
      'TRUST_PROXY must be none, a hop count, or proxy addresses / CIDRs separated by commas';
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(`${message} (not "true")`);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      `${message} (not "10.0.0.0/33")`,
    );
  });

  it('listens on this machine only outside production, on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
