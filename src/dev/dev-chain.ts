import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  parseAbi,
  type Address,
  type Hex,
} from 'viem';
import { foundry } from 'viem/chains';
import { coinOf, COINS, tokenAddress } from '../shared/coins';
import type { CoinType } from '../shared/contract/deposits';
import {
  DEPOSIT_COLUMNS,
  toTransaction,
  type DepositRow,
} from '../server/domain/deposits/deposit-views';
import { MAINNET } from '../server/domain/deposits/chain';
import { notFound } from '../server/errors';
import { refuseUnlessLoopback } from './loopback-only';
import { testPriceFeed, testUsdc, testUsdt } from './contracts/compiled.gen';

/**
 * The dev chain (design §2): anvil on 127.0.0.1 with test USDC and USDT (6 decimals; USDT's transfer
 * returns nothing) and an ETH/USD feed placed at the mainnet addresses, so development differs from
 * production only in RPC_URL. anvil's unlocked accounts: #0 sets up the contracts, #1-#8 are funded
 * payers (ETH and 1,000,000 of each token). Deposit addresses come from the development DEPOSIT_XPUB
 * (m/44'/60'/1'/0 of the same mnemonic), never one of these.
 */
export const DEV_ETH_USD_PRICE_E8 = 3000_00000000n;
const TOKEN_GRANT = 1_000_000n * 10n ** 6n;
const PAYERS = 8;
// The feed's price is stale after an hour (PRICE_MAX_AGE_SECONDS): a fresh round every 20 minutes.
const PRICE_REFRESH_MS = 20 * 60 * 1000;

const mintableAbi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function mint(address to, uint256 value)',
]);

/** A token's address on the dev chain, from the coin registry (mainnet's: design §2). */
const devToken = (coin: 'usdc' | 'usdt') => tokenAddress(coinOf(COINS, coin), foundry.id)!;

export const TOKEN_CONTRACTS = {
  usdc: { address: devToken('usdc'), abi: testUsdc.abi },
  usdt: { address: devToken('usdt'), abi: testUsdt.abi },
} as const;

export interface DevChain {
  rpcUrl: string;
  payers: Address[];
  stop(): Promise<void>;
}

export interface DevChainOptions {
  host?: string;
  /** 8545 by default; when taken (or 0), a free port. */
  port?: number;
  /** Keeps the chain across restarts (anvil --state): pending deposits stay payable. */
  stateFile?: string;
}

/** Starts anvil, installs the test contracts and funds the payers. */
export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const host = options.host ?? '127.0.0.1';
  // Port 0 lets anvil pick a free port itself and print it: no other process can take it between
  // a probe and anvil's start (test files start their chains side by side).
  const port = options.port === 0 ? 0 : await preferredPortIfFree(host, options.port ?? 8545);
  const args = ['--host', host, '--port', String(port), '--chain-id', String(foundry.id)];
  if (options.stateFile) args.push('--state', options.stateFile, '--state-interval', '60');
  const anvil = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  anvil.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const rpcUrl = `http://${await listeningAddress(anvil, () => stderr)}`;
    await waitForRpc(rpcUrl, anvil, () => stderr);
    const { payers } = await installDevContracts(rpcUrl);
    const refresh = setInterval(
      () => void setDevPrice(rpcUrl).catch(() => undefined),
      PRICE_REFRESH_MS,
    );
    refresh.unref();
    return {
      rpcUrl,
      payers,
      stop: async () => {
        clearInterval(refresh);
        await stopProcess(anvil);
      },
    };
  } catch (error) {
    await stopProcess(anvil);
    throw error;
  }
}

/** The anvil binary of the npm package's platform-specific part (no wrapper process in between). */
export function anvilBinary(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string] ?? process.arch;
  const platform = `${process.platform}-${arch}`;
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve(`@foundry-rs/anvil-${platform}/package.json`);
  return packageJson.replace(
    /package\.json$/,
    `bin/anvil${process.platform === 'win32' ? '.exe' : ''}`,
  );
}

/**
 * The dev chain's calls wait up to 30 s (viem's default is 10 s): on a loaded 2-core machine anvil
 * answered eth_chainId later than that while the test contracts were being placed, and the run failed.
 */
const DEV_RPC = { timeout: 30_000 } as const;

/** Places the test contracts at the mainnet addresses, sets the price and funds the payers. */
export async function installDevContracts(rpcUrl: string): Promise<{ payers: Address[] }> {
  const test = createTestClient({
    mode: 'anvil',
    chain: foundry,
    transport: http(rpcUrl, DEV_RPC),
  });
  const reader = createPublicClient({
    chain: foundry,
    transport: http(rpcUrl, DEV_RPC),
    cacheTime: 0,
  });
  const accounts = await devAccounts(rpcUrl);
  const payers = accounts.slice(1, 1 + PAYERS);
  await test.setCode({ address: TOKEN_CONTRACTS.usdc.address, bytecode: testUsdc.runtimeBytecode });
  await test.setCode({ address: TOKEN_CONTRACTS.usdt.address, bytecode: testUsdt.runtimeBytecode });
  await test.setCode({ address: MAINNET.ethUsdFeed, bytecode: testPriceFeed.runtimeBytecode });
  await setDevPrice(rpcUrl);

  const wallet = devWallet(rpcUrl, accounts[0]!);
  let last: Hex | undefined;
  for (const { address } of Object.values(TOKEN_CONTRACTS)) {
    const token = { address, abi: mintableAbi };
    for (const payer of payers) {
      const balance = await reader.readContract({
        ...token,
        functionName: 'balanceOf',
        args: [payer],
      });
      if (balance >= TOKEN_GRANT / 2n) continue;
      last = await wallet.writeContract({
        ...token,
        functionName: 'mint',
        args: [payer, TOKEN_GRANT],
      });
    }
  }
  if (last) await reader.waitForTransactionReceipt({ hash: last, pollingInterval: 50 });
  return { payers };
}

