import { createPublicClient, createTestClient, http, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import {
  devAccounts,
  devWallet,
  sendPayment,
  startDevChain,
  type DevChain,
  type Payment,
} from '@/dev/dev-chain';
import { testForwarder, testPriceFeed } from '@/dev/contracts/compiled.gen';
import { MAINNET } from '@/server/domain/deposits/chain';

/**
 * A real anvil dev chain for a test file (about 0.1 s to start), with the test tokens, the price feed
 * and funded payers of src/dev/dev-chain.ts, plus the anvil calls tests need. Keep chains short
 * (stack notes): mining gets slow on a long chain.
 */
export interface TestChain extends DevChain {
  /** The settings that point the app at this chain. */
  env(extra?: Record<string, string>): Record<string, string>;
  pay(from: Address, payment: Payment): Promise<Hex>;
  mine(blocks: number): Promise<void>;
  /** anvil_reorg: replaces the last `depth` blocks with empty ones. */
  reorg(depth: number): Promise<void>;
  /** Moves the chain's clock forward and mines a block at the new time. */
  increaseTime(seconds: number): Promise<void>;
  /** A price round with any update time (seconds since 1970). */
  setRoundData(answerE8: bigint, updatedAt: bigint): Promise<void>;
  /**
   * Sends `wei` from `from` through a contract wallet (TestForwarder) to `to`: an internal transfer,
   * in no transaction's `to` and value.
   */
  payThroughContract(from: Address, to: Address, wei: bigint): Promise<Hex>;
}

/** Where tests place the TestForwarder contract wallet. */
export const FORWARDER_ADDRESS: Address = '0x00000000000000000000000000000000f0a4de00';

export async function startTestChain(): Promise<TestChain> {
  const chain = await startDevChain({ port: 0 });
  // Stack notes: a retried anvil_mine mines again; no retries for these calls.
  const test = createTestClient({
    mode: 'anvil',
    chain: foundry,
    transport: http(chain.rpcUrl, { retryCount: 0 }),
  });
  const reader = createPublicClient({
    chain: foundry,
    transport: http(chain.rpcUrl),
    cacheTime: 0,
  });
  return {
    ...chain,
    env: (extra = {}) => ({
      RPC_URL: chain.rpcUrl,
      CONFIRMATIONS: '1',
      ...extra,
    }),
    pay: (from, payment) => sendPayment(chain.rpcUrl, from, payment),
    mine: (blocks) => test.mine({ blocks }),
    reorg: async (depth) => {
      await test.request({
        method: 'anvil_reorg' as 'anvil_mine',
        params: [depth, []] as unknown as [Hex, Hex],
      });
    },
    increaseTime: async (seconds) => {
      await test.increaseTime({ seconds });
      await test.mine({ blocks: 1 });
    },
    payThroughContract: async (from, to, wei) => {
      if (!(await reader.getCode({ address: FORWARDER_ADDRESS }))) {
        await test.setCode({ address: FORWARDER_ADDRESS, bytecode: testForwarder.runtimeBytecode });
      }
      const hash = await devWallet(chain.rpcUrl, from).writeContract({
        address: FORWARDER_ADDRESS,
        abi: testForwarder.abi,
        functionName: 'forward',
        args: [to],
        value: wei,
      });
      const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (receipt.status !== 'success') throw new Error(`forward ${hash} reverted`);
      return hash;
    },
    setRoundData: async (answerE8, updatedAt) => {
      const [deployer] = await devAccounts(chain.rpcUrl);
      const wallet = devWallet(chain.rpcUrl, deployer!);
      const hash = await wallet.writeContract({
        address: MAINNET.ethUsdFeed,
        abi: testPriceFeed.abi,
        functionName: 'setRoundData',
        args: [answerE8, updatedAt],
      });
      // Sent is not mined: on a busy machine the next read could still see the previous round
      // (the CI run of 2026-11-24 read "out of date" where the missing price had just been set).
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    },
  };
}
