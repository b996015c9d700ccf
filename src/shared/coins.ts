import type { CoinType } from './contract/deposits';

/**
 * The coins deposits are paid in (design §2), each declared once: every amount in a coin's units and
 * every price of one in cents is made from its entry here (issue 34 point 3: an 18-decimal coin was
 * credited 10^12 times its worth where 6 decimals were assumed). Adding a coin is its entry here, its
 * name in COIN_TYPES (the API's contract) and a migration that adds it to the database's CHECK on
 * coin_type. The server reads it; the client keeps to COIN_TYPES (its first load has no room).
 */

/** How a coin's units become cents: ETH at the Chainlink ETH/USD feed, stablecoins 1:1 with the dollar. */
export type PriceSource = 'eth-usd-feed' | 'usd-1:1';

export interface Coin {
  /** Its name in the API and the database (coin_type). */
  type: string;
  /** As shown ("USDC"). */
  symbol: string;
  /** Its smallest unit is 10^-decimals of it (wei for ETH: 18; USDC and USDT: 6). */
  decimals: number;
  price: PriceSource;
  /** Its ERC-20 contract on each chain (by chain id) it is taken on; none for ETH, the chain's own. */
  contracts?: Readonly<Record<number, `0x${string}`>>;
}

/** The coins a server takes (a test may add its own; the app takes the list as a parameter). */
export type CoinRegistry = readonly Coin[];

/** Chain ids: Ethereum mainnet, and the dev chain (anvil), which places test tokens at mainnet's addresses. */
export const MAINNET_CHAIN_ID = 1;
export const DEV_CHAIN_ID = 31337;

const onMainnetAndDevChain = (address: `0x${string}`) => ({
  [MAINNET_CHAIN_ID]: address,
  [DEV_CHAIN_ID]: address,
});

export const COINS = [
  { type: 'eth', symbol: 'ETH', decimals: 18, price: 'eth-usd-feed' },
  {
    type: 'usdc',
    symbol: 'USDC',
    decimals: 6,
    price: 'usd-1:1',
    contracts: onMainnetAndDevChain('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
  },
  {
    type: 'usdt',
    symbol: 'USDT',
    decimals: 6,
    price: 'usd-1:1',
    contracts: onMainnetAndDevChain('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  },
] as const satisfies readonly (Coin & { type: CoinType })[];

/** The registry's entry of a coin; a name it does not know is a bug (the database holds no other). */
export function coinOf(coins: CoinRegistry, type: string): Coin {
  const coin = coins.find((entry) => entry.type === type);
  if (!coin) throw new Error(`Unknown coin ${type}`);
  return coin;
}

/** The coin's token contract on a chain; undefined for ETH, or a chain the coin is not taken on. */
export function tokenAddress(coin: Coin, chainId: number): `0x${string}` | undefined {
  return coin.contracts?.[chainId];
}

/** The ERC-20 coins taken on a chain, by lower-case contract address. */
export function tokensOn(coins: CoinRegistry, chainId: number): Map<string, Coin> {
  const tokens = new Map<string, Coin>();
  for (const coin of coins) {
    const address = tokenAddress(coin, chainId);
    if (address) tokens.set(address.toLowerCase(), coin);
  }
  return tokens;
}

/** Design §2: coin amounts are shown (and ETH asked) with 6 decimals. */
export const SHOWN_DECIMALS = 6;

/** 10^n as a bigint. */
export const pow10 = (n: number): bigint => 10n ** BigInt(n);
