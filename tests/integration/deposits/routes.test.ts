import { execFile } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import type { Transaction } from '../../../src/shared/contract/deposits';
import { devChainRoutes, setDevPrice } from '../../../src/dev/dev-chain';
import { buildApp } from '../../../src/server/app';
import { MAINNET } from '../../../src/server/domain/chain';
import { ledgerSumCents } from '../../../src/server/domain/ledger';
import type { Db } from '../../../src/server/db/db';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import {
  databaseKinds,
  openTestDatabase,
  registerUser,
  startTestApp,
  type TestApp,
  type TestClient,
  type TestDatabase,
} from '../../helpers/server';

type Answer = { success: boolean; message: string; data: Transaction };
type ListAnswer = { success: boolean; message: string; data: Transaction[] };

const NOT_YET = 'Payment not found yet. Please try again in a minute.';
const UNDERPAID =
  'Payment verification failed: less than the amount due arrived. Underpaid transfers are non-refundable.';

describe.each(databaseKinds())('crypto deposits on %s against anvil', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let chain: TestChain;
  let server: TestApp;

  beforeAll(async () => {
    [database, chain] = await Promise.all([openTestDatabase(kind), startTestChain()]);
    db = database.db;
    server = await startTestApp(db, chain.env());
  });

  afterAll(async () => {
    await server?.close();
    await chain?.stop();
    await database?.close();
  });

  const balanceCents = async (userId: number) =>
    Number(
      (
        await db.query<{ b: number }>('SELECT balance_cents AS b FROM users WHERE id = $1', [
          userId,
        ])
      )[0]!.b,
    );
  const notifications = async (userId: number) =>
    (
      await db.query<{ message: string; read: boolean }>(
        'SELECT message, read FROM notifications WHERE user_id = $1 ORDER BY id',
        [userId],
      )
    ).map((row) => row.message);
  const deposit = (client: TestClient, amount: number, coinType: string) =>
    client.post<Answer>('/api/top-up-balance-v2', { amount, coinType });
  const verify = (client: TestClient, id: number, address: Address) =>
    client.post<Answer>('/api/verify-transaction-v2', { address, crmTransactionId: id });
  const payFor = (from: Address, transaction: Transaction) =>
    chain.pay(from, {
      coinType: transaction.coinType,
      to: transaction.to as Address,
      units: BigInt(transaction.amountUnits),
    });

  describe('top-up-balance-v2', () => {
    it.each([
      [{ amount: 'abc', coinType: 'usdc' }, 'Please enter a valid amount'],
      [{ coinType: 'usdc' }, 'Please enter a valid amount'],
      [{ amount: 99.99, coinType: 'usdc' }, 'Minimum deposit amount is $100'],
      [{ amount: 10000.01, coinType: 'usdc' }, 'Maximum deposit amount is $10,000'],
      [{ amount: 100.005, coinType: 'usdc' }, 'Amounts can have at most 2 decimals'],
      [{ amount: 100, coinType: 'btc' }, 'Please choose ETH, USDC or USDT'],
    ])('refuses %j with "%s"', async (body, message) => {
      const { client } = await registerUser(server);
      const response = await client.post('/api/top-up-balance-v2', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message });
    });

    it('needs a signed-in advertiser', async () => {
      const response = await server.client().post('/api/top-up-balance-v2', { amount: 100 });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Not authenticated' });
    });

    it('creates a pending USDC deposit with its exact amount, wallet and EIP-681 link', async () => {
      const { client } = await registerUser(server);
      const response = await deposit(client, 123.45, 'usdc');
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        success: true,
        message: 'Transaction created successfully',
        data: {
          id: expect.any(Number),
          hash: null,
          status: 'pending',
          amount: 123.45,
          coinType: 'usdc',
          ethAmount: '123.450001',
          amountUnits: '123450001',
          ethUsdPrice: null,
          from: null,
          to: chain.walletAddress,
          paymentUri: `ethereum:${MAINNET.usdc}@31337/transfer?address=${chain.walletAddress}&uint256=123450001`,
          createdAt: expect.any(String),
          expiresAt: null,
        },
      });
    });

    it('gives each pending deposit of a coin its own amount, and frees it when deleted', async () => {
      const first = await registerUser(server);
      const second = await registerUser(server);
      const a = (await deposit(first.client, 777, 'usdt')).body.data;
      const b = (await deposit(second.client, 777, 'usdt')).body.data;
      const c = (await deposit(first.client, 777, 'usdc')).body.data;
      expect([a.ethAmount, b.ethAmount, c.ethAmount]).toEqual([
        '777.000001',
        '777.000002',
        '777.000001',
      ]);
      const deleted = await first.client.post('/api/delete-transaction', { transaction_id: a.id });
      expect(deleted.body).toEqual({ success: true, message: 'Transaction deleted successfully' });
      expect((await deposit(second.client, 777, 'usdt')).body.data.ethAmount).toBe('777.000001');
    });

    it('prices ETH at the feed (held 15 minutes) and shows 6 decimals', async () => {
      const { client } = await registerUser(server);
      const { data } = (await deposit(client, 100, 'eth')).body;
      // $100 at $3,000.00 = 0.0333333… ETH, rounded up to 0.033334, plus 0.000001 to be unique.
      expect(data.ethAmount).toBe('0.033335');
      expect(data.amountUnits).toBe('33335000000000000');
      expect(data.ethUsdPrice).toBe(3000);
      expect(data.paymentUri).toBe(`ethereum:${chain.walletAddress}@31337?value=33335000000000000`);
      expect(Date.parse(data.expiresAt!) - Date.parse(data.createdAt)).toBe(900_000);
    });

    it('refuses ETH with a clear message while the price is stale or missing; stablecoins go on', async () => {
      const { client } = await registerUser(server);
      const twoHoursAgo = BigInt(Math.floor(Date.now() / 1000) - 7200);
      await chain.setRoundData(3000_00000000n, twoHoursAgo);
      expect((await deposit(client, 100, 'eth')).body).toEqual({
        success: false,
        message:
          'The ETH price is out of date right now. Please try again later or pay with USDC or USDT.',
      });
      await chain.setRoundData(0n, BigInt(Math.floor(Date.now() / 1000)));
      const missing = await deposit(client, 100, 'eth');
      expect(missing.status).toBe(503);
      expect(missing.body.message).toBe(
        'The ETH price is not available right now. Please try again later or pay with USDC or USDT.',
      );
      expect((await deposit(client, 100, 'usdc')).status).toBe(201);
      await setDevPrice(chain.rpcUrl);
      expect((await deposit(client, 100, 'eth')).status).toBe(201);
    });
  });

  describe('verify-transaction-v2', () => {
    it.each(['usdc', 'usdt', 'eth'])(
      'confirms a %s deposit paid with the exact amount and credits it once',
      async (coin) => {
        const { client, userId } = await registerUser(server);
        const payer = chain.payers[0]!;
        const { data } = (await deposit(client, 250.5, coin)).body;
        expect((await verify(client, data.id, payer)).body).toEqual({
          success: false,
          message: NOT_YET,
        });

        const hash = await payFor(payer, data);
        const first = await verify(client, data.id, payer);
        expect(first.status).toBe(200);
        expect(first.body).toEqual({
          success: true,
          message: 'Payment verification successful!',
          data: { ...data, status: 'confirmed', hash, from: payer },
        });
        const again = await verify(client, data.id, payer);
        expect(again.status).toBe(200);
        expect(await balanceCents(userId)).toBe(25050);
        expect(await ledgerSumCents(db.read, userId)).toBe(25050);
        expect(await notifications(userId)).toEqual([
          `Your deposit of $250.50 in ${coin.toUpperCase()} is confirmed and was added to your balance.`,
        ]);
      },
    );

    it('fails an underpaid deposit, credits nothing and says it is non-refundable', async () => {
      const { client, userId } = await registerUser(server);
      const payer = chain.payers[1]!;
      const { data } = (await deposit(client, 200, 'usdc')).body;
      await chain.pay(payer, { coinType: 'usdc', to: chain.walletAddress, units: 199_000_000n });
      const response = await verify(client, data.id, payer);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: UNDERPAID });
      // Paying the rest later changes nothing: the deposit failed.
      await payFor(payer, data);
      expect((await verify(client, data.id, payer)).body.message).toBe(UNDERPAID);
      expect(await balanceCents(userId)).toBe(0);
      const list = await client.post<ListAnswer>('/api/get-all-user-transactions', {
        action: 'failed',
      });
      expect(list.body.data.map((t) => [t.id, t.status, t.from])).toEqual([
        [data.id, 'failed', payer],
      ]);
      expect(await notifications(userId)).toEqual([
        'Your deposit of $200.00 in USDC failed: 199.000000 USDC arrived instead of 200.000001 USDC. Underpaid transfers are non-refundable.',
      ]);
    });

    it('credits once when 50 verifications race', async () => {
      const { client, userId } = await registerUser(server);
      const payer = chain.payers[2]!;
      const { data } = (await deposit(client, 1000, 'usdt')).body;
      await payFor(payer, data);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => verify(client, data.id, payer)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
      expect(await balanceCents(userId)).toBe(100000);
      const credits = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = $1 AND kind = 'deposit'",
        [userId],
      );
      expect(credits[0]!.n).toBe(1);
    });

    it("gains nothing for another advertiser who names someone else's sender address", async () => {
      const owner = await registerUser(server);
      const other = await registerUser(server);
      const payer = chain.payers[3]!;
      const mine = (await deposit(owner.client, 300, 'usdc')).body.data;
      const theirs = (await deposit(other.client, 300, 'usdc')).body.data;
      const smaller = (await deposit(other.client, 250, 'usdc')).body.data;
      expect([mine.ethAmount, theirs.ethAmount]).toEqual(['300.000001', '300.000002']);
      await payFor(payer, mine);

      // The payment is less than theirs but is what another pending deposit waits for: no failure.
      expect((await verify(other.client, theirs.id, payer)).body.message).toBe(NOT_YET);
      // More than the smaller one: not theirs either.
      expect((await verify(other.client, smaller.id, payer)).body.message).toBe(NOT_YET);
      expect((await verify(other.client, mine.id, payer)).status).toBe(404);
      // The address in any letter case.
      const lower = payer.toLowerCase() as Address;
      expect((await verify(owner.client, mine.id, lower)).status).toBe(200);
      // Once taken, the transfer counts for no one else.
      expect((await verify(other.client, theirs.id, payer)).body.message).toBe(NOT_YET);
      expect(await balanceCents(other.userId)).toBe(0);
      expect(await balanceCents(owner.userId)).toBe(30000);
    });

    it('refuses a bad address and an unknown transaction', async () => {
      const { client } = await registerUser(server);
      const bad = await client.post('/api/verify-transaction-v2', {
        address: '0x123',
        crmTransactionId: 1,
      });
      expect(bad.body).toEqual({
        success: false,
        message: 'Please enter a valid Ethereum address (0x followed by 40 hex characters)',
      });
      const unknown = await verify(client, 999_999, chain.payers[0]!);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, message: 'Transaction not found' });
    });
  });

  describe('delete-transaction and get-all-user-transactions', () => {
    it("deletes only the caller's own pending transaction and lists newest first", async () => {
      const owner = await registerUser(server);
      const other = await registerUser(server);
      const payer = chain.payers[4]!;
      const paid = (await deposit(owner.client, 100, 'usdc')).body.data;
      await payFor(payer, paid);
      await verify(owner.client, paid.id, payer);
      const pending = (await deposit(owner.client, 101, 'usdt')).body.data;
      const later = (await deposit(owner.client, 102, 'usdc')).body.data;

      const notYours = await other.client.post('/api/delete-transaction', {
        transaction_id: pending.id,
      });
      expect(notYours.status).toBe(404);
      expect(notYours.body).toEqual({ success: false, message: 'Transaction not found' });
      const confirmed = await owner.client.post('/api/delete-transaction', {
        transaction_id: paid.id,
      });
      expect(confirmed.status).toBe(400);
      expect(confirmed.body).toEqual({
        success: false,
        message: 'Only a pending transaction can be deleted',
      });

      const all = await owner.client.post<ListAnswer>('/api/get-all-user-transactions', {
        action: 'all',
      });
      expect(all.body.success).toBe(true);
      expect(all.body.message).toBe('Transactions fetched successfully');
      expect(all.body.data.map((t) => t.id)).toEqual([later.id, pending.id, paid.id]);
      const pendingOnly = await owner.client.post<ListAnswer>('/api/get-all-user-transactions', {
        action: 'pending',
      });
      expect(pendingOnly.body.data.map((t) => t.id)).toEqual([later.id, pending.id]);
      const confirmedOnly = await owner.client.post<ListAnswer>('/api/get-all-user-transactions', {
        action: 'confirmed',
      });
      expect(confirmedOnly.body.data.map((t) => [t.id, t.status])).toEqual([
        [paid.id, 'confirmed'],
      ]);

      expect(
        (await owner.client.post('/api/delete-transaction', { transaction_id: pending.id })).status,
      ).toBe(200);
      const after = await owner.client.post<ListAnswer>('/api/get-all-user-transactions', {
        action: 'pending',
      });
      expect(after.body.data.map((t) => t.id)).toEqual([later.id]);
      const others = await other.client.post<ListAnswer>('/api/get-all-user-transactions', {
        action: 'all',
      });
      expect(others.body.data).toEqual([]);
    });
  });

  describe('confirmations and reorgs (CONFIRMATIONS=2)', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await startTestApp(db, chain.env({ CONFIRMATIONS: '2' }));
    });
    afterAll(async () => {
      await strict?.close();
    });

    it('waits for the second block before crediting', async () => {
      const { client, userId } = await registerUser(strict);
      const payer = chain.payers[5]!;
      const { data } = (await deposit(client, 400, 'usdc')).body;
      await payFor(payer, data);
      expect((await verify(client, data.id, payer)).body.message).toBe(NOT_YET);
      await chain.mine(1);
      expect((await verify(client, data.id, payer)).status).toBe(200);
      expect(await balanceCents(userId)).toBe(40000);
    });

    it('does not credit a transfer a reorg removed before its confirmations', async () => {
      const { client, userId } = await registerUser(strict);
      const payer = chain.payers[5]!;
      const { data } = (await deposit(client, 500, 'eth')).body;
      await payFor(payer, data);
      expect((await verify(client, data.id, payer)).body.message).toBe(NOT_YET);
      await chain.reorg(1);
      await chain.mine(2);
      expect((await verify(client, data.id, payer)).body.message).toBe(NOT_YET);
      expect(await balanceCents(userId)).toBe(0);
    });
  });

  describe('npm run dev:pay', () => {
    let devApp: FastifyInstance;
    let apiUrl: string;
    beforeAll(async () => {
      devApp = await buildApp({ config: server.config, db, devRoutes: devChainRoutes });
      apiUrl = await devApp.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await devApp?.close();
    });

    const runPay = (...args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'src/dev/pay.ts', ...args],
          { env: { ...process.env, API_URL: apiUrl } },
          (error, stdout, stderr) =>
            resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
        );
      });

    it('pays a pending deposit exactly from a test account and prints the sender', async () => {
      const { client, userId } = await registerUser(server);
      const { data } = (await deposit(client, 321, 'usdt')).body;
      const paid = await runPay(String(data.id), '--account', '7');
      expect(paid.stderr).toBe('');
      expect(paid.code).toBe(0);
      const sender = chain.payers[6]!;
      expect(paid.stdout).toContain(`Paid ${data.ethAmount} USDT`);
      expect(paid.stdout).toContain(`Sender address (paste it into the verify form): ${sender}`);
      expect((await verify(client, data.id, sender)).status).toBe(200);
      expect(await balanceCents(userId)).toBe(32100);

      const again = await runPay(String(data.id));
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe(
        `Could not pay transaction ${data.id} via ${apiUrl}: transaction ${data.id} is confirmed`,
      );
    });

    it('reports an unknown transaction; the route does not exist in production', async () => {
      const unknown = await runPay('999999');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr.trim()).toBe(
        `Could not pay transaction 999999 via ${apiUrl}: Transaction not found`,
      );
      const production = await buildApp({
        config: { ...server.config, production: true },
        db,
        devRoutes: devChainRoutes,
      });
      try {
        const response = await production.inject({ method: 'GET', url: '/api/dev/deposits/1' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, message: 'Not found' });
      } finally {
        await production.close();
      }
    });
  });

  it('answers 503 with a clear message when no chain is configured', async () => {
    const bare = await startTestApp(db);
    try {
      const { client } = await registerUser(bare);
      const response = await deposit(client, 100, 'usdc');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        success: false,
        message: 'Deposits are not available right now. Please try again later.',
      });
    } finally {
      await bare.close();
    }
  });

  // Last: it moves the chain's clock 15 minutes ahead for good.
  it('does not credit an ETH transfer made after the 15 minutes', async () => {
    const { client, userId } = await registerUser(server);
    const payer = chain.payers[6]!;
    const { data } = (await deposit(client, 100, 'eth')).body;
    // A minute past the window: anvil's whole-second clock may lag the server's by up to a second.
    await chain.increaseTime(960);
    await payFor(payer, data);
    const response = await verify(client, data.id, payer);
    expect(response.body).toEqual({
      success: false,
      message: 'Transaction expired. Please create a new transaction.',
    });
    expect(response.status).toBe(400);
    expect(await balanceCents(userId)).toBe(0);
  });
});
