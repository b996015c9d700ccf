import { describe, expect, it } from 'vitest';
import { DEV_DEPOSIT_XPUB, loadConfig } from '@/server/config';
import { createAddressDeriver } from '@/server/domain/deposits/deposit-addresses';

/** BIP-32 test vector 1, chain m: a valid extended public key and its private key. */
const XPUB =
  'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
const XPRV =
  'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/promo',
  SMTP_URL: 'smtp://mail',
  RPC_URL: 'https://rpc.example',
  DEPOSIT_XPUB: XPUB,
  SESSION_SECRET: 'x'.repeat(32),
  APP_URL: 'https://promo.example',
  PARTNER_URL: 'https://partner.example',
  PARTNER_SECRET: 'secret',
};

const FUNDER_A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FUNDER_B = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

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

  it('poll the chain every 4 s in production and every second in development; reconcile balances every 10 minutes', () => {
    expect(loadConfig(production).chainPollMs).toBe(4000);
    expect(loadConfig({}).chainPollMs).toBe(1000);
    expect(loadConfig({ CHAIN_POLL_MS: '250' }).chainPollMs).toBe(250);
    expect(loadConfig({}).balanceReconcileSeconds).toBe(600);
    expect(loadConfig({ BALANCE_RECONCILE_SECONDS: '60' }).balanceReconcileSeconds).toBe(60);
  });

  it('derive deposit addresses from DEPOSIT_XPUB, the development key when it is not set', () => {
    const config = loadConfig(production);
    expect(config.depositXpub).toBe(XPUB);
    expect(createAddressDeriver(config.depositXpub)(0)).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(createAddressDeriver(config.depositXpub)(0)).not.toBe(
      createAddressDeriver(DEV_DEPOSIT_XPUB)(0),
    );
    expect(loadConfig({}).depositXpub).toBe(DEV_DEPOSIT_XPUB);
  });

  it('read SWEEP_FUNDER_ADDRESSES as a comma-separated list, none by default', () => {
    expect(loadConfig({}).sweepFunderAddresses).toEqual([]);
    expect(
      loadConfig({ SWEEP_FUNDER_ADDRESSES: ` ${FUNDER_A} ,${FUNDER_B},` }).sweepFunderAddresses,
    ).toEqual([FUNDER_A, FUNDER_B]);
  });

  it.each([
    [{ CONFIRMATIONS: '0' }, 'CONFIRMATIONS must be a whole number above 0'],
    [{ CHAIN_ID: 'mainnet' }, 'CHAIN_ID must be a whole number above 0'],
    [{ CHAIN_POLL_MS: '0' }, 'CHAIN_POLL_MS must be a whole number above 0'],
    [
      { DEPOSIT_XPUB: XPRV },
      'DEPOSIT_XPUB must be an extended public key (xpub...), never a private key: the server must not hold one.',
    ],
    [
      { DEPOSIT_XPUB: XPUB.slice(0, -1) },
      'DEPOSIT_XPUB must be an extended public key (xpub followed by 107 characters)',
    ],
    [
      // One character changed: the right shape, a wrong checksum.
      { DEPOSIT_XPUB: `${XPUB.slice(0, -1)}${XPUB.endsWith('A') ? 'B' : 'A'}` },
      'DEPOSIT_XPUB must be an extended public key (xpub followed by 107 characters): its checksum or key is not valid',
    ],
    [
      { DEPOSIT_XPUB: `zpub${XPUB.slice(4)}` },
      'DEPOSIT_XPUB must be an extended public key (xpub followed by 107 characters)',
    ],
    [
      { WALLET_ADDRESS: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720' },
      'WALLET_ADDRESS is no longer used: each advertiser has a deposit address of their own, derived from DEPOSIT_XPUB (see README, "Deposits").',
    ],
    [
      { ...production, WALLET_ADDRESS: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720' },
      'WALLET_ADDRESS is no longer used: each advertiser has a deposit address of their own, derived from DEPOSIT_XPUB (see README, "Deposits").',
    ],
    [
      { ...production, DEPOSIT_XPUB: DEV_DEPOSIT_XPUB },
      'Refusing to start in production: DEPOSIT_XPUB is the development key, whose private keys are public. Set your own.',
    ],
    [
      { ...production, CONFIRMATIONS: '1' },
      'Refusing to start in production: CONFIRMATIONS must be at least 2 (a reorganisation of one block could otherwise undo a credited payment).',
    ],
    [
      { SWEEP_FUNDER_ADDRESSES: `${FUNDER_A},0x1234` },
      'SWEEP_FUNDER_ADDRESSES: "0x1234" is not an Ethereum address (0x followed by 40 hex characters)',
    ],
  ])('refuse %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