/** A new price round at the current block time (default $3,000.00). */
export async function setDevPrice(rpcUrl: string, answerE8 = DEV_ETH_USD_PRICE_E8): Promise<void> {
  const reader = createPublicClient({
    chain: foundry,
    transport: http(rpcUrl, DEV_RPC),
    cacheTime: 0,
  });
  const [deployer] = await devAccounts(rpcUrl);
  const hash = await devWallet(rpcUrl, deployer!).writeContract({
    address: MAINNET.ethUsdFeed,
    abi: testPriceFeed.abi,
    functionName: 'setPrice',
    args: [answerE8],
  });
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

/** anvil's unlocked accounts, #0 to #9. */
export async function devAccounts(rpcUrl: string): Promise<Address[]> {
  const accounts = await createWalletClient({
    chain: foundry,
    transport: http(rpcUrl, DEV_RPC),
  }).getAddresses();
  return accounts.map((account) => getAddress(account));
}

/** A wallet client for one of anvil's unlocked accounts; calls that must not repeat are not retried. */
export function devWallet(rpcUrl: string, account: Address) {
  return createWalletClient({
    account,
    chain: foundry,
    transport: http(rpcUrl, { ...DEV_RPC, retryCount: 0 }),
  });
}

export interface Payment {
  coinType: CoinType;
  to: Address;
  units: bigint;
}

/** Sends a deposit's payment from an unlocked dev account and waits for it to be mined. */
export async function sendPayment(rpcUrl: string, from: Address, payment: Payment): Promise<Hex> {
  const wallet = devWallet(rpcUrl, from);
  const args = [payment.to, payment.units] as const;
  // USDT's transfer returns nothing (stack notes): each token is sent with its own compiled ABI.
  const hash =
    payment.coinType === 'eth'
      ? await wallet.sendTransaction({ to: payment.to, value: payment.units })
      : payment.coinType === 'usdc'
        ? await wallet.writeContract({ ...TOKEN_CONTRACTS.usdc, functionName: 'transfer', args })
        : await wallet.writeContract({ ...TOKEN_CONTRACTS.usdt, functionName: 'transfer', args });
  const reader = createPublicClient({
    chain: foundry,
    transport: http(rpcUrl, DEV_RPC),
    cacheTime: 0,
  });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`Payment ${hash} reverted`);
  return hash;
}

/**
 * Development-only routes, mounted under /api/dev by the dev environment (never in production), for
 * callers on this machine only: GET /api/dev/deposits/:id gives `npm run dev:pay` a deposit's coin,
 * amount and deposit address, and the dev chain's RPC URL. dev:pay is a command with no session, so
 * the route asks for none: it answers for any deposit that exists, and only reads.
 */
export const devChainRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => refuseUnlessLoopback(request));
  app.get<{ Params: { id: string } }>('/deposits/:id', async (request) => {
    const id = Number(request.params.id);
    const [row] = Number.isSafeInteger(id)
      ? await app.db.query<DepositRow>(`SELECT ${DEPOSIT_COLUMNS} FROM deposits WHERE id = $1`, [
          id,
        ])
      : [];
    if (!row) throw notFound('Transaction not found');
    return {
      success: true,
      data: { ...toTransaction(row, app.config.confirmations), rpcUrl: app.config.rpcUrl },
    };
  });
};

/** `preferred` when it is free now, else 0 (anvil then picks a free port). */
async function preferredPortIfFree(host: string, preferred: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(0) : reject(error),
    );
    server.listen(preferred, host, () => server.close(() => resolve(preferred)));
  });
}

/** The host:port anvil prints once it listens ("Listening on 127.0.0.1:41234"). */
function listeningAddress(anvil: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let found = false;
    const timer = setTimeout(
      () => reject(new Error(`anvil did not start listening: ${stderr().trim()}`)),
      15_000,
    );
    // anvil logs every call on stdout: keep reading it, so it never blocks on a full pipe.
    anvil.stdout!.on('data', (chunk: Buffer) => {
      if (found) return;
      stdout += chunk.toString();
      const match = /Listening on (\S+:\d+)/.exec(stdout);
      if (!match) return;
      found = true;
      clearTimeout(timer);
      resolve(match[1]!);
    });
    anvil.once('exit', () => {
      clearTimeout(timer);
      if (!found) reject(new Error(`anvil exited: ${stderr().trim()}`));
    });
  });
}

async function waitForRpc(rpcUrl: string, anvil: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (anvil.exitCode !== null) throw new Error(`anvil exited: ${stderr().trim()}`);
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`anvil did not answer at ${rpcUrl}: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
