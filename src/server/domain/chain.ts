import {
  createPublicClient,
  erc20Abi,
  getAddress,
  http,
  parseAbi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import type { CoinType } from '../../shared/contract/deposits';
import { HttpError } from '../errors';

/**
 * The chain as deposits see it (design §2): the ETH/USD price, the head block and the transfers to the
 * receiving wallet. Production reads mainnet; the dev chain places its test contracts at these same
 * addresses, so only RPC_URL differs.
 */
export const MAINNET = {
  usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  usdt: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  ethUsdFeed: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419',
} as const satisfies Record<string, Address>;

export const TOKEN_ADDRESSES: Record<Exclude<CoinType, 'eth'>, Address> = {
  usdc: MAINNET.usdc,
  usdt: MAINNET.usdt,
};

/** Chainlink AggregatorV3: the answer has 8 decimals for ETH/USD. */
export const aggregatorV3Abi = parseAbi([
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

const transferEvent = erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer')!;

/** Plain ETH transfers have no log: they are recorded with log index -1. */
export const ETH_LOG_INDEX = -1;
/** RPC providers cap eth_getLogs ranges; ask in slices of this many blocks. */
const LOG_RANGE_BLOCKS = 2000n;
/** Blocks fetched at once while scanning a window for ETH transfers. */
const BLOCK_BATCH = 8;

export const CHAIN_MESSAGES = {
  unreachable:
    'The payment network cannot be reached right now. Please try again in a few minutes.',
  priceMissing:
    'The ETH price is not available right now. Please try again later or pay with USDC or USDT.',
  priceStale:
    'The ETH price is out of date right now. Please try again later or pay with USDC or USDT.',
} as const;

export interface ChainTransfer {
  txHash: Hex;
  logIndex: number;
  from: Address;
  units: bigint;
  blockNumber: bigint;
}

export interface EthUsdPrice {
  /** The feed's answer: dollars per ETH with 8 decimals. */
  answerE8: bigint;
  updatedAt: Date;
}

export interface Chain {
  readonly wallet: Address;
  readonly confirmations: number;
  chainId(): Promise<number>;
  /** The latest block number: a deposit created now counts transfers from the next block on. */
  headBlock(): Promise<bigint>;
  /** The feed's price; refuses (503) a missing price or one older than `maxAgeSeconds`. */
  ethUsdPrice(): Promise<EthUsdPrice>;
  /** Confirmed token transfers from `sender` to the wallet, from `fromBlock` on (the log's amount). */
  tokenTransfers(
    coin: Exclude<CoinType, 'eth'>,
    sender: Address,
    fromBlock: bigint,
  ): Promise<ChainTransfer[]>;
  /**
   * Confirmed, successful ETH transfers from `sender` to the wallet in blocks from `fromBlock` whose
   * time is not after `until`; `windowClosed` tells that a confirmed block after `until` was seen.
   */
  ethTransfers(
    sender: Address,
    fromBlock: bigint,
    until: Date,
  ): Promise<{ transfers: ChainTransfer[]; windowClosed: boolean }>;
}

export interface ChainSettings {
  rpcUrl: string;
  wallet: string;
  confirmations: number;
  chainId: number | undefined;
  priceMaxAgeSeconds: number;
  /** Told of every failed call to the node (the answer to the user hides the cause). */
  onError?: (error: unknown) => void;
}

export function createChain(settings: ChainSettings): Chain {
  // Stack notes: viem caches the block number for 4 s unless cacheTime is 0.
  const client: PublicClient = createPublicClient({
    transport: http(settings.rpcUrl, { timeout: 10_000 }),
    cacheTime: 0,
  });
  const wallet = getAddress(settings.wallet.toLowerCase());
  const confirmations = settings.confirmations;
  let chainIdPromise: Promise<number> | undefined;
  const rpc = <T>(call: () => Promise<T>) => guarded(call, settings.onError);

  /** The newest block with enough confirmations (its own block counts as the first). */
  const safeHead = async () =>
    (await rpc(() => client.getBlockNumber())) - BigInt(confirmations - 1);

  return {
    wallet,
    confirmations,
    chainId: () => {
      if (settings.chainId) return Promise.resolve(settings.chainId);
      chainIdPromise ??= rpc(() => client.getChainId()).catch((error: unknown) => {
        chainIdPromise = undefined;
        throw error;
      });
      return chainIdPromise;
    },
    headBlock: () => rpc(() => client.getBlockNumber()),

    async ethUsdPrice() {
      const [, answer, , updatedAt] = await rpc(() =>
        client.readContract({
          address: MAINNET.ethUsdFeed,
          abi: aggregatorV3Abi,
          functionName: 'latestRoundData',
        }),
      );
      if (answer <= 0n || updatedAt === 0n) throw new HttpError(503, CHAIN_MESSAGES.priceMissing);
      const ageSeconds = Date.now() / 1000 - Number(updatedAt);
      if (ageSeconds > settings.priceMaxAgeSeconds) {
        throw new HttpError(503, CHAIN_MESSAGES.priceStale);
      }
      return { answerE8: answer, updatedAt: new Date(Number(updatedAt) * 1000) };
    },

    async tokenTransfers(coin, sender, fromBlock) {
      const toBlock = await safeHead();
      const transfers: ChainTransfer[] = [];
      for (let start = fromBlock; start <= toBlock; start += LOG_RANGE_BLOCKS) {
        const end =
          start + LOG_RANGE_BLOCKS - 1n < toBlock ? start + LOG_RANGE_BLOCKS - 1n : toBlock;
        const logs = await rpc(() =>
          client.getLogs({
            address: TOKEN_ADDRESSES[coin],
            event: transferEvent,
            args: { from: sender, to: wallet },
            fromBlock: start,
            toBlock: end,
          }),
        );
        for (const log of logs) {
          if (log.removed || log.transactionHash === null || log.blockNumber === null) continue;
          transfers.push({
            txHash: log.transactionHash,
            logIndex: log.logIndex!,
            from: getAddress(log.args.from!),
            units: log.args.value!,
            blockNumber: log.blockNumber,
          });
        }
      }
      return transfers;
    },

    async ethTransfers(sender, fromBlock, until) {
      const toBlock = await safeHead();
      const untilSeconds = BigInt(Math.floor(until.getTime() / 1000));
      const found: ChainTransfer[] = [];
      for (let start = fromBlock; start <= toBlock; start += BigInt(BLOCK_BATCH)) {
        const numbers: bigint[] = [];
        for (let n = start; n <= toBlock && n < start + BigInt(BLOCK_BATCH); n++) numbers.push(n);
        const blocks = await Promise.all(
          numbers.map((blockNumber) =>
            rpc(() => client.getBlock({ blockNumber, includeTransactions: true })),
          ),
        );
        for (const block of blocks) {
          if (block.timestamp > untilSeconds) {
            return {
              transfers: await successful(found, (hash) =>
                rpc(() => client.getTransactionReceipt({ hash })),
              ),
              windowClosed: true,
            };
          }
          for (const tx of block.transactions) {
            if (tx.value === 0n || !tx.to || getAddress(tx.to) !== wallet) continue;
            if (getAddress(tx.from) !== sender) continue;
            found.push({
              txHash: tx.hash,
              logIndex: ETH_LOG_INDEX,
              from: getAddress(tx.from),
              units: tx.value,
              blockNumber: block.number,
            });
          }
        }
      }
      return {
        transfers: await successful(found, (hash) =>
          rpc(() => client.getTransactionReceipt({ hash })),
        ),
        windowClosed: false,
      };
    },
  };
}

/** A transaction that reverted moved no ETH, although it carries a value. */
async function successful(
  transfers: ChainTransfer[],
  receipt: (hash: Hex) => Promise<{ status: 'success' | 'reverted' }>,
) {
  const receipts = await Promise.all(transfers.map((transfer) => receipt(transfer.txHash)));
  return transfers.filter((_, index) => receipts[index]!.status === 'success');
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
