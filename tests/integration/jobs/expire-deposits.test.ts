import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import type { Transaction } from '../../../src/shared/contract/deposits';
import type { Db } from '../../../src/server/db/db';
import { ledgerSumCents } from '../../../src/server/domain/ledger';
import { expireDeposits } from '../../../src/server/jobs/expire-deposits';
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

const EXPIRED = {
  success: false,
  message: 'Transaction expired. Please create a new transaction.',
};
const VERIFIED = 'Payment verification successful!';

describe.each(databaseKinds())('deposit expiry job on %s', (kind) => {
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

  const runJob = async () =>
    expireDeposits(db, {
      headBlock: await server.app.chain!.headBlock(),
      stablecoinWindowHours: 24,
    });
  const deposit = async (client: TestClient, amount: number, coinType: string) => {
    const response = await client.post<Answer>('/api/top-up-balance-v2', { amount, coinType });
    expect(response.status).toBe(201);
    return response.body.data;
  };
  const verify = (client: TestClient, id: number, address: Address) =>
    client.post<Answer>('/api/verify-transaction-v2', { address, crmTransactionId: id });
  const payFor = (from: Address, transaction: Transaction) =>
    chain.pay(from, {
      coinType: transaction.coinType,
      to: transaction.to as Address,
      units: BigInt(transaction.amountUnits),
    });
  /** Moves a deposit's creation (and ETH window) back in time, as if it had waited that long. */
  const age = (id: number, seconds: number) =>
    db.query(
      `UPDATE deposits SET created_at = created_at - make_interval(secs => $2),
          expires_at = expires_at - make_interval(secs => $2) WHERE id = $1`,
      [id, seconds],
    );
  /** The user's deposits as [dollars, coin, status], smallest amount first. */
  const statusOf = async (client: TestClient) =>
    (await client.post<ListAnswer>('/api/get-all-user-transactions', { action: 'all' })).body.data
      .map((t) => [t.amount, t.coinType, t.status])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
  const notifications = async (userId: number) =>
    (
      await db.query<{ message: string }>(
        'SELECT message FROM notifications WHERE user_id = $1 ORDER BY id',
        [userId],
      )
    ).map((row) => row.message);
  const balanceCents = async (userId: number) =>
    Number(
      (
        await db.query<{ b: number }>('SELECT balance_cents AS b FROM users WHERE id = $1', [
          userId,
        ])
      )[0]!.b,
    );

  it('closes unpaid deposits past their window once, with a notification, and leaves the others', async () => {
    const { client, userId } = await registerUser(server);
    const ethLate = await deposit(client, 110, 'eth');
    const ethInGrace = await deposit(client, 111, 'eth');
    const usdcOld = await deposit(client, 112, 'usdc');
    const usdtYoung = await deposit(client, 113, 'usdt');
    // ETH: 15 minutes + 5 minutes of grace; stablecoins: 24 hours.
    await age(ethLate.id, 20 * 60 + 1);
    await age(ethInGrace.id, 19 * 60);
    await age(usdcOld.id, 24 * 3600 + 1);
    await age(usdtYoung.id, 23 * 3600);

    expect(await runJob()).toBe(2);
    expect(await runJob()).toBe(0);
    expect(await statusOf(client)).toEqual([
      [110, 'eth', 'failed'],
      [111, 'eth', 'pending'],
      [112, 'usdc', 'failed'],
      [113, 'usdt', 'pending'],
    ]);
    expect(await notifications(userId)).toEqual([
      'Your deposit of $110.00 in ETH was not paid within 15 minutes. Transaction expired. Please create a new transaction.',
      'Your deposit of $112.00 in USDC was not paid within 24 hours. Transaction expired. Please create a new transaction.',
    ]);
    const verified = await verify(client, usdcOld.id, chain.payers[0]!);
    expect(verified.status).toBe(400);
    expect(verified.body).toEqual(EXPIRED);
    const deleted = await client.post('/api/delete-transaction', { transaction_id: ethLate.id });
    expect(deleted.status).toBe(400);
    expect(deleted.body).toEqual({
      success: false,
      message: 'Only a pending transaction can be deleted',
    });
    expect(await balanceCents(userId)).toBe(0);
  });

  it('keeps stablecoins pending while the chain head is unknown', async () => {
    const { client } = await registerUser(server);
    const old = await deposit(client, 114, 'usdt');
    await age(old.id, 25 * 3600);
    expect(await expireDeposits(db, { headBlock: undefined, stablecoinWindowHours: 24 })).toBe(0);
    expect(await statusOf(client)).toEqual([[114, 'usdt', 'pending']]);
    expect(await runJob()).toBe(1);
  });

  it('still credits, once, an exact payment made before the deposit was closed', async () => {
    const { client, userId } = await registerUser(server);
    const payer = chain.payers[1]!;
    const paid = await deposit(client, 120, 'usdc');
    const hash = await payFor(payer, paid);
    await age(paid.id, 24 * 3600 + 1);
    expect(await runJob()).toBe(1);

    const first = await verify(client, paid.id, payer);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: VERIFIED,
      data: {
        ...paid,
        status: 'confirmed',
        hash,
        from: payer,
        createdAt: new Date(Date.parse(paid.createdAt) - (24 * 3600 + 1) * 1000).toISOString(),
      },
    });
    expect((await verify(client, paid.id, payer)).status).toBe(200);
    expect(await runJob()).toBe(0);
    expect(await balanceCents(userId)).toBe(12000);
    expect(await ledgerSumCents(db.read, userId)).toBe(12000);
    expect(await notifications(userId)).toEqual([
      'Your deposit of $120.00 in USDC was not paid within 24 hours. Transaction expired. Please create a new transaction.',
      'Your deposit of $120.00 in USDC is confirmed and was added to your balance.',
    ]);
  });

  it('gives a payment sent after the closing to the newer deposit that took the amount', async () => {
    const first = await registerUser(server);
    const second = await registerUser(server);
    const payer = chain.payers[2]!;
    const closed = await deposit(first.client, 130, 'usdt');
    await age(closed.id, 24 * 3600 + 1);
    expect(await runJob()).toBe(1);
    const newer = await deposit(second.client, 130, 'usdt');
    expect(newer.amountUnits).toBe(closed.amountUnits);

    await payFor(payer, newer);
    expect((await verify(first.client, closed.id, payer)).body).toEqual(EXPIRED);
    expect((await verify(second.client, newer.id, payer)).body.message).toBe(VERIFIED);
    expect((await verify(first.client, closed.id, payer)).body).toEqual(EXPIRED);
    expect(await balanceCents(first.userId)).toBe(0);
    expect(await balanceCents(second.userId)).toBe(13000);
  });

  it('answers expired for an unpaid ETH deposit the job closed', async () => {
    const { client, userId } = await registerUser(server);
    const payer = chain.payers[3]!;
    const eth = await deposit(client, 140, 'eth');
    await age(eth.id, 21 * 60);
    expect(await runJob()).toBe(1);
    expect((await verify(client, eth.id, payer)).body).toEqual(EXPIRED);
    expect(await balanceCents(userId)).toBe(0);
  });

  it('closes each deposit once when runs overlap', async () => {
    const { client, userId } = await registerUser(server);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await deposit(client, 150 + i, 'usdc')).id);
    for (const id of ids) await age(id, 24 * 3600 + 1);
    const closed = await Promise.all([runJob(), runJob(), runJob()]);
    expect(closed.reduce((sum, n) => sum + n, 0)).toBe(12);
    expect((await notifications(userId)).length).toBe(12);
    expect(new Set(await notifications(userId)).size).toBe(12);
  });
});
