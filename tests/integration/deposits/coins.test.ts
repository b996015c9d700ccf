import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createTestClient, http, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { COINS, type Coin } from '@/shared/coins';
import { devWallet } from '@/dev/dev-chain';
import { testToken18 } from '@/dev/contracts/compiled.gen';
import type { Db } from '@/server/db/db';
import { createDeposit } from '@/server/domain/deposits/deposits';
import { type CoinType, getAllUserTransactions, getTransaction } from '@/shared/contract/deposits';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import {
  answerOf,
  databaseKinds,
  openTestDatabase,
  registerUser,
  startTestApp,
  type TestApp,
  type TestClient,
  type TestDatabase,
} from '../../helpers/server';
import { balanceCentsOf, openDeposit } from '../../helpers/deposits';
import { moneyInvariantViolations } from '../../reliability/support/invariants';

/** Where the test places its 18-decimal token on the dev chain. */
const TOKEN18: Address = '0x0000000000000000000000000000000000001818';
/** One whole token in its smallest units. */
const TOKEN = 10n ** 18n;
/** A coin with 18 decimals counted 1:1 with the dollar: the registry entry a new coin would be. */
const TST18 = {
  type: 'tst18',
  symbol: 'TST18',
  decimals: 18,
  price: 'usd-1:1',
  contracts: { [foundry.id]: TOKEN18 },
} as const satisfies Coin;
const coins = [...COINS, TST18];

/**
 * Issue 34 point 3: coins are data. A coin of 18 decimals added to the registry (and to the database's
 * list of coins, as its migration would) is asked for, found and credited to the cent, never 10^12
 * times its worth.
 */
