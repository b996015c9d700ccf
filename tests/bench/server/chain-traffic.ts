import { randomBytes } from 'node:crypto';
import { encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { TOKEN_CONTRACTS } from '@/dev/dev-chain';
import type { CoinType } from '@/shared/contract/deposits';

/** A transfer to send: a coin, an amount in its smallest units and whom it goes to. */
export interface Transfer {
  coinType: CoinType;
  to: Address;
  units: bigint;
}

/**
 * Fixed gas limits: anvil then estimates nothing. A token transfer to a fresh address costs about
 * 52,000 gas; a plain ETH transfer 21,000.
 */
const TOKEN_GAS = 100_000n;
const ETH_GAS = 21_000n;

/**
 * Sends many transfers a second from anvil's unlocked accounts: each account's nonces are counted
 * here, so a whole block's transfers go in one JSON-RPC batch of eth_sendTransaction, none waiting
 * for another's receipt.
 */
export class TrafficSender {
  private next = 0;

  private constructor(
    private readonly rpcUrl: string,
    private readonly accounts: Address[],
    private readonly nonces: Map<Address, bigint>,
  ) {}

  static async open(rpcUrl: string, accounts: Address[]): Promise<TrafficSender> {
    const counts = await rpcBatch<Hex>(
      rpcUrl,
      accounts.map((account) => ({
        method: 'eth_getTransactionCount',
        params: [account, 'pending'],
      })),
    );
    const nonces = new Map(accounts.map((account, i) => [account, BigInt(counts[i]!)]));
    return new TrafficSender(rpcUrl, accounts, nonces);
  }

  /**
   * `count` unrelated token transfers (USDC and USDT in turn, 0.01-1 of a coin), every other one to
   * another sender and the rest to random addresses no advertiser owns.
   */
  unrelated(count: number): Transfer[] {
    return Array.from({ length: count }, (_, i) => ({
      coinType: i % 2 === 0 ? 'usdc' : 'usdt',
      to:
        i % 4 < 2
          ? this.accounts[(this.next + i + 1) % this.accounts.length]!
          : getAddress(`0x${randomBytes(20).toString('hex')}`),
      units: 10_000n + BigInt(i % 100) * 10_000n,
    }));
  }

  /** Sends the transfers, each from the next account in turn; answers their hashes in order. */
  async send(transfers: Transfer[]): Promise<Hex[]> {
    const calls = transfers.map((transfer) => {
      const from = this.accounts[this.next++ % this.accounts.length]!;
      const nonce = this.nonces.get(from)!;
      this.nonces.set(from, nonce + 1n);
      return {
        method: 'eth_sendTransaction',
        params: [{ from, nonce: hex(nonce), ...tx(transfer) }],
      };
    });
    return rpcBatch<Hex>(this.rpcUrl, calls);
  }
}

function tx(transfer: Transfer) {
  if (transfer.coinType === 'eth') {
    return { to: transfer.to, value: hex(transfer.units), gas: hex(ETH_GAS) };
  }
  const args = [transfer.to, transfer.units] as const;
  // USDT's transfer returns nothing (stack notes): each token is called with its own compiled ABI.
  const data =
    transfer.coinType === 'usdc'
      ? encodeFunctionData({ abi: TOKEN_CONTRACTS.usdc.abi, functionName: 'transfer', args })
      : encodeFunctionData({ abi: TOKEN_CONTRACTS.usdt.abi, functionName: 'transfer', args });
  return { to: TOKEN_CONTRACTS[transfer.coinType].address, data, gas: hex(TOKEN_GAS) };
}

const hex = (value: bigint) => `0x${value.toString(16)}`;

/** One JSON-RPC batch; throws on the first call the node refused. */
export async function rpcBatch<T>(
  rpcUrl: string,
  calls: { method: string; params: unknown[] }[],
): Promise<T[]> {
  if (calls.length === 0) return [];
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
  });
  const answers = (await response.json()) as {
    id: number;
    result?: T;
    error?: { message: string };
  }[];
  const byId = new Map(answers.map((answer) => [answer.id, answer]));
  return calls.map((call, id) => {
    const answer = byId.get(id);
    if (!answer || answer.error) {
      throw new Error(`${call.method} refused: ${answer?.error?.message ?? 'no answer'}`);
    }
    return answer.result as T;
  });
}

/** The chain's head block number. */
export async function headBlock(rpcUrl: string): Promise<bigint> {
  const [head] = await rpcBatch<Hex>(rpcUrl, [{ method: 'eth_blockNumber', params: [] }]);
  return BigInt(head!);
}

/** Waits for the first head block past `after` (asks every 20 ms). */
export async function nextHead(rpcUrl: string, after: bigint): Promise<bigint> {
  for (;;) {
    const head = await headBlock(rpcUrl);
    if (head > after) return head;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How many transactions each block from `from` to `to` holds. */
export async function transactionCounts(
  rpcUrl: string,
  from: bigint,
  to: bigint,
): Promise<number[]> {
  const calls = [];
  for (let n = from; n <= to; n += 1n) {
    calls.push({ method: 'eth_getBlockTransactionCountByNumber', params: [`0x${n.toString(16)}`] });
  }
  return (await rpcBatch<Hex>(rpcUrl, calls)).map(Number);
}
