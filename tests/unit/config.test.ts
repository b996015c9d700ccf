import { describe, expect, it } from 'vitest';
import { ConfigError, explorerOfChain, loadConfig } from '@/server/config';

describe('loadConfig', () => {
  it('uses the embedded defaults outside production', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('./.data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.partnerSlug).toBe('partner');
  });

  it('names every missing setting in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      new ConfigError(
        'Refusing to start in production: missing settings DATABASE_URL, SMTP_URL, RPC_URL, DEPOSIT_XPUB, SESSION_SECRET, APP_URL, PARTNER_URL, PARTNER_SECRET. Set each of them (see README, "Settings").',
      ),
    );
  });

  it('names only the settings still missing', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x',
        SMTP_URL: 'smtp://x',
        RPC_URL: 'http://x',
      }),
    ).toThrow(
      'missing settings DEPOSIT_XPUB, SESSION_SECRET, APP_URL, PARTNER_URL, PARTNER_SECRET.',
    );
  });

  it("names the receipts' issuer from RECEIPT_ISSUER, a line at each |, else the product (issue 35 point 10)", () => {
    expect(loadConfig({}).receiptIssuer).toEqual(['PromoClicks']);
    expect(loadConfig({ RECEIPT_ISSUER: ' | ' }).receiptIssuer).toEqual(['PromoClicks']);
    expect(
      loadConfig({
        RECEIPT_ISSUER: 'PromoClicks Ltd | 1 Main Street||London EC1A 1AA | VAT GB123 ',
      }).receiptIssuer,
    ).toEqual(['PromoClicks Ltd', '1 Main Street', 'London EC1A 1AA', 'VAT GB123']);
  });

  it('refuses a PORT that is not a number', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT must be a whole number');
  });

  it('links transactions to the explorer of the chain, and the dev chain to none (issue 17)', () => {
    expect(loadConfig({}).links.explorerTx).toBeUndefined();
    expect(explorerOfChain(1)).toBe('https://etherscan.io/tx/{hash}');
    expect(explorerOfChain(11155111)).toBe('https://sepolia.etherscan.io/tx/{hash}');
    expect(explorerOfChain(31337)).toBe('');
    expect(loadConfig({ EXPLORER_TX_URL: 'https://x.test/tx/{hash}' }).links.explorerTx).toBe(
      'https://x.test/tx/{hash}',
    );
  });
});
