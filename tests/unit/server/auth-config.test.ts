import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';

describe('auth settings', () => {
  it('defaults to 30 calls per IP and 10 per account in 15 minutes, partner timeout 5 s', () => {
    const config = loadConfig({});
    expect(config.rateLimit).toEqual({ windowMs: 900_000, perIp: 30, perAccount: 10 });
    expect(config.partnerTimeoutMs).toBe(5000);
  });

  it('reads the limits from the environment', () => {
    const config = loadConfig({
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_PER_IP: '5',
      RATE_LIMIT_PER_ACCOUNT: '2',
      PARTNER_TIMEOUT_MS: '250',
    });
    expect(config.rateLimit).toEqual({ windowMs: 60_000, perIp: 5, perAccount: 2 });
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
});
