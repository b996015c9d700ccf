import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';

describe('background job, deposit window and dev environment settings', () => {
  it('defaults to a run a minute, 24-hour stablecoin window, dev parts on outside production', () => {
    const config = loadConfig({});
    expect(config.jobIntervalSeconds).toBe(60);
    expect(config.stablecoinPaymentWindowHours).toBe(24);
    expect(config.devEnvironment).toBe(true);
    expect(config.redisKeyPrefix).toBe('promoclicks:');
  });

  it('reads them from the environment', () => {
    const config = loadConfig({
      JOB_INTERVAL_SECONDS: '5',
      STABLECOIN_PAYMENT_WINDOW_HOURS: '48',
      DEV_ENVIRONMENT: 'off',
      REDIS_KEY_PREFIX: 'other:',
    });
    expect(config.jobIntervalSeconds).toBe(5);
    expect(config.stablecoinPaymentWindowHours).toBe(48);
    expect(config.devEnvironment).toBe(false);
    expect(config.redisKeyPrefix).toBe('other:');
  });

  it('never starts the dev parts in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DEV_ENVIRONMENT: 'on',
      DATABASE_URL: 'postgres://db.example/promo',
      SMTP_URL: 'smtp://mail.example',
      RPC_URL: 'https://rpc.example',
      // BIP-32 test vector 1 (m): production refuses the development key.
      DEPOSIT_XPUB:
        'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
      SESSION_SECRET: 'a-production-secret-of-32-characters',
      APP_URL: 'https://promo.example',
      PARTNER_URL: 'https://partner.example',
      PARTNER_SECRET: 'partner-secret',
    });
    expect(config.devEnvironment).toBe(false);
  });

  it('refuses values it cannot use, naming the setting', () => {
    expect(() => loadConfig({ DEV_ENVIRONMENT: 'no' })).toThrow(
      'DEV_ENVIRONMENT must be on or off',
    );
    expect(() => loadConfig({ JOB_INTERVAL_SECONDS: '0' })).toThrow(
      'JOB_INTERVAL_SECONDS must be a whole number above 0',
    );
    expect(() => loadConfig({ STABLECOIN_PAYMENT_WINDOW_HOURS: '1.5' })).toThrow(
      'STABLECOIN_PAYMENT_WINDOW_HOURS must be a whole number above 0',
    );
  });
});
