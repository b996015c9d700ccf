import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfig } from '@/shared/contract/config';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import { answerOf, startTestApp } from '../../helpers/server';
import { useTestDatabase } from '../../helpers/fixtures';

/**
 * Issue 17: a transaction's explorer link is the explorer of the chain the deposits are on. The dev
 * chain has none (the screens show no link, not one to mainnet's that finds nothing); a known chain
 * id gets its explorer; EXPLORER_TX_URL says otherwise.
 */
describe('the public settings: the explorer link', () => {
  const database = useTestDatabase('pglite');
  let chain: TestChain;

  beforeAll(async () => {
    chain = await startTestChain();
  });
  afterAll(() => chain?.stop());

  async function explorerWith(env: Record<string, string>): Promise<unknown> {
    const server = await startTestApp(database.db, { ...chain.env(), ...env });
    try {
      const answer = await server.client().call(publicConfig);
      expect(answer.status).toBe(200);
      return answerOf(answer).data.links.explorerTx;
    } finally {
      await server.close();
    }
  }

  it('the dev chain (id 31337): no explorer', async () => {
    expect(await explorerWith({})).toBe('');
  });

  it("mainnet and Sepolia: Etherscan's", async () => {
    expect(await explorerWith({ CHAIN_ID: '1' })).toBe('https://etherscan.io/tx/{hash}');
    expect(await explorerWith({ CHAIN_ID: '11155111' })).toBe(
      'https://sepolia.etherscan.io/tx/{hash}',
    );
  });

  it('EXPLORER_TX_URL wins', async () => {
    expect(await explorerWith({ EXPLORER_TX_URL: 'https://scan.test/tx/{hash}' })).toBe(
      'https://scan.test/tx/{hash}',
    );
  });
});
