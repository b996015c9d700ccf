import type { Address, Hex } from 'viem';
import type { CoinRegistry } from '../../../shared/coins';
import type { CoinType } from '../../../shared/contract/deposits';
import type { TraceMode } from './chain-traces';

/** The chain as deposits see it (chain.ts makes one on a node; tests make theirs on a dev chain). */

/** A transfer of a coin to a watched address, as the watcher records it. */
export interface ChainTransfer {
  coin: CoinType;
  txHash: Hex;
  logIndex: number;
  /** A traced internal transfer's place in its transaction ("0.1"); '' for the others. */
  traceAddress: string;
  from: Address;
  /** The deposit address it was sent to (checksummed). */
  to: Address;
  units: bigint;
  blockNumber: bigint;
  blockHash: Hex;
  blockTime: Date;
  /** A traced transfer: every caller from the transaction's sender down to `from`. */
  callers?: Address[];
}

/** ETH that left a watched address (a sweep): its value and the gas it paid. */
export interface ChainOutflow {
  txHash: Hex;
  address: Address;
  wei: bigint;
  blockNumber: bigint;
  blockHash: Hex;
}

export interface ChainScan {
  transfers: ChainTransfer[];
  outflows: ChainOutflow[];
  /** The blocks scanned: number, hash and time. */
  blocks: { number: bigint; hash: Hex; time: Date }[];
}

export interface EthUsdPrice {
  /** The feed's answer: dollars per ETH with 8 decimals. */
  answerE8: bigint;
  updatedAt: Date;
}

export interface Chain {
  readonly confirmations: number;
  chainId(): Promise<number>;
  /** The latest block number. */
  headBlock(): Promise<bigint>;
  /** The latest block: its number and time (the chain's clock as of that block). */
  latestBlock(): Promise<{ number: bigint; time: Date }>;
  /** The feed's price; refuses (503) a missing price or one older than `maxAgeSeconds`. */
  ethUsdPrice(): Promise<EthUsdPrice>;
  /**
   * The feed's answer in force at `time`: the newest round updated at or before it (getRoundData,
   * which reads current state, so no archive node is needed).
   */
  ethUsdPriceAt(time: Date): Promise<bigint>;
  /**
   * Blocks `fromBlock` to `toBlock`: the Transfer logs of the tokens taken on this chain (USDC, USDT:
   * src/shared/coins.ts), successful ETH transactions and, where
   * the node offers traces, internal ETH transfers to a watched address, and the ETH that left one.
   * `watched` takes a lower-case address.
   */
  scan(
    fromBlock: bigint,
    toBlock: bigint,
    watched: (address: string) => boolean,
  ): Promise<ChainScan>;
  /** An address's ETH balance at a block. */
  balanceAt(address: Address, blockNumber: bigint): Promise<bigint>;
  /**
   * The same, or undefined when the node answers that it cannot tell for that block (its state was
   * pruned, or a dev chain was reloaded from its state file); a node that does not answer throws.
   */
  balanceIfKnown(address: Address, blockNumber: bigint): Promise<bigint | undefined>;
  /**
   * Which trace method the node offers for internal transfers (chain-traces.ts), probed on the first
   * call; `scan` then includes the internal ETH transfers to watched addresses.
   */
  traceMode(): Promise<TraceMode>;
  /** A block's hash and time. */
  block(blockNumber: bigint): Promise<{ hash: Hex; time: Date }>;
}

export interface ChainSettings {
  rpcUrl: string;
  confirmations: number;
  chainId: number | undefined;
  priceMaxAgeSeconds: number;
  /** Told of every failed call to the node (the answer to the user hides the cause). */
  onError?: (error: unknown) => void;
  /** The coins taken (src/shared/coins.ts) unless a test adds its own: `scan` reads their tokens. */
  coins?: CoinRegistry;
}
