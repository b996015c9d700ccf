import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/promo',
  SMTP_URL: 'smtp://mail',
  RPC_URL: 'https://rpc.example',
  WALLET_ADDRESS: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
  SESSION_SECRET: 'x'.repeat(32),
  APP_URL: 'https://promo.example',
  PARTNER_URL: 'https://partner.example',
  PARTNER_SECRET: 'secret',
};

describe('deposit settings', () => {
  it('count 12 confirmations in production and 1 in development, unless CONFIRMATIONS says', () => {
    expect(loadConfig(production).confirmations).toBe(12);
    expect(loadConfig({}).confirmations).toBe(1);
    expect(loadConfig({ ...production, CONFIRMATIONS: '3' }).confirmations).toBe(3);
  });

  it('ask the chain id of RPC_URL unless CHAIN_ID is given; prices older than 65 minutes are stale', () => {
    expect(loadConfig({}).chainId).toBeUndefined();
    expect(loadConfig({ CHAIN_ID: '1' }).chainId).toBe(1);
    expect(loadConfig({}).priceMaxAgeSeconds).toBe(3900);
  });

  it.each([
    [{ CONFIRMATIONS: '0' }, 'CONFIRMATIONS must be a whole number above 0'],
    [{ CHAIN_ID: 'mainnet' }, 'CHAIN_ID must be a whole number above 0'],
    [
      { WALLET_ADDRESS: '0x1234' },
      'WALLET_ADDRESS must be an Ethereum address (0x followed by 40 hex characters)',
    ],
  ])('refuse %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
