import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { ledgerSumCents } from '@/server/domain/ledger';
import { createDepositWatcher } from '@/server/domain/deposits/deposit-watcher';
import { expireDeposits } from '@/server/jobs/expire-deposits';
import {
  deleteTransaction,
  getAllUserTransactions,
  topUpBalance,
  type TopUpBalanceBody,
  type Transaction,
  verifyTransaction,
} from '@/shared/contract/deposits';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import { useTestApp } from '../../helpers/fixtures';
import {
  answerOf,
  databaseKinds,
  registerUser,
  startTestApp,
  type TestClient,
} from '../../helpers/server';
import { balanceCentsOf, notificationsOf, openDeposit } from '../../helpers/deposits';
import { moneyInvariantViolations } from '../../reliability/support/invariants';

const EXPIRED = {
  success: false,
  message: 'Transaction expired. Please create a new transaction.',
};
const VERIFIED = 'Payment verification successful!';

describe.each(databaseKinds())('deposit expiry job on %s', (kind) => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await startTestChain();
  });
  afterAll(async () => {
    await chain?.stop();
  });
  const t = useTestApp(kind, () => chain.env());

  // The books after each test: every balance equals its ledger, each transfer credited once.
  afterEach(async () => expect(await moneyInvariantViolations(t.db)).toEqual([]));

  /**
   * A block, a pass of the watcher up to it, then the expiry job: a request closes only once the
   * watcher has scanned up to a head stamped after its window (and grace) ended (issue 33 point 4).
   * The windows moved back in time below ended before this block.
   */
  const runJob = async (stablecoinWindowHours = 24) => {
    await chain.mine(1);
    await t.server.app.depositWatcher!.syncNow();
    return expireDeposits(t.db, { stablecoinWindowHours });
  };
  /**
   * Waits past a request's window, then a block stamped after its end (anvil's times are whole
   * seconds) and a watcher pass up to it: what lets the request close (issue 33 point 4).
   */
  const passCoveringTheEnd = async (id: number) => {
    const [{ ends }] = (await t.db.query<{ ends: Date }>(
      'SELECT expires_at AS ends FROM deposits WHERE id = $1',
      [id],
    )) as [{ ends: Date }];
    while (Date.now() < new Date(ends).getTime() + 1000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await chain.mine(1);
    await t.server.app.depositWatcher!.syncNow();
  };
  /** The expiry job alone, with no pass of the watcher since the windows ended. */
  const runJobOnly = () => expireDeposits(t.db, { stablecoinWindowHours: 24 });
  const deposit = openDeposit;
  const verify = (client: TestClient, id: number, address: Address) =>
    client.call(verifyTransaction, { address, crmTransactionId: id });
  const pay = (from: Address, transaction: Transaction, units = BigInt(transaction.amountUnits)) =>
    chain.pay(from, { coinType: transaction.coinType, to: transaction.to as Address, units });
  /** Moves a request's creation and the end of its window back in time, as if it had waited. */
  const age = (id: number, seconds: number) =>
    t.db.query(
      `UPDATE deposits SET created_at = created_at - make_interval(secs => $2),
          expires_at = expires_at - make_interval(secs => $2) WHERE id = $1`,
      [id, seconds],
    );
  /** The user's deposits as [dollars, coin, status], smallest amount first. */
  const statusOf = async (client: TestClient) =>
    answerOf(await client.call(getAllUserTransactions, { action: 'all' }))
      .data.map((t) => [t.amount, t.coinType, t.status])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
  const notifications = (userId: number) => notificationsOf(t.db, userId);
  const balanceCents = (userId: number) => balanceCentsOf(t.db, userId);
  /** The time of the block a transaction was mined in. */
  const blockTimeOf = async (hash: Hex) => {
    const reader = createPublicClient({ chain: foundry, transport: http(chain.rpcUrl) });
    const { blockNumber } = await reader.getTransactionReceipt({ hash });
    return new Date(Number((await reader.getBlock({ blockNumber })).timestamp) * 1000);
  };

  it('closes unpaid requests past their expires_at once, with a notification, and leaves the others', async () => {
    const { client, userId } = await registerUser(t.server);
    const other = await registerUser(t.server);
    const ethLate = await deposit(client, 110, 'eth');
    const ethInGrace = await deposit(other.client, 111, 'eth');
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
      [112, 'usdc', 'failed'],
      [113, 'usdt', 'pending'],
    ]);
    expect(await statusOf(other.client)).toEqual([[111, 'eth', 'pending']]);
    expect(await notifications(userId)).toEqual([
      'Your deposit of $110.00 in ETH was not paid within 15 minutes. Transaction expired. Please create a new transaction.',
      'Your deposit of $112.00 in USDC was not paid within 24 hours. Transaction expired. Please create a new transaction.',
    ]);
    expect(await notifications(other.userId)).toEqual([]);
    const verified = await verify(client, usdcOld.id, chain.payers[0]!);
    expect(verified.status).toBe(400);
    expect(verified.body).toEqual(EXPIRED);
    const deleted = await client.call(deleteTransaction, { transaction_id: ethLate.id });
    expect(deleted.status).toBe(400);
    expect(deleted.body).toEqual({
      success: false,
      message: 'Only a pending transaction can be deleted',
    });
    expect(await balanceCents(userId)).toBe(0);
  });

  it('goes by the expires_at a request was opened with, not by the window setting of now', async () => {
    const hourly = await startTestApp(t.db, chain.env({ STABLECOIN_PAYMENT_WINDOW_HOURS: '1' }));
    try {
      const { client, userId } = await registerUser(hourly);
      const short = await deposit(client, 114, 'usdt');
      expect(Date.parse(short.expiresAt!) - Date.parse(short.createdAt)).toBe(3600_000);
      const { client: dayClient } = await registerUser(t.server);
      const long = await deposit(dayClient, 115, 'usdt');
      await age(short.id, 3601);
      await age(long.id, 3601);
      expect(await runJob(1)).toBe(1);
      expect(await statusOf(client)).toEqual([[114, 'usdt', 'failed']]);
      expect(await statusOf(dayClient)).toEqual([[115, 'usdt', 'pending']]);
      expect(await notifications(userId)).toEqual([
        'Your deposit of $114.00 in USDT was not paid within 1 hour. Transaction expired. Please create a new transaction.',
      ]);
    } finally {
      await hourly.close();
    }
  });

  it('keeps a request paid in time open while the watcher is behind: confirmed, never told it expired', async () => {
    const { client, userId } = await registerUser(t.server);
    const payer = chain.payers[1]!;
    const paid = await deposit(client, 120, 'usdc');
    // The watcher's last pass is before the payment, which it has not seen yet.
    await t.server.app.depositWatcher!.syncNow();
    const hash = await pay(payer, paid);
    // The window ends at the payment's block.
    const blockTime = await blockTimeOf(hash);
    await t.db.query(
      `UPDATE deposits SET created_at = $2::timestamptz - interval '24 hours', expires_at = $2
        WHERE id = $1`,
      [paid.id, blockTime],
    );
    // The block's whole-second time may be a moment ahead of the database's clock.
    const waitedFrom = Date.now();
    while (
      !(await t.db.query<{ past: boolean }>('SELECT now() > $1 AS past', [blockTime]))[0]!.past
    ) {
      expect(Date.now() - waitedFrom).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Before, the job closed it here and sent "…was not paid within 24 hours. Transaction
    // expired…", and the watcher confirmed it a moment later.
    expect(await runJobOnly()).toBe(0);
    expect(await statusOf(client)).toEqual([[120, 'usdc', 'pending']]);

    const first = await verify(client, paid.id, payer);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: VERIFIED,
      data: {
        ...paid,
        serverTime: expect.any(String),
        status: 'confirmed',
        hash,
        from: payer,
        createdAt: new Date(blockTime.getTime() - 24 * 3600 * 1000).toISOString(),
        expiresAt: blockTime.toISOString(),
        receivedAmount: '120.000000',
        creditedAmount: 120,
        confirmedAt: expect.any(String),
      },
    });
    expect((await verify(client, paid.id, payer)).status).toBe(200);
    expect(await runJob()).toBe(0);
    expect(await balanceCents(userId)).toBe(12_000);
    expect(await ledgerSumCents(t.db.read, userId)).toBe(12_000);
    expect(await notifications(userId)).toEqual([
      'Your deposit of $120.00 in USDC is confirmed and $120.00 was added to your balance.',
    ]);
  });

  it('closes an unpaid request on an idle chain: the running watcher makes its pass without a new block', async () => {
    const { client, userId } = await registerUser(t.server);
    const open = await deposit(client, 122, 'usdc');
    // This file's watcher, with the lag a block's time may have behind its arrival cut from a minute
    // (BLOCK_TIME_LAG_SECONDS) to a second; the app's hands its lease over.
    await t.server.app.depositWatcher!.stop();
    const watcher = createDepositWatcher({
      db: t.db,
      chain: t.server.app.chain!,
      sweepFunders: [],
      pollMs: 100,
      reconcileSeconds: 3600,
      log: t.server.app.log,
      blockTimeLagSeconds: 1,
    });
    watcher.start();
    try {
      // The window ends two seconds from now; no block is mined meanwhile.
      await t.db.query(
        `UPDATE deposits SET expires_at = now() + interval '2 seconds' WHERE id = $1`,
        [open.id],
      );
      const head = await t.server.app.chain!.headBlock();
      const waitedFrom = Date.now();
      while (
        (await expireDeposits(t.db, { stablecoinWindowHours: 24, blockTimeLagSeconds: 1 })) === 0
      ) {
        expect(Date.now() - waitedFrom).toBeLessThan(15_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await t.server.app.chain!.headBlock()).toBe(head);
    } finally {
      await watcher.stop();
    }
    expect(await statusOf(client)).toEqual([[122, 'usdc', 'failed']]);
    expect(await notifications(userId)).toEqual([
      'Your deposit of $122.00 in USDC was not paid within 24 hours. Transaction expired. Please create a new transaction.',
    ]);
  });

  it('refuses Start Over at 0:00 until the watcher has checked for a payment, then deletes', async () => {
    const { client } = await registerUser(t.server);
    const open = await deposit(client, 121, 'usdt');
    await t.db.query('UPDATE deposits SET expires_at = now() WHERE id = $1', [open.id]);
    const refused = await client.call(deleteTransaction, { transaction_id: open.id });
    expect(refused.status).toBe(400);
    // Before, it was deleted at once, and a payment made in time then belonged to no request.
    expect(refused.body).toEqual({
      success: false,
      message:
        'The time to pay is over and we are checking for your payment, so this deposit cannot be deleted yet. A payment that arrived is added to your balance. Please try again in a minute.',
    });
    await passCoveringTheEnd(open.id);
    const deleted = await client.call(deleteTransaction, { transaction_id: open.id });
    expect(deleted.body).toEqual({ success: true, message: 'Transaction deleted successfully' });
  });

  it('refuses a new deposit that would replace a request at 0:00 until the watcher has checked for a payment', async () => {
    const { client } = await registerUser(t.server);
    const open = await deposit(client, 123, 'usdt');
    await t.db.query('UPDATE deposits SET expires_at = now() WHERE id = $1', [open.id]);
    const body: TopUpBalanceBody = { amount: 124, coinType: 'usdt', replaces: open.id };
    const refused = await client.call(topUpBalance, body);
    // Before, the older request was deleted at once, like the page's own delete at zero, and a
    // payment made in time then belonged to no request.
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      message:
        'The time to pay your open deposit in this coin is over and we are checking for its payment, so a new one cannot start yet. A payment that arrived is added to your balance. Please try again in a minute.',
    });
    expect(await statusOf(client)).toEqual([[123, 'usdt', 'pending']]);
    await passCoveringTheEnd(open.id);
    const replaced = await client.call(topUpBalance, body);
    expect(replaced.status).toBe(201);
    expect(await statusOf(client)).toEqual([[124, 'usdt', 'pending']]);
  });

  it('credits a payment made after the close to that request, marked late, or to a newer one of the coin', async () => {
    const { client, userId } = await registerUser(t.server);
    const payer = chain.payers[2]!;
    const closed = await deposit(client, 130, 'usdt');
    await age(closed.id, 24 * 3600 + 1);
    expect(await runJob()).toBe(1);
    await pay(payer, closed);
    const late = await verify(client, closed.id, payer);
    expect(late.status).toBe(200);
    expect(answerOf(late).data).toMatchObject({
      status: 'confirmed',
      late: true,
      receivedAmount: '130.000000',
      creditedAmount: 130,
    });

    const again = await deposit(client, 140, 'usdt');
    await age(again.id, 24 * 3600 + 1);
    expect(await runJob()).toBe(1);
    const newer = await deposit(client, 150, 'usdt');
    expect(newer.to).toBe(again.to);
    await pay(payer, newer);
    expect((await verify(client, newer.id, payer)).body.message).toBe(VERIFIED);
    expect((await verify(client, again.id, payer)).body).toEqual(EXPIRED);
    expect(await statusOf(client)).toEqual([
      [130, 'usdt', 'confirmed'],
      [140, 'usdt', 'failed'],
      [150, 'usdt', 'confirmed'],
    ]);
    expect(await balanceCents(userId)).toBe(28_000);
    expect(await notifications(userId)).toEqual([
      'Your deposit of $130.00 in USDT was not paid within 24 hours. Transaction expired. Please create a new transaction.',
      'Your deposit of $130.00 in USDT arrived after its window closed: 130.000000 USDT counted, and $130.00 was added to your balance.',
      'Your deposit of $140.00 in USDT was not paid within 24 hours. Transaction expired. Please create a new transaction.',
      'Your deposit of $150.00 in USDT is confirmed and $150.00 was added to your balance.',
    ]);
  });

  it('answers expired for an unpaid ETH deposit the job closed', async () => {
    const { client, userId } = await registerUser(t.server);
    const eth = await deposit(client, 140, 'eth');
    await age(eth.id, 21 * 60);
    expect(await runJob()).toBe(1);
    expect((await verify(client, eth.id, chain.payers[3]!)).body).toEqual(EXPIRED);
    expect(await balanceCents(userId)).toBe(0);
  });

  it('ends a part-paid request as underpaid, keeping what arrived credited', async () => {
    const { client, userId } = await registerUser(t.server);
    const payer = chain.payers[3]!;
    // $300.00 at $3,000.00: 0.1 ETH; half of it arrives, worth $150.00 at the price held.
    const eth = await deposit(client, 300, 'eth');
    expect(eth.ethAmount).toBe('0.100000');
    await pay(payer, eth, BigInt(eth.amountUnits) / 2n);
    expect((await verify(client, eth.id, payer)).status).toBe(400);
    await age(eth.id, 20 * 60 + 1);
    expect(await runJob()).toBe(1);
    expect(await runJob()).toBe(0);

    const answer = await verify(client, eth.id, payer);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      message:
        'Payment verification failed: only 0.050000 ETH of 0.100000 ETH arrived before the deposit closed. The $150.00 it was worth was added to your balance (no crypto is sent back). Start a new deposit for the rest.',
    });
    expect(await statusOf(client)).toEqual([[300, 'eth', 'failed']]);
    expect(await balanceCents(userId)).toBe(15_000);
    expect(await notifications(userId)).toEqual([
      '0.050000 ETH arrived for your deposit of $300.00 in ETH and $150.00 was added to your balance. 0.050000 ETH is still due.',
      'Your deposit of $300.00 in ETH ended underpaid: 0.050000 ETH of 0.100000 ETH arrived, and the $150.00 it was worth was added to your balance. No crypto is sent back; start a new deposit for the rest.',
    ]);
  });

  it('never expires a request whose payment waits for its confirmations', async () => {
    // One process at a time moves the watcher's cursor: the first server hands its lease over.
    await t.server.app.depositWatcher!.stop();
    const slow = await startTestApp(t.db, chain.env({ CONFIRMATIONS: '3' }));
    try {
      const { client, userId } = await registerUser(slow);
      const payer = chain.payers[4]!;
      const usdc = await deposit(client, 160, 'usdc');
      const usdt = await deposit(client, 161, 'usdt');
      await pay(payer, usdc);
      await slow.app.depositWatcher!.syncNow();
      await age(usdc.id, 24 * 3600 + 1);
      await age(usdt.id, 24 * 3600 + 1);

      // The USDT request has nothing on its way: it closes; the USDC one waits.
      expect(await runJob()).toBe(1);
      expect(await statusOf(client)).toEqual([
        [160, 'usdc', 'pending'],
        [161, 'usdt', 'failed'],
      ]);
      expect(await runJob()).toBe(0);

      await chain.mine(2);
      await slow.app.depositWatcher!.syncNow();
      expect(await runJob()).toBe(0);
      expect(await statusOf(client)).toEqual([
        [160, 'usdc', 'confirmed'],
        [161, 'usdt', 'failed'],
      ]);
      expect(await balanceCents(userId)).toBe(16_000);
    } finally {
      await slow.close();
    }
  });

  it('closes each request once when runs overlap', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.server)));
    for (const [index, { client }] of users.entries()) {
      for (const coin of ['usdc', 'usdt'] as const) {
        await age((await deposit(client, 150 + index, coin)).id, 24 * 3600 + 1);
      }
    }
    const closed = await Promise.all([runJob(), runJob(), runJob()]);
    expect(closed.reduce((sum, n) => sum + n, 0)).toBe(12);
    for (const { userId } of users) {
      const messages = await notifications(userId);
      expect(messages).toHaveLength(2);
      expect(new Set(messages).size).toBe(2);
    }
  });
});
