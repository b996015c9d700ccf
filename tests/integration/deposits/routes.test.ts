import { execFile } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { devChainRoutes, setDevPrice, TOKEN_CONTRACTS } from '@/dev/dev-chain';
import { buildApp } from '@/server/app';
import { ledgerSumCents } from '@/server/domain/ledger';
import { expireDeposits } from '@/server/jobs/expire-deposits';
import {
  deleteTransaction,
  getAllUserTransactions,
  getTransaction as getTransactionEndpoint,
  topUpBalance,
  type CoinType,
  type Transaction,
  type TransactionsFilter,
  verifyTransaction,
} from '@/shared/contract/deposits';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import { useTestApp } from '../../helpers/fixtures';
import {
  answerOf,
  databaseKinds,
  registerUser,
  startTestApp,
  type TestApp,
  type TestClient,
} from '../../helpers/server';
import { balanceCentsOf, notificationsOf } from '../../helpers/deposits';

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const NOT_YET = 'Payment not found yet. Please try again in a minute.';
const VERIFIED = 'Payment verification successful!';
const NOT_FOUND = { success: false, message: 'Transaction not found' };
const AWAITING_CONFIRMATIONS =
  'Payment detected. It is added to your balance automatically once it has enough confirmations.';
const PAYMENT_ARRIVED =
  'A payment to this deposit has arrived, so it cannot be deleted. It is added to your balance once confirmed.';

