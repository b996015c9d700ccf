import {
  createPublicClient,
  erc20Abi,
  getAddress,
  http,
  parseAbi,
  type Address,
  type PublicClient,
} from 'viem';
import { COINS, tokensOn } from '../../../shared/coins';
import type { CoinType } from '../../../shared/contract/deposits';
import { HttpError } from '../../errors';
import { answeredWithError, probeTraceMode, tracedTransfers, type TraceMode } from './chain-traces';
import type { Chain, ChainOutflow, ChainSettings, ChainTransfer } from './chain-types';

/**
 * The chain as deposits see it (design §2): the ETH/USD price, the head block, and the transfers to
 * and from the advertisers' deposit addresses. Production reads mainnet; the dev chain places its test
 * contracts at these same addresses (the tokens' are in src/shared/coins.ts), so only RPC_URL differs.
 */
export const MAINNET = {
  ethUsdFeed: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419',
} as const satisfies Record<string, Address>;

/** Chainlink AggregatorV3: the answer has 8 decimals for ETH/USD. */
export const aggregatorV3Abi = parseAbi([
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'function getRoundData(uint80 roundId) view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

const transferEvent = erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer')!;

/** Plain ETH transfers have no log: they are recorded with log index -1. */
export const ETH_LOG_INDEX = -1;
/** ETH a contract sent, found in the node's traces: log index -3, its trace address as its key. */
export const TRACE_LOG_INDEX = -3;
/** Blocks fetched at once while scanning for ETH transfers. */
const BLOCK_BATCH = 10;

export type {
  Chain,
  ChainOutflow,
  ChainScan,
  ChainSettings,
  ChainTransfer,
  EthUsdPrice,
} from './chain-types';

export const CHAIN_MESSAGES = {
  unreachable:
    'The payment network cannot be reached right now. Please try again in a few minutes.',
  priceMissing:
    'The ETH price is not available right now. Please try again later or pay with USDC or USDT.',
  priceStale:
    'The ETH price is out of date right now. Please try again later or pay with USDC or USDT.',
} as const;

export function createChain(settings: ChainSettings): Chain {
  // Stack notes: viem caches the block number for 4 s unless cacheTime is 0.
  const client: PublicClient = createPublicClient({
    transport: http(settings.rpcUrl, { timeout: 10_000, batch: { batchSize: 100 } }),
    cacheTime: 0,
  });
  let chainIdPromise: Promise<number> | undefined;
  let tracesPromise: Promise<TraceMode> | undefined;
  const rpc = <T>(call: () => Promise<T>) => guarded(call, settings.onError);
  const chainId = () => {
    if (settings.chainId) return Promise.resolve(settings.chainId);
    chainIdPromise ??= rpc(() => client.getChainId()).catch((error: unknown) => {
      chainIdPromise = undefined;
      throw error;
    });
    return chainIdPromise;
  };
  const request = (method: string, params: unknown[]) =>
    client.request({ method, params } as never) as Promise<unknown>;
  const traceMode = () => {
    tracesPromise ??= rpc(async () => probeTraceMode(request, await client.getBlockNumber())).catch(
      (error: unknown) => {
        tracesPromise = undefined;
        throw error;
      },
    );
    return tracesPromise;
  };

  const round = async (roundId?: bigint) => {
    try {
      const [id, answer, , updatedAt] = await rpc(() =>
        roundId === undefined
          ? client.readContract({
              address: MAINNET.ethUsdFeed,
              abi: aggregatorV3Abi,
              functionName: 'latestRoundData',
            })
          : client.readContract({
              address: MAINNET.ethUsdFeed,
              abi: aggregatorV3Abi,
              functionName: 'getRoundData',
              args: [roundId],
            }),
      );
      return { id, answer, updatedAt };
    } catch (error) {
      // A round that does not exist reverts ("No data present"): it is older than any we want.
      if (roundId !== undefined && error instanceof ChainUnavailableError && isRevert(error)) {
        return { id: roundId, answer: 0n, updatedAt: 0n };
      }
      throw error;
    }
  };

  return {
    confirmations: settings.confirmations,
    chainId,
    headBlock: () => rpc(() => client.getBlockNumber()),

    async latestBlock() {
      const block = await rpc(() => client.getBlock({ blockTag: 'latest' }));
      return { number: block.number, time: new Date(Number(block.timestamp) * 1000) };
    },

    async ethUsdPrice() {
      const { answer, updatedAt } = await round();
      if (answer <= 0n || updatedAt === 0n) throw new HttpError(503, CHAIN_MESSAGES.priceMissing);
      const ageSeconds = Date.now() / 1000 - Number(updatedAt);
      if (ageSeconds > settings.priceMaxAgeSeconds) {
        throw new HttpError(503, CHAIN_MESSAGES.priceStale);
      }
      return { answerE8: answer, updatedAt: new Date(Number(updatedAt) * 1000) };
    },

    async ethUsdPriceAt(time) {
      const at = BigInt(Math.floor(time.getTime() / 1000));
      const latest = await round();
      if (latest.answer <= 0n || latest.updatedAt === 0n) {
        throw new HttpError(503, CHAIN_MESSAGES.priceMissing);
      }
      if (latest.updatedAt <= at) return latest.answer;
      // Round ids are (phase << 64) | n: binary search for the newest round of the phase at `at`.
      // Before every round of the phase (a payment older than it), the latest answer is used.
      let low = ((latest.id >> 64n) << 64n) | 1n;
      let high = latest.id - 1n;
      let found = latest.answer;
      while (low <= high) {
        const middle = (low + high) / 2n;
        const candidate = await round(middle);
        if (candidate.updatedAt !== 0n && candidate.updatedAt <= at) {
          found = candidate.answer;
          low = middle + 1n;
        } else {
          high = middle - 1n;
        }
      }
      return found;
    },

    async scan(fromBlock, toBlock, watched) {
      const transfers: ChainTransfer[] = [];
      const outflows: ChainOutflow[] = [];
      if (fromBlock > toBlock) return { transfers, outflows, blocks: [] };
      const numbers: bigint[] = [];
      for (let n = fromBlock; n <= toBlock; n++) numbers.push(n);
      // The registry's tokens on this chain, by lower-case contract address.
      const coinOfToken = tokensOn(settings.coins ?? COINS, await chainId());
      const tokenAddresses = [...coinOfToken.keys()] as Address[];
      const [logs, blocks] = await Promise.all([
        tokenAddresses.length === 0
          ? []
          : rpc(() =>
              client.getLogs({ address: tokenAddresses, event: transferEvent, fromBlock, toBlock }),
            ),
        inBatches(numbers, BLOCK_BATCH, (blockNumber) =>
          rpc(() => client.getBlock({ blockNumber, includeTransactions: true })),
        ),
      ]);
      const blockOf = new Map(blocks.map((block) => [block.number, block]));
      const time = (block: { timestamp: bigint }) => new Date(Number(block.timestamp) * 1000);
      for (const log of logs) {
        const to = log.args.to;
        if (log.removed || !to || !watched(to.toLowerCase()) || log.blockNumber === null) continue;
        // Zero-value transfers ("address poisoning") move nothing.
        if (!log.args.value) continue;
        const block = blockOf.get(log.blockNumber);
        // A log of a block the scan did not see (a reorganisation between the calls): next scan.
        if (!block || block.hash !== log.blockHash) continue;
        transfers.push({
          // A coin of the registry (a test may add one of its own under its own name).
          coin: coinOfToken.get(log.address.toLowerCase())!.type as CoinType,
          txHash: log.transactionHash!,
          logIndex: log.logIndex!,
          from: getAddress(log.args.from!),
          to: getAddress(to),
          traceAddress: '',
          units: log.args.value!,
          blockNumber: log.blockNumber,
          blockHash: block.hash!,
          blockTime: time(block),
        });
      }
      const ethIn: ChainTransfer[] = [];
      const out: ChainOutflow[] = [];
      for (const block of blocks) {
        for (const tx of block.transactions) {
          if (tx.to && tx.value > 0n && watched(tx.to.toLowerCase())) {
            ethIn.push({
              coin: 'eth',
              txHash: tx.hash,
              logIndex: ETH_LOG_INDEX,
              traceAddress: '',
              from: getAddress(tx.from),
              to: getAddress(tx.to),
              units: tx.value,
              blockNumber: block.number!,
              blockHash: block.hash!,
              blockTime: time(block),
            });
          }
          if (watched(tx.from.toLowerCase())) {
            out.push({
              txHash: tx.hash,
              address: getAddress(tx.from),
              wei: tx.value,
              blockNumber: block.number!,
              blockHash: block.hash!,
            });
          }
        }
      }
      // A reverted transaction moved no ETH, although it carries a value; gas is paid either way.
      const receipts = await inBatches([...ethIn, ...out], BLOCK_BATCH, (item) =>
        rpc(() => client.getTransactionReceipt({ hash: item.txHash })),
      );
      ethIn.forEach((transfer, index) => {
        if (receipts[index]!.status === 'success') transfers.push(transfer);
      });
      out.forEach((outflow, index) => {
        const receipt = receipts[ethIn.length + index]!;
        const gas = receipt.gasUsed * receipt.effectiveGasPrice;
        outflows.push({ ...outflow, wei: (receipt.status === 'success' ? outflow.wei : 0n) + gas });
      });
      const mode = await traceMode();
      if (mode !== 'none') {
        const traced = await inBatches(blocks, BLOCK_BATCH, (block) =>
          rpc(() => tracedTransfers(request, mode, block.number!)),
        );
        blocks.forEach((block, index) => {
          for (const sent of traced[index]!) {
            if (!watched(sent.to.toLowerCase())) continue;
            transfers.push({
              coin: 'eth',
              txHash: sent.txHash,
              logIndex: TRACE_LOG_INDEX,
              traceAddress: sent.traceAddress,
              from: sent.from,
              to: sent.to,
              units: sent.wei,
              blockNumber: block.number!,
              blockHash: block.hash!,
              blockTime: time(block),
              callers: sent.callers,
            });
          }
        });
      }
      return {
        transfers,
        outflows,
        blocks: blocks.map((block) => ({
          number: block.number!,
          hash: block.hash!,
          time: time(block),
        })),
      };
    },

    balanceAt: (address, blockNumber) => rpc(() => client.getBalance({ address, blockNumber })),

    async balanceIfKnown(address, blockNumber) {
      try {
        return await client.getBalance({ address, blockNumber });
      } catch (error) {
        if (answeredWithError(error)) return undefined;
        settings.onError?.(error);
        throw new ChainUnavailableError(error);
      }
    },

    traceMode,

    async block(blockNumber) {
      const block = await rpc(() => client.getBlock({ blockNumber }));
      return { hash: block.hash!, time: new Date(Number(block.timestamp) * 1000) };
    },
  };
}

/** Runs `call` on every item, `size` at a time, and keeps the answers in order. */
async function inBatches<T, R>(items: T[], size: number, call: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(call))));
  }
  return results;
}

function isRevert(error: ChainUnavailableError): boolean {
  const text = String((error.reason as Error | undefined)?.message ?? error.reason);
  return /revert|No data present|execution reverted/i.test(text);
}

/** Any failure to talk to the node is a 503 with a message the user can act on. */
async function guarded<T>(call: () => Promise<T>, onError?: (error: unknown) => void): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    onError?.(error);
    throw new ChainUnavailableError(error);
  }
}

export class ChainUnavailableError extends HttpError {
  constructor(readonly reason: unknown) {
    super(503, CHAIN_MESSAGES.unreachable);
  }
}