describe.each(databaseKinds())('an 18-decimal coin on %s against anvil', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let chain: TestChain;
  let server: TestApp;

  beforeAll(async () => {
    [database, chain] = await Promise.all([openTestDatabase(kind), startTestChain()]);
    db = database.db;
    // What the coin's migration does: the database takes its name.
    const names = coins.map((coin) => `'${coin.type}'`).join(', ');
    for (const table of ['deposits', 'chain_transfers']) {
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_coin_type_check`);
      await db.query(`ALTER TABLE ${table} ADD CHECK (coin_type IN (${names}))`);
    }
    await placeToken18(chain);
    // The contract names the shipped coins (COIN_TYPES): answers about this test's own coin are
    // outside it, so they are not checked against it (CHECK_ANSWERS); these tests check them exactly.
    server = await startTestApp(db, { ...chain.env(), CHECK_ANSWERS: 'off' }, { coins });
  });

  afterAll(async () => {
    await server?.close();
    await chain?.stop();
    await database?.close();
  });

  // The books after each test: every balance equals its ledger, each transfer credited once.
  afterEach(async () => expect(await moneyInvariantViolations(db, coins)).toEqual([]));

  const detail = async (client: TestClient, id: number) =>
    answerOf(await client.call(getTransaction, { transaction_id: id })).data;
  const list = async (client: TestClient) =>
    answerOf(await client.call(getAllUserTransactions, {})).data;
  /** A request in the test coin (the API's contract offers ETH, USDC and USDT only). */
  const open = async (userId: number, dollars: number) => {
    const { app } = server;
    const row = await createDeposit(app.db, app.chain!, app.depositSettings, userId, {
      amountCents: dollars * 100,
      coinType: TST18.type as CoinType,
    });
    return { id: Number(row.id), to: row.wallet_address as Address };
  };
  const pay = async (to: Address, units: bigint) => {
    const hash = await devWallet(chain.rpcUrl, chain.payers[0]!).writeContract({
      address: TOKEN18,
      abi: testToken18.abi,
      functionName: 'transfer',
      args: [to, units],
    });
    await waitMined(chain, hash);
  };
  const sync = () => server.app.depositWatcher!.syncNow();

  it('asks the amount in its 18 decimals and credits a full payment to the cent', async () => {
    const { client, userId } = await registerUser(server);
    const { id, to } = await open(userId, 150);
    const asked = await detail(client, id);
    expect(asked).toMatchObject({
      coinType: 'tst18',
      ethAmount: '150.000000',
      amountUnits: (150n * TOKEN).toString(),
      paymentUri: `ethereum:${TOKEN18}@31337/transfer?address=${to}&uint256=${150n * TOKEN}`,
    });
    await pay(to, 150n * TOKEN);
    await sync();
    expect(await detail(client, id)).toMatchObject({
      status: 'confirmed',
      receivedAmount: '150.000000',
      creditedAmount: 150,
      origin: 'request',
      late: false,
    });
    expect(await balanceCentsOf(db, userId)).toBe(150_00);
  });

  it('credits a part at what it is worth, and completes the request one cent short', async () => {
    const { client, userId } = await registerUser(server);
    const { id, to } = await open(userId, 100);
    // 60.005 tokens: $60.00, the half cent rounded down.
    await pay(to, 60n * TOKEN + 5n * 10n ** 15n);
    await sync();
    expect(await detail(client, id)).toMatchObject({
      status: 'pending',
      receivedAmount: '60.005000',
      creditedAmount: 60,
    });
    // 39.985 more: 99.99 of 100 arrived, what was asked less one cent (10^16 units).
    await pay(to, 39n * TOKEN + 985n * 10n ** 15n);
    await sync();
    expect(await detail(client, id)).toMatchObject({
      status: 'confirmed',
      receivedAmount: '99.990000',
      creditedAmount: 100,
    });
    expect(await balanceCentsOf(db, userId)).toBe(100_00);
  });

  it('credits a payment nobody asked for at its worth, rounded down to the cent', async () => {
    const { client, userId } = await registerUser(server);
    // An open USDC request gives the advertiser's address; no request of the test coin is open.
    const usdc = await openDeposit(client, 100, 'usdc');
    await pay(usdc.to as Address, 12n * TOKEN + 345_678_901_234_567_890n);
    await sync();
    const [unrequested] = (await list(client)).filter(
      (deposit) => deposit.coinType === (TST18.type as CoinType),
    );
    expect(unrequested).toMatchObject({
      status: 'confirmed',
      origin: 'unrequested',
      receivedAmount: '12.345678',
      creditedAmount: 12.34,
    });
    expect(await balanceCentsOf(db, userId)).toBe(12_34);
  });

  it('refuses a request in a coin not taken on this chain, and opens nothing', async () => {
    const { client, userId } = await registerUser(server);
    const { app } = server;
    // USDC as a server on another chain would list it: its contract on mainnet only.
    const mainnetOnly = COINS.map((coin) =>
      coin.type === 'usdc' ? { ...coin, contracts: { 1: coin.contracts[1] } } : coin,
    );
    const settings = { ...app.depositSettings, coins: mainnetOnly };
    // Before, a request opened with a payment link for the chain's own coin (ETH) of its units.
    await expect(
      createDeposit(app.db, app.chain!, settings, userId, {
        amountCents: 12_000,
        coinType: 'usdc',
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'USDC deposits are not available right now. Please choose another coin.',
    });
    expect(await list(client)).toEqual([]);
  });
});

/** Places the 18-decimal test token on the chain and gives each payer 1,000,000 of it. */
async function placeToken18(chain: TestChain): Promise<void> {
  const test = createTestClient({ mode: 'anvil', chain: foundry, transport: http(chain.rpcUrl) });
  await test.setCode({ address: TOKEN18, bytecode: testToken18.runtimeBytecode });
  const deployer = chain.payers[0]!;
  let last: Hex | undefined;
  for (const payer of chain.payers) {
    last = await devWallet(chain.rpcUrl, deployer).writeContract({
      address: TOKEN18,
      abi: testToken18.abi,
      functionName: 'mint',
      args: [payer, 1_000_000n * TOKEN],
    });
  }
  await waitMined(chain, last!);
}

async function waitMined(chain: TestChain, hash: Hex): Promise<void> {
  const reader = createPublicClient({
    chain: foundry,
    transport: http(chain.rpcUrl),
    cacheTime: 0,
  });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`${hash} reverted`);
}