describe.each(databaseKinds())('crypto deposits on %s against anvil', (kind) => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await startTestChain();
  });
  afterAll(async () => {
    await chain?.stop();
  });
  const t = useTestApp(kind, () => chain.env());

  const balanceCents = (userId: number) => balanceCentsOf(t.db, userId);
  const ledger = async (userId: number) =>
    (
      await t.db.query<{ amount_cents: number; reference: string }>(
        `SELECT amount_cents, reference FROM ledger_entries WHERE user_id = $1 AND kind = 'deposit'
          ORDER BY id`,
        [userId],
      )
    ).map((row) => [Number(row.amount_cents), row.reference]);
  /** The ledger reference of the transfer in transaction `hash`: `transfer:<chain_transfers.id>`. */
  const transferReference = async (hash: Hex) =>
    `transfer:${(await t.db.query<{ id: number }>('SELECT id FROM chain_transfers WHERE tx_hash = $1', [hash]))[0]!.id}`;
  const notifications = (userId: number) => notificationsOf(t.db, userId);
  /** m/44'/60'/1'/0/i of the dev mnemonic, i being the advertiser's issued index. */
  const depositAddressOf = async (userId: number) => {
    const [row] = await t.db.query<{ derivation_index: number }>(
      'SELECT derivation_index FROM deposit_addresses WHERE user_id = $1',
      [userId],
    );
    return mnemonicToAccount(DEV_MNEMONIC, {
      accountIndex: 1,
      addressIndex: Number(row!.derivation_index),
    }).address;
  };
  const reader = () => createPublicClient({ chain: foundry, transport: http(chain.rpcUrl) });
  /** The block a transaction was mined in: its number and time. */
  const blockOf = async (hash: Hex) => {
    const { blockNumber } = await reader().getTransactionReceipt({ hash });
    const block = await reader().getBlock({ blockNumber });
    return {
      number: blockNumber,
      time: new Date(Number(block.timestamp) * 1000).toISOString(),
    };
  };
  const deposit = (client: TestClient, amount: number, coinType: CoinType) =>
    client.call(topUpBalance, { amount, coinType });
  const verify = (client: TestClient, id: number, address: string) =>
    client.call(verifyTransaction, { address, crmTransactionId: id });
  const getTransaction = (client: TestClient, id: number | string) =>
    client.call(getTransactionEndpoint, { transaction_id: id });
  const list = async (client: TestClient, action: TransactionsFilter) =>
    answerOf(await client.call(getAllUserTransactions, { action })).data;
  const pay = (from: Address, transaction: Transaction, units = BigInt(transaction.amountUnits)) =>
    chain.pay(from, { coinType: transaction.coinType, to: transaction.to as Address, units });

  describe('top-up-balance-v2', () => {
    it.each([
      [{ amount: 'abc', coinType: 'usdc' }, 'Please enter a valid amount'],
      [{ coinType: 'usdc' }, 'Please enter a valid amount'],
      [{ amount: 99.99, coinType: 'usdc' }, 'Minimum deposit amount is $100'],
      [{ amount: 10000.01, coinType: 'usdc' }, 'Maximum deposit amount is $10,000'],
      [{ amount: 100.005, coinType: 'usdc' }, 'Amounts can have at most 2 decimals'],
      [{ amount: 100, coinType: 'btc' }, 'Please choose ETH, USDC or USDT'],
    ])('refuses %j with "%s"', async (body, message) => {
      const { client } = await registerUser(t.server);
      const response = await client.post('/api/top-up-balance-v2', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message });
    });

    it('needs a signed-in advertiser', async () => {
      const response = await t.server.client().call(topUpBalance, { amount: 100 });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Not authenticated' });
    });

    it("opens a USDC request for the plain amount, paid to the advertiser's own address", async () => {
      const { client, userId } = await registerUser(t.server);
      const response = await deposit(client, 123.45, 'usdc');
      expect(response.status).toBe(201);
      const to = await depositAddressOf(userId);
      expect(response.body).toEqual({
        success: true,
        message: 'Transaction created successfully',
        data: {
          id: expect.any(Number),
          hash: null,
          status: 'pending',
          amount: 123.45,
          coinType: 'usdc',
          ethAmount: '123.450000',
          amountUnits: '123450000',
          ethUsdPrice: null,
          from: null,
          to,
          paymentUri: `ethereum:${TOKEN_CONTRACTS.usdc.address}@31337/transfer?address=${to}&uint256=123450000`,
          createdAt: expect.any(String),
          expiresAt: expect.any(String),
          receivedAmount: '0.000000',
          creditedAmount: 0,
          confirmations: null,
          late: false,
          origin: 'request',
          confirmedAt: null,
          serverTime: expect.any(String),
        },
      });
      const { createdAt, expiresAt, serverTime } = answerOf(response, 201).data;
      // Issue 31: the answer's own time, on the clock that set expiresAt (the page counts down on it).
      expect(Date.parse(serverTime)).toBeGreaterThanOrEqual(Date.parse(createdAt));
      expect(Math.abs(Date.parse(serverTime) - Date.now())).toBeLessThan(5_000);
      // STABLECOIN_PAYMENT_WINDOW_HOURS: 24 by default.
      expect(Date.parse(expiresAt!) - Date.parse(createdAt)).toBe(24 * 3600 * 1000);
      expect(chain.payers).not.toContain(to);
    });

    it('asks every advertiser the same plain amount, each at their own address, one open request per coin', async () => {
      const first = await registerUser(t.server);
      const second = await registerUser(t.server);
      const a = answerOf(await deposit(first.client, 777, 'usdt'), 201).data;
      const b = answerOf(await deposit(second.client, 777, 'usdt'), 201).data;
      const c = answerOf(await deposit(first.client, 777, 'usdc'), 201).data;
      expect([a, b, c].map((t) => [t.ethAmount, t.amountUnits])).toEqual([
        ['777.000000', '777000000'],
        ['777.000000', '777000000'],
        ['777.000000', '777000000'],
      ]);
      expect(c.to).toBe(a.to);
      expect(b.to).not.toBe(a.to);

      // A new USDT request replaces the unpaid one: it is gone, without a word.
      const d = answerOf(await deposit(first.client, 500, 'usdt'), 201).data;
      expect(d.to).toBe(a.to);
      expect((await list(first.client, 'all')).map((t) => [t.id, t.coinType, t.status])).toEqual([
        [d.id, 'usdt', 'pending'],
        [c.id, 'usdc', 'pending'],
      ]);
      expect((await getTransaction(first.client, a.id)).body).toEqual(NOT_FOUND);
      expect((await list(second.client, 'pending')).map((t) => t.id)).toEqual([b.id]);
      expect(await notifications(first.userId)).toEqual([]);

      const deleted = await first.client.call(deleteTransaction, { transaction_id: d.id });
      expect(deleted.body).toEqual({ success: true, message: 'Transaction deleted successfully' });
      expect((await list(first.client, 'all')).map((t) => t.id)).toEqual([c.id]);
    });

    it('ends a part-paid request as underpaid when a new one of the coin replaces it', async () => {
      const { client, userId } = await registerUser(t.server);
      const payer = chain.payers[0]!;
      const older = answerOf(await deposit(client, 200, 'usdc'), 201).data;
      const hash = await pay(payer, older, 50_000_000n);
      expect((await verify(client, older.id, payer)).body).toEqual({
        success: false,
        message:
          '50.000000 USDC of 200.000000 USDC has arrived so far and $50.00 was added to your balance. Send the rest to the same address before the deposit closes, or start a new deposit.',
      });
      const refused = await client.call(deleteTransaction, { transaction_id: older.id });
      expect(refused.status).toBe(400);
      // Issue 33 point 7: it says the part was added (it said "…once confirmed", though it was).
      expect(refused.body).toEqual({
        success: false,
        message:
          'Part of this deposit has arrived and was added to your balance, so it cannot be deleted. Send the rest to the same address, or start a new deposit.',
      });

      const newer = await deposit(client, 300, 'usdc');
      expect(newer.status).toBe(201);
      expect(answerOf(await getTransaction(client, older.id)).data).toMatchObject({
        status: 'failed',
        receivedAmount: '50.000000',
        creditedAmount: 50,
        hash,
        from: payer,
      });
      expect((await verify(client, older.id, payer)).body).toEqual({
        success: false,
        message:
          'Payment verification failed: only 50.000000 USDC of 200.000000 USDC arrived before the deposit closed. The $50.00 it was worth was added to your balance (no crypto is sent back). Start a new deposit for the rest.',
      });
      expect(await ledger(userId)).toEqual([[5_000, await transferReference(hash)]]);
      expect(await notifications(userId)).toEqual([
        '50.000000 USDC arrived for your deposit of $200.00 in USDC and $50.00 was added to your balance. 150.000000 USDC is still due.',
        'Your deposit of $200.00 in USDC ended underpaid: 50.000000 USDC of 200.000000 USDC arrived, and the $50.00 it was worth was added to your balance. No crypto is sent back; start a new deposit for the rest.',
      ]);
    });

    it('issue 31: ends the open request of the coin only when it is the one the screen named', async () => {
      const { client, userId } = await registerUser(t.server);
      const open = answerOf(await deposit(client, 200, 'usdc'), 201).data;
      const openNow = async () =>
        (await list(client, 'pending')).map((t) => [t.id, t.amount, t.coinType]);
      const refusal = {
        success: false,
        message:
          'Your open deposit in this coin changed in the meantime. Please look at it again before starting a new one.',
      };
      // The screen showed none (opened on another device since), or another one: nothing changes.
      for (const replaces of [null, open.id + 1000]) {
        const refused = await client.call(topUpBalance, {
          amount: 300,
          coinType: 'usdc',
          replaces,
        });
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual(refusal);
        expect(await openNow()).toEqual([[open.id, 200, 'usdc']]);
      }
      // Another coin's open request is not this one's business.
      const eth = await client.call(topUpBalance, {
        amount: 100,
        coinType: 'eth',
        replaces: null,
      });
      expect(eth.status).toBe(201);
      // The one named: it is ended (unpaid, deleted) and the new one opens.
      const replaced = await client.call(topUpBalance, {
        amount: 300,
        coinType: 'usdc',
        replaces: open.id,
      });
      expect(replaced.status).toBe(201);
      expect((await getTransaction(client, open.id)).body).toEqual(NOT_FOUND);
      expect(await openNow()).toEqual([
        [answerOf(replaced, 201).data.id, 300, 'usdc'],
        [answerOf(eth, 201).data.id, 100, 'eth'],
      ]);
      // Named, but closed meanwhile (deleted here on another device): nothing left to end.
      await client.call(deleteTransaction, { transaction_id: answerOf(replaced, 201).data.id });
      const again = await client.call(topUpBalance, {
        amount: 400,
        coinType: 'usdc',
        replaces: answerOf(replaced, 201).data.id,
      });
      expect(again.status).toBe(201);
      expect(await notifications(userId)).toEqual([]);
    });

    it('issue 31: a part-paid request named by the screen ends as underpaid, what arrived credited', async () => {
      const { client, userId } = await registerUser(t.server);
      const payer = chain.payers[0]!;
      const older = answerOf(await deposit(client, 200, 'usdt'), 201).data;
      await pay(payer, older, 80_000_000n);
      await verify(client, older.id, payer);
      const refused = await client.call(topUpBalance, {
        amount: 300,
        coinType: 'usdt',
        replaces: null,
      });
      expect(refused.status).toBe(409);
      expect(answerOf(await getTransaction(client, older.id)).data).toMatchObject({
        status: 'pending',
        receivedAmount: '80.000000',
        creditedAmount: 80,
      });
      const newer = await client.call(topUpBalance, {
        amount: 300,
        coinType: 'usdt',
        replaces: older.id,
      });
      expect(newer.status).toBe(201);
      expect(answerOf(await getTransaction(client, older.id)).data).toMatchObject({
        status: 'failed',
        receivedAmount: '80.000000',
        creditedAmount: 80,
      });
      expect(await balanceCents(userId)).toBe(8_000);
    });

    it('prices ETH at the feed (held 15 minutes) and shows 6 decimals, rounded up', async () => {
      const { client } = await registerUser(t.server);
      const { data } = answerOf(await deposit(client, 100, 'eth'), 201);
      // $100 at $3,000.00 = 0.0333333… ETH, rounded up to 0.033334 so that it pays the whole $100.
      expect(data.ethAmount).toBe('0.033334');
      expect(data.amountUnits).toBe('33334000000000000');
      expect(data.ethUsdPrice).toBe(3000);
      expect(data.paymentUri).toBe(`ethereum:${data.to}@31337?value=33334000000000000`);
      expect(Date.parse(data.expiresAt!) - Date.parse(data.createdAt)).toBe(900_000);
    });

    it('refuses ETH with a clear message while the price is stale or missing; stablecoins go on', async () => {
      const { client } = await registerUser(t.server);
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
    it.each(['usdc', 'usdt', 'eth'] as const)(
      'confirms a %s deposit paid in full and credits it once',
      async (coin) => {
        const { client, userId } = await registerUser(t.server);
        const payer = chain.payers[0]!;
        const { data } = answerOf(await deposit(client, 250.5, coin), 201);
        expect((await verify(client, data.id, payer)).body).toEqual({
          success: false,
          message: NOT_YET,
        });

        const hash = await pay(payer, data);
        const first = await verify(client, data.id, payer);
        expect(first.status).toBe(200);
        expect(first.body).toEqual({
          success: true,
          message: VERIFIED,
          data: {
            ...data,
            serverTime: expect.any(String),
            status: 'confirmed',
            hash,
            from: payer,
            receivedAmount: data.ethAmount,
            creditedAmount: 250.5,
            confirmedAt: expect.any(String),
          },
        });
        const again = await verify(client, data.id, payer);
        expect(again.status).toBe(200);
        // The same answer, at its own time.
        expect(again.body).toEqual({
          ...first.body,
          data: { ...answerOf(first).data, serverTime: expect.any(String) },
        });
        expect(await balanceCents(userId)).toBe(25050);
        expect(await ledgerSumCents(t.db.read, userId)).toBe(25050);
        expect(await ledger(userId)).toEqual([[25050, await transferReference(hash)]]);
        expect(await notifications(userId)).toEqual([
          `Your deposit of $250.50 in ${coin.toUpperCase()} is confirmed and $250.50 was added to your balance.`,
        ]);
      },
    );

    it('keeps a part-paid deposit open; when it closes underpaid, what arrived stays credited and a later payment too', async () => {
      const { client, userId } = await registerUser(t.server);
      const payer = chain.payers[1]!;
      const { data } = answerOf(await deposit(client, 200, 'usdc'), 201);
      await pay(payer, data, 150_000_000n);
      const partPaid = await verify(client, data.id, payer);
      expect(partPaid.status).toBe(400);
      expect(partPaid.body).toEqual({
        success: false,
        message:
          '150.000000 USDC of 200.000000 USDC has arrived so far and $150.00 was added to your balance. Send the rest to the same address before the deposit closes, or start a new deposit.',
      });
      expect(await balanceCents(userId)).toBe(15_000);

      // The window closes with $50.00 still due: the request ends underpaid.
      await t.db.query(
        `UPDATE deposits SET expires_at = now() - interval '2 minutes' WHERE id = $1`,
        [data.id],
      );
      await t.server.app.depositWatcher!.syncNow(); // a pass a minute after the window: it may close
      expect(await expireDeposits(t.db, { stablecoinWindowHours: 24 })).toBe(1);
      const underpaid = {
        success: false,
        message:
          'Payment verification failed: only 150.000000 USDC of 200.000000 USDC arrived before the deposit closed. The $150.00 it was worth was added to your balance (no crypto is sent back). Start a new deposit for the rest.',
      };
      const failed = await verify(client, data.id, payer);
      expect(failed.status).toBe(400);
      expect(failed.body).toEqual(underpaid);

      // Issue 33 point 5: the rest paid after the close completes it, late (before, it was a
      // payment nobody asked for, and the request still read "underpaid").
      await pay(payer, data, 50_000_000n);
      expect((await verify(client, data.id, payer)).body).toMatchObject({
        success: true,
        message: 'Payment verification successful!',
        data: {
          status: 'confirmed',
          late: true,
          receivedAmount: '200.000000',
          creditedAmount: 200,
        },
      });
      expect(await balanceCents(userId)).toBe(20_000);
      expect(await ledgerSumCents(t.db.read, userId)).toBe(20_000);
      expect(
        (await list(client, 'all')).map((t) => [
          t.origin,
          t.status,
          t.amount,
          t.receivedAmount,
          t.creditedAmount,
          t.from,
        ]),
      ).toEqual([['request', 'confirmed', 200, '200.000000', 200, payer]]);
      expect(await notifications(userId)).toEqual([
        '150.000000 USDC arrived for your deposit of $200.00 in USDC and $150.00 was added to your balance. 50.000000 USDC is still due.',
        'Your deposit of $200.00 in USDC ended underpaid: 150.000000 USDC of 200.000000 USDC arrived, and the $150.00 it was worth was added to your balance. No crypto is sent back; start a new deposit for the rest.',
        'Your deposit of $200.00 in USDC was completed late: 50.000000 USDC arrived after its window closed and $50.00 was added to your balance ($200.00 in all).',
      ]);
    });

    it('credits once when 50 verifications race', async () => {
      const { client, userId } = await registerUser(t.server);
      const payer = chain.payers[2]!;
      const { data } = answerOf(await deposit(client, 1000, 'usdt'), 201);
      const hash = await pay(payer, data);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => verify(client, data.id, payer)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
      expect(await balanceCents(userId)).toBe(100_000);
      expect(await ledger(userId)).toEqual([[100_000, await transferReference(hash)]]);
    });

    it("never credits another advertiser for a payment to A's address, whatever sender they name", async () => {
      const owner = await registerUser(t.server);
      const other = await registerUser(t.server);
      const payer = chain.payers[3]!;
      const mine = answerOf(await deposit(owner.client, 300, 'usdc'), 201).data;
      const theirs = answerOf(await deposit(other.client, 300, 'usdc'), 201).data;
      // The same amount: the address alone tells the two requests apart.
      expect(theirs.amountUnits).toBe(mine.amountUnits);
      expect(theirs.to).not.toBe(mine.to);
      await pay(payer, mine);

      for (const sender of [payer, payer.toLowerCase(), mine.to, theirs.to]) {
        expect((await verify(other.client, theirs.id, sender)).body).toEqual({
          success: false,
          message: NOT_YET,
        });
      }
      const notTheirs = await verify(other.client, mine.id, payer);
      expect(notTheirs.status).toBe(404);
      expect(notTheirs.body).toEqual(NOT_FOUND);
      expect(await balanceCents(other.userId)).toBe(0);
      expect(answerOf(await getTransaction(other.client, theirs.id)).data).toMatchObject({
        status: 'pending',
        receivedAmount: '0.000000',
        transfers: [],
      });

      // The sender given is checked for form only: the owner is credited whichever one they name.
      const verified = await verify(owner.client, mine.id, theirs.to);
      expect(verified.status).toBe(200);
      expect(answerOf(verified).data).toMatchObject({ status: 'confirmed', from: payer });
      expect(await balanceCents(owner.userId)).toBe(30_000);
    });

    it('refuses a bad address and an unknown transaction', async () => {
      const { client } = await registerUser(t.server);
      const bad = await client.call(verifyTransaction, {
        address: '0x123',
        crmTransactionId: 1,
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        success: false,
        message: 'Please enter a valid Ethereum address (0x followed by 40 hex characters)',
      });
      const unknown = await verify(client, 999_999, chain.payers[0]!);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(NOT_FOUND);
    });
  });

  describe('get-transaction', () => {
    it("answers the caller's own deposit with each transfer counted for it", async () => {
      const { client, registration, userId } = await registerUser(t.server);
      const payer = chain.payers[4]!;
      const { data } = answerOf(await deposit(client, 200, 'usdt'), 201);
      const first = await pay(payer, data, 120_000_000n);
      await t.server.app.depositWatcher!.syncNow();
      const second = await pay(payer, data, 80_000_000n);
      await t.server.app.depositWatcher!.syncNow();
      const [firstBlock, secondBlock] = [await blockOf(first), await blockOf(second)];
      const head = await t.server.app.chain!.headBlock();

      const response = await getTransaction(client, String(data.id));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: 'Transaction fetched successfully',
        data: {
          ...data,
          serverTime: expect.any(String),
          status: 'confirmed',
          hash: first,
          from: payer,
          receivedAmount: '200.000000',
          creditedAmount: 200,
          confirmedAt: expect.any(String),
          transfers: [
            {
              hash: first,
              amount: '120.000000',
              creditedAmount: 120,
              ethUsdPrice: null,
              confirmations: Number(head - firstBlock.number) + 1,
              blockTime: firstBlock.time,
            },
            {
              hash: second,
              amount: '80.000000',
              creditedAmount: 80,
              ethUsdPrice: null,
              confirmations: Number(head - secondBlock.number) + 1,
              blockTime: secondBlock.time,
            },
          ],
          // Issue 35 point 10: its receipt, each part paid a line.
          receipt: {
            issuer: ['PromoClicks'],
            payer: { name: registration.username, email: registration.email, accountId: userId },
            date: answerOf(response).data.confirmedAt,
            lines: [
              {
                hash: first,
                blockTime: firstBlock.time,
                basis: 'requested',
                amount: '120.000000',
                price: 1,
                creditedAmount: 120,
              },
              {
                hash: second,
                blockTime: secondBlock.time,
                basis: 'requested',
                amount: '80.000000',
                price: 1,
                creditedAmount: 80,
              },
            ],
          },
        },
      });
      expect(answerOf(response).data.transfers.map((t) => t.confirmations)).toEqual([2, 1]);
    });

    it("answers 404 for someone else's deposit or an unknown one, 401 when signed out", async () => {
      const owner = await registerUser(t.server);
      const other = await registerUser(t.server);
      const { data } = answerOf(await deposit(owner.client, 100, 'usdc'), 201);
      const notYours = await getTransaction(other.client, data.id);
      expect(notYours.status).toBe(404);
      expect(notYours.body).toEqual(NOT_FOUND);
      const unknown = await getTransaction(owner.client, 999_999);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(NOT_FOUND);
      const malformed = await getTransaction(owner.client, 'abc');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual(NOT_FOUND);
      const signedOut = await getTransaction(t.server.client(), data.id);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toEqual({ success: false, message: 'Not authenticated' });
    });
  });

  describe('delete-transaction and get-all-user-transactions', () => {
    it("deletes only the caller's own pending transaction and lists newest first", async () => {
      const owner = await registerUser(t.server);
      const other = await registerUser(t.server);
      const payer = chain.payers[4]!;
      const paid = answerOf(await deposit(owner.client, 100, 'usdc'), 201).data;
      await pay(payer, paid);
      expect((await verify(owner.client, paid.id, payer)).status).toBe(200);
      const pending = answerOf(await deposit(owner.client, 101, 'usdt'), 201).data;
      const later = answerOf(await deposit(owner.client, 102, 'usdc'), 201).data;

      const notYours = await other.client.call(deleteTransaction, {
        transaction_id: pending.id,
      });
      expect(notYours.status).toBe(404);
      expect(notYours.body).toEqual(NOT_FOUND);
      const confirmed = await owner.client.call(deleteTransaction, {
        transaction_id: paid.id,
      });
      expect(confirmed.status).toBe(400);
      expect(confirmed.body).toEqual({
        success: false,
        message: 'Only a pending transaction can be deleted',
      });

      const all = await owner.client.call(getAllUserTransactions, {
        action: 'all',
      });
      expect(answerOf(all).success).toBe(true);
      expect(all.body.message).toBe('Transactions fetched successfully');
      expect(answerOf(all).data.map((t) => t.id)).toEqual([later.id, pending.id, paid.id]);
      expect(answerOf(all).data[1]).toEqual({
        ...pending,
        serverTime: expect.any(String),
        hashes: [],
      });
      expect((await list(owner.client, 'pending')).map((t) => t.id)).toEqual([
        later.id,
        pending.id,
      ]);
      expect((await list(owner.client, 'confirmed')).map((t) => [t.id, t.status])).toEqual([
        [paid.id, 'confirmed'],
      ]);
      expect(await list(owner.client, 'failed')).toEqual([]);

      expect(
        (await owner.client.call(deleteTransaction, { transaction_id: pending.id })).status,
      ).toBe(200);
      expect((await list(owner.client, 'pending')).map((t) => t.id)).toEqual([later.id]);
      expect(await list(other.client, 'all')).toEqual([]);
    });
  });

  describe('hashes of the listed deposits (issue 35)', () => {
    it("lists every payment's hash, oldest first; hash stays the first's", async () => {
      const { client } = await registerUser(t.server);
      const payer = chain.payers[5]!;
      const asked = answerOf(await deposit(client, 150, 'usdc'), 201).data;
      const first = await pay(payer, asked, 100_000_000n);
      await t.server.app.depositWatcher!.syncNow();
      expect(await list(client, 'all')).toEqual([
        expect.objectContaining({ id: asked.id, status: 'pending', hash: first, hashes: [first] }),
      ]);
      const second = await pay(payer, asked, 50_000_000n);
      await t.server.app.depositWatcher!.syncNow();
      const unpaid = answerOf(await deposit(client, 100, 'usdt'), 201).data;

      const [newest, paid] = await list(client, 'all');
      expect(newest).toEqual({ ...unpaid, serverTime: expect.any(String), hashes: [] });
      expect(paid).toMatchObject({
        id: asked.id,
        status: 'confirmed',
        hash: first,
        hashes: [first, second],
      });
      expect(await list(client, 'confirmed')).toEqual([
        { ...paid, serverTime: expect.any(String) },
      ]);
      // The deposit's page lists the same payments.
      const detail = answerOf(await getTransaction(client, asked.id)).data;
      expect(detail.transfers.map((transfer) => transfer.hash)).toEqual([first, second]);
    });
  });

  describe('confirmations and reorgs (CONFIRMATIONS=2)', () => {
    let strict: TestApp;
    beforeAll(async () => {
      // One process at a time moves the watcher's cursor: the first server hands its lease over.
      await t.server.app.depositWatcher!.stop();
      strict = await startTestApp(t.db, chain.env({ CONFIRMATIONS: '2' }));
    });
    afterAll(async () => {
      await strict?.close();
    });

    it('shows a detected payment with its confirmations and credits it at the second block', async () => {
      const { client, userId } = await registerUser(strict);
      const payer = chain.payers[5]!;
      const { data } = answerOf(await deposit(client, 400, 'usdc'), 201);
      const hash = await pay(payer, data);
      const waiting = await verify(client, data.id, payer);
      expect(waiting.status).toBe(400);
      expect(waiting.body).toEqual({ success: false, message: AWAITING_CONFIRMATIONS });
      const detected = answerOf(await getTransaction(client, data.id)).data;
      expect(detected).toMatchObject({
        status: 'pending',
        receivedAmount: '0.000000',
        creditedAmount: 0,
        confirmations: { seen: 1, required: 2 },
      });
      expect(detected.transfers).toEqual([
        {
          hash,
          amount: '400.000000',
          creditedAmount: null,
          ethUsdPrice: null,
          confirmations: 1,
          blockTime: (await blockOf(hash)).time,
        },
      ]);
      // Neither replaced nor deleted while its payment is being confirmed.
      expect((await deposit(client, 150, 'usdc')).body).toEqual({
        success: false,
        message:
          'A payment to your open deposit in this coin is still being confirmed. Please wait until it is credited, then start a new one.',
      });
      expect((await client.call(deleteTransaction, { transaction_id: data.id })).body).toEqual({
        success: false,
        message: PAYMENT_ARRIVED,
      });
      expect(await balanceCents(userId)).toBe(0);

      await chain.mine(1);
      const verified = await verify(client, data.id, payer);
      expect(verified.status).toBe(200);
      expect(answerOf(verified).data).toMatchObject({ status: 'confirmed', confirmations: null });
      expect(await balanceCents(userId)).toBe(40_000);
    });

    it('does not credit a transfer a reorg removed before its confirmations', async () => {
      const { client, userId } = await registerUser(strict);
      const payer = chain.payers[5]!;
      const { data } = answerOf(await deposit(client, 500, 'eth'), 201);
      await pay(payer, data);
      expect((await verify(client, data.id, payer)).body.message).toBe(AWAITING_CONFIRMATIONS);
      await chain.reorg(1);
      await chain.mine(2);
      expect((await verify(client, data.id, payer)).body).toEqual({
        success: false,
        message: NOT_YET,
      });
      expect(answerOf(await getTransaction(client, data.id)).data).toMatchObject({
        status: 'pending',
        confirmations: null,
        receivedAmount: '0.000000',
        transfers: [],
      });
      expect(await balanceCents(userId)).toBe(0);
      expect(await ledger(userId)).toEqual([]);
    });
  });

  describe('npm run dev:pay', () => {
    let devApp: FastifyInstance;
    let apiUrl: string;
    beforeAll(async () => {
      devApp = await buildApp({ config: t.server.config, db: t.db, devRoutes: devChainRoutes });
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
    const printed = (units: string, to: string, hash: string | null | undefined, sender: string) =>
      [
        `Paid ${units}`,
        `  to ${to} in transaction ${hash}`,
        'The server finds it by itself: the deposit page updates within seconds.',
        `Sender address (for the optional verify form): ${sender}`,
        '',
      ].join('\n');

    it('pays half of what is due with --half, then the rest, to the deposit address', async () => {
      const { client, userId } = await registerUser(t.server);
      const sender = chain.payers[6]!;
      const { data } = answerOf(await deposit(client, 321, 'usdt'), 201);

      const half = await runPay(String(data.id), '--account', '7', '--half');
      expect(half.stderr).toBe('');
      expect(half.code).toBe(0);
      await t.server.app.depositWatcher!.syncNow();
      const partPaid = answerOf(await getTransaction(client, data.id)).data;
      expect(partPaid).toMatchObject({
        status: 'pending',
        receivedAmount: '160.500000',
        creditedAmount: 160.5,
        from: sender,
      });
      expect(half.stdout).toBe(printed('160.5 USDT', data.to, partPaid.transfers[0]?.hash, sender));

      const rest = await runPay(String(data.id), '--account', '7');
      expect(rest.stderr).toBe('');
      expect(rest.code).toBe(0);
      await t.server.app.depositWatcher!.syncNow();
      const paid = answerOf(await getTransaction(client, data.id)).data;
      expect(paid).toMatchObject({
        status: 'confirmed',
        receivedAmount: '321.000000',
        creditedAmount: 321,
      });
      expect(rest.stdout).toBe(printed('160.5 USDT', data.to, paid.transfers[1]?.hash, sender));
      expect(await balanceCents(userId)).toBe(32_100);
    });

    it('pays the whole ETH amount from account 1 by default, and nothing once it is confirmed', async () => {
      const { client, userId } = await registerUser(t.server);
      const { data } = answerOf(await deposit(client, 150, 'eth'), 201);
      expect(data.ethAmount).toBe('0.050000');
      const paid = await runPay(String(data.id));
      expect(paid.stderr).toBe('');
      expect(paid.code).toBe(0);
      await t.server.app.depositWatcher!.syncNow();
      const detail = answerOf(await getTransaction(client, data.id)).data;
      expect(detail).toMatchObject({ status: 'confirmed', receivedAmount: '0.050000' });
      expect(paid.stdout).toBe(
        printed('0.05 ETH', data.to, detail.transfers[0]?.hash, chain.payers[0]!),
      );
      expect(await balanceCents(userId)).toBe(15_000);

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
        config: { ...t.server.config, production: true },
        db: t.db,
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
    const bare = await startTestApp(t.db);
    try {
      const { client } = await registerUser(bare);
      const unavailable = {
        success: false,
        message: 'Deposits are not available right now. Please try again later.',
      };
      const response = await deposit(client, 100, 'usdc');
      expect(response.status).toBe(503);
      expect(response.body).toEqual(unavailable);
      const verifying = await verify(client, 1, chain.payers[0]!);
      expect(verifying.status).toBe(503);
      expect(verifying.body).toEqual(unavailable);
    } finally {
      await bare.close();
    }
  });

  // Last: it moves the chain's clock 15 minutes ahead for good.
  it('credits ETH paid after the 15 minutes late, at the price round in force at its block', async () => {
    const { client, userId } = await registerUser(t.server);
    const payer = chain.payers[6]!;
    const { data } = answerOf(await deposit(client, 100, 'eth'), 201);
    expect([data.ethAmount, data.ethUsdPrice]).toEqual(['0.033334', 3000]);
    // A minute past the window: anvil's whole-second clock may lag the server's by up to a second.
    await chain.increaseTime(960);
    await setDevPrice(chain.rpcUrl, 2400_00000000n);
    const hash = await pay(payer, data);
    await chain.increaseTime(12);
    await setDevPrice(chain.rpcUrl, 2000_00000000n); // a later round does not count
    const response = await verify(client, data.id, payer);
    expect(response.status).toBe(200);
    // 0.033334 ETH at $2,400.00 = $80.0016, rounded down; in the window it would have been $100.00.
    expect(response.body).toEqual({
      success: true,
      message: VERIFIED,
      data: {
        ...data,
        serverTime: expect.any(String),
        status: 'confirmed',
        hash,
        from: payer,
        receivedAmount: '0.033334',
        creditedAmount: 80,
        late: true,
        confirmedAt: expect.any(String),
      },
    });
    expect(answerOf(await getTransaction(client, data.id)).data.transfers).toMatchObject([
      { hash, amount: '0.033334', creditedAmount: 80, ethUsdPrice: 2400 },
    ]);
    expect(await balanceCents(userId)).toBe(8_000);
    expect(await notifications(userId)).toEqual([
      'Your deposit of $100.00 in ETH arrived after its window closed: 0.033334 ETH counted, and $80.00 was added to your balance.',
    ]);
    await chain.increaseTime(12);
    await setDevPrice(chain.rpcUrl);
  });
});
