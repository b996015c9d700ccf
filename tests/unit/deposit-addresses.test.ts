import { describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import { DEV_DEPOSIT_XPUB } from '@/server/config';
import { createAddressDeriver } from '@/server/domain/deposits/deposit-addresses';

/** The dev chain's mnemonic (anvil's default accounts). */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const INDEXES = [0, 1, 2, 3, 4];

describe('deposit addresses (design §2)', () => {
  const derive = createAddressDeriver(DEV_DEPOSIT_XPUB);

  it("derives child i of the development xpub as m/44'/60'/1'/0/i of the dev mnemonic", () => {
    for (const index of INDEXES) {
      expect(derive(index)).toBe(
        mnemonicToAccount(DEV_MNEMONIC, { accountIndex: 1, addressIndex: index }).address,
      );
    }
  });

  it('gives five different addresses, none of them one of anvil’s funded accounts', () => {
    const addresses = INDEXES.map(derive);
    expect(new Set(addresses).size).toBe(5);
    // anvil's accounts: m/44'/60'/0'/0/0-9.
    const anvil = Array.from(
      { length: 10 },
      (_, index) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }).address,
    );
    expect(anvil[0]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    for (const address of addresses) expect(anvil).not.toContain(address);
  });

  it('refuses an extended private key: the server must hold none', () => {
    const xprv = mnemonicToAccount(DEV_MNEMONIC, { accountIndex: 1 }).getHdKey().privateExtendedKey;
    expect(xprv).toMatch(/^xprv/);
    expect(() => createAddressDeriver(xprv)).toThrow('DEPOSIT_XPUB must not hold a private key');
  });
});
