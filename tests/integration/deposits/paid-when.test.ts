import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, getAddress, http, parseEther, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { setDevPrice } from '@/dev/dev-chain';
import { expireDeposits } from '@/server/jobs/expire-deposits';
import { findStuck } from '@/server/operator/stuck';
import {
  deleteTransaction,
  getAllUserTransactions,
  getTransaction,
  type Transaction,
} from '@/shared/contract/deposits';
import { FORWARDER_ADDRESS, startTestChain, type TestChain } from '../../helpers/anvil';
import { startRpcFilter, type RpcFilter } from '../../helpers/rpc-filter';
import { useTestApp } from '../../helpers/fixtures';
import {
  answerOf,
  databaseKinds,
  registerUser,
  startTestApp,
  type TestApp,
  type TestClient,
} from '../../helpers/server';
import { balanceCentsOf, notificationsOf, openDeposit } from '../../helpers/deposits';
import { moneyInvariantViolations } from '../../reliability/support/invariants';

/**
 * Issue 33 on a real anvil: every payment is dated by its block and priced by its block's time, never
 * by when the watcher noticed it; the window is judged on the chain's clock.
 */
describe.each(databaseKinds())('payments dated and priced by their block on %s', (kind) => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await startTestChain();
  });
  afterAll(async () => {
    await chain?.stop();
  });
  const t = useTestApp(kind, () => chain.env({ BALANCE_RECONCILE_SECONDS: '3600' }));

  let filter: RpcFilter;
  beforeAll(async () => {
    filter = await startRpcFilter(chain.rpcUrl);
  });
  afterAll(async () => {
    await filter?.close();
  });

  // The books after each test: every balance equals its ledger, each transfer credited once.
  afterEach(async () => expect(await moneyInvariantViolations(t.db)).toEqual([]));

  /**
   * Runs `run` with a second server of these settings, whose watcher takes the lease (the first hands
   * it over); `traces: false` puts it behind a node that offers no traces (rpc-filter.ts).
   */
  const withServer = async (
    { traces, ...env }: { traces: boolean } & Record<string, string | boolean>,
    run: (other: TestApp) => Promise<void>,
  ) => {
    await watcher().stop();
    const other = await startTestApp(
      t.db,
      chain.env({
        BALANCE_RECONCILE_SECONDS: '3600',
        ...(traces ? {} : { RPC_URL: filter.url }),
        ...(env as Record<string, string>),
      }),
    );
    try {
      await run(other);
    } finally {
      await other.close();
      filter.prunedBelow = undefined;
    }
  };
  const reader = () => createPublicClient({ chain: foundry, transport: http(chain.rpcUrl) });
  const blockOf = async (hash: Hex) => (await reader().getTransactionReceipt({ hash })).blockNumber;
  const blockTime = async (number: bigint) =>
    new Date(Number((await reader().getBlock({ blockNumber: number })).timestamp) * 1000);
  /** The transfers recorded to an advertiser: block, state, bound, as the watcher left them. */
  const transfersOf = async (userId: number) =>
    (
      await t.db.query<{ block_number: string; state: string; bound_block: string | null }>(
        `SELECT block_number::text, state, bound_block::text FROM chain_transfers
          WHERE user_id = $1 ORDER BY id`,
        [userId],
      )
    ).map((row) => [BigInt(row.block_number), row.state, row.bound_block]);
  /** The head the watcher's last complete pass read. */
  const checkedHead = async () =>
    BigInt(
      (await t.db.query<{ b: string }>('SELECT checked_block::text AS b FROM chain_watcher'))[0]!.b,
    );

  const watcher = () => t.server.app.depositWatcher!;
  const detail = async (client: TestClient, id: number) =>
    answerOf(await client.call(getTransaction, { transaction_id: id })).data;
  const pay = (deposit: Transaction, units: bigint, payer = chain.payers[0]!) =>
    chain.pay(payer, { coinType: deposit.coinType, to: deposit.to as Address, units });
  /** Ends a request's window ten minutes ago (past the ETH grace), then a pass and the expiry job. */
  const closeWindow = async (id: number) => {
    await t.db.query(
      `UPDATE deposits SET expires_at = now() - interval '10 minutes' WHERE id = $1`,
      [id],
    );
    await chain.mine(1);
    await watcher().syncNow();
    expect(await expireDeposits(t.db, { stablecoinWindowHours: 24 })).toBe(1);
  };

  it("judges the window on the chain's clock: paid in time on a chain 20 minutes ahead, it counts at the locked price", async () => {
    // The chain's clock runs 20 minutes ahead of the server's (the database's).
    await chain.increaseTime(20 * 60);
    const { client, userId } = await registerUser(t.server);
    const deposit = await openDeposit(client, 150, 'eth'); // $3,000.00: 0.05 ETH
    expect(deposit.ethAmount).toBe('0.050000');
    await setDevPrice(chain.rpcUrl, 2500_00000000n); // the round in force at the payment's block
    await pay(deposit, parseEther('0.05'));
    await watcher().syncNow();
    const paid = await detail(client, deposit.id);
    // Before, the window's end was the server's clock + 15 minutes, and this block's time is past it:
    // credited late, at $2,500.00 ($125.00), "arrived after its window closed".
    expect(paid).toMatchObject({ status: 'confirmed', late: false, creditedAmount: 150 });
    expect(paid.transfers).toMatchObject([{ ethUsdPrice: 3000, creditedAmount: 150 }]);
    const [judged] = await t.db.query<{ block_time: Date; window_ends_at: Date }>(
      'SELECT block_time, window_ends_at FROM chain_transfers WHERE user_id = $1',
      [userId],
    );
    expect(new Date(judged!.window_ends_at).toISOString()).toBe(paid.expiresAt);
    expect(new Date(judged!.block_time).getTime()).toBeLessThanOrEqual(Date.parse(paid.expiresAt!));
    expect(await balanceCentsOf(t.db, userId)).toBe(15_000);
    expect(await notificationsOf(t.db, userId)).toEqual([
      'Your deposit of $150.00 in ETH is confirmed and $150.00 was added to your balance.',
    ]);
    await setDevPrice(chain.rpcUrl);
  });

  it('attaches late parts to their closed request: $100 then $200 complete an expired $300 request, late', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await openDeposit(client, 300, 'usdc');
    await closeWindow(deposit.id);
    await pay(deposit, 100_000_000n);
    await watcher().syncNow();
    expect(await detail(client, deposit.id)).toMatchObject({
      status: 'failed',
      late: true,
      receivedAmount: '100.000000',
      creditedAmount: 100,
    });
    await pay(deposit, 200_000_000n);
    await watcher().syncNow();
    // Before, each was a deposit of its own ("…with no open deposit request") and the request read
    // "not paid".
    const paid = await detail(client, deposit.id);
    expect(paid).toMatchObject({
      status: 'confirmed',
      late: true,
      origin: 'request',
      receivedAmount: '300.000000',
      creditedAmount: 300,
    });
    expect(paid.transfers.map((t) => [t.amount, t.creditedAmount])).toEqual([
      ['100.000000', 100],
      ['200.000000', 200],
    ]);
    const list = answerOf(await client.call(getAllUserTransactions, {})).data;
    expect(list.map((t) => [t.origin, t.status])).toEqual([['request', 'confirmed']]);
    expect(await balanceCentsOf(t.db, userId)).toBe(30_000);
    expect(await notificationsOf(t.db, userId)).toEqual([
      'Your deposit of $300.00 in USDC was not paid within 24 hours. Transaction expired. Please create a new transaction.',
      '100.000000 USDC arrived for your deposit of $300.00 in USDC after its window closed, and $100.00 was added to your balance. 200.000000 USDC more completes it.',
      'Your deposit of $300.00 in USDC was completed late: 200.000000 USDC arrived after its window closed and $200.00 was added to your balance ($300.00 in all).',
    ]);
  });

  it('completes an underpaid ETH request late: the part in the window at the locked price, the late parts at their rounds', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await openDeposit(client, 300, 'eth'); // $3,000.00: 0.1 ETH
    await pay(deposit, parseEther('0.05')); // $150.00 at the locked price
    await watcher().syncNow();
    await closeWindow(deposit.id);
    expect((await detail(client, deposit.id)).status).toBe('failed');
    await setDevPrice(chain.rpcUrl, 2000_00000000n);
    await pay(deposit, parseEther('0.03')); // $60.00 at $2,000.00
    await watcher().syncNow();
    await setDevPrice(chain.rpcUrl, 2500_00000000n);
    await pay(deposit, parseEther('0.02')); // $50.00 at $2,500.00: complete
    // A later round does not count (anvil may stamp two blocks alike: it comes 12 s later).
    await chain.increaseTime(12);
    await setDevPrice(chain.rpcUrl, 1000_00000000n);
    await watcher().syncNow();
    const paid = await detail(client, deposit.id);
    expect(paid).toMatchObject({
      status: 'confirmed',
      late: true,
      receivedAmount: '0.100000',
      creditedAmount: 260,
    });
    expect(paid.transfers.map((t) => [t.amount, t.ethUsdPrice, t.creditedAmount])).toEqual([
      ['0.050000', 3000, 150],
      ['0.030000', 2000, 60],
      ['0.020000', 2500, 50],
    ]);
    expect(await balanceCentsOf(t.db, userId)).toBe(26_000);
    expect((await notificationsOf(t.db, userId)).slice(-1)).toEqual([
      'Your deposit of $300.00 in ETH was completed late: 0.020000 ETH arrived after its window closed and $50.00 was added to your balance ($260.00 in all, the parts paid late at the ETH/USD price then).',
    ]);
    await setDevPrice(chain.rpcUrl);
  });

  it('counts a sub-cent test payment toward the amount: with the 0.05 ETH sent it completes the request', async () => {
    await setDevPrice(chain.rpcUrl, 2999_99000000n);
    const { client, userId } = await registerUser(t.server);
    const deposit = await openDeposit(client, 150, 'eth'); // 0.050001 ETH at $2,999.99
    await setDevPrice(chain.rpcUrl);
    expect(deposit.ethAmount).toBe('0.050001');
    await pay(deposit, 3_300_000_000_000n); // 0.0000033 ETH: $0.0099
    await watcher().syncNow();
    // It counts, credits nothing, tells nobody, and the countdown runs on.
    expect(await detail(client, deposit.id)).toMatchObject({
      status: 'pending',
      receivedAmount: '0.000003',
      creditedAmount: 0,
      confirmations: null,
    });
    expect(await notificationsOf(t.db, userId)).toEqual([]);
    await pay(deposit, parseEther('0.05'));
    await watcher().syncNow();
    // Before, the test payment was left out: $149.99 credited and "0.000001 ETH is still due".
    expect(await detail(client, deposit.id)).toMatchObject({
      status: 'confirmed',
      late: false,
      receivedAmount: '0.050003',
      creditedAmount: 150,
    });
    expect(await notificationsOf(t.db, userId)).toEqual([
      'Your deposit of $150.00 in ETH is confirmed and $150.00 was added to your balance.',
    ]);
  });

  it('refuses Start Over after a 1-cent payment saying it was added to the balance', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await openDeposit(client, 100, 'usdc');
    await pay(deposit, 10_000n);
    await watcher().syncNow();
    const refused = await client.call(deleteTransaction, { transaction_id: deposit.id });
    // Before: "…It is added to your balance once confirmed.", though it was credited.
    expect(refused.body).toEqual({
      success: false,
      message:
        'Part of this deposit has arrived and was added to your balance, so it cannot be deleted. Send the rest to the same address, or start a new deposit.',
    });
    expect(await balanceCentsOf(t.db, userId)).toBe(1);
  });

  it('detects ETH a contract wallet sends in the window in the pass that scans its block (traces) and credits it at the locked price, the price moved right after', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await openDeposit(client, 150, 'eth'); // $3,000.00: 0.05 ETH
    const hash = await chain.payThroughContract(
      chain.payers[2]!,
      deposit.to as Address,
      parseEther('0.05'),
    );
    await setDevPrice(chain.rpcUrl, 2000_00000000n); // the next block
    const paidIn = await blockOf(hash);
    await watcher().syncNow();
    const paid = await detail(client, deposit.id);
    // Before, nothing until the balance check BALANCE_RECONCILE_SECONDS later, then dated (and
    // priced) at the block of that check.
    expect(paid).toMatchObject({
      status: 'confirmed',
      late: false,
      creditedAmount: 150,
      hash,
      from: getAddress(FORWARDER_ADDRESS),
    });
    expect(paid.transfers).toMatchObject([{ hash, ethUsdPrice: 3000, creditedAmount: 150 }]);
    expect(await transfersOf(userId)).toEqual([[paidIn, 'credited', null]]);
    // Detected and credited (CONFIRMATIONS 1) at the head after the price's block: 2 blocks.
    expect((await checkedHead()) - paidIn + 1n).toBe(2n);
    await setDevPrice(chain.rpcUrl);
  });

  it('without traces, finds ETH a contract wallet sends by balance in the same pass, dated to its own block', async () => {
    await withServer({ traces: false }, async (other) => {
      const { client, userId } = await registerUser(other);
      const deposit = await openDeposit(client, 150, 'eth');
      await other.app.depositWatcher!.syncNow(); // its address checked up to here
      const hash = await chain.payThroughContract(
        chain.payers[3]!,
        deposit.to as Address,
        parseEther('0.05'),
      );
      await setDevPrice(chain.rpcUrl, 2000_00000000n);
      await chain.mine(1);
      const paidIn = await blockOf(hash);
      const reads = filter.balanceReads;
      await other.app.depositWatcher!.syncNow();
      const paid = await detail(client, deposit.id);
      expect(paid).toMatchObject({ status: 'confirmed', late: false, creditedAmount: 150 });
      // Found by balance: no transaction of its own to show.
      expect(paid.transfers).toMatchObject([
        { hash: null, ethUsdPrice: 3000, creditedAmount: 150 },
      ]);
      // Dated to the block where it appeared, though the pass read two blocks more (3 in all).
      expect(await transfersOf(userId)).toEqual([[paidIn, 'credited', null]]);
      expect((await checkedHead()) - paidIn + 1n).toBe(3n);
      // One read at the head, then a search over the three blocks since the last check.
      expect(filter.balanceReads - reads).toBeLessThanOrEqual(4);
      await setDevPrice(chain.rpcUrl);
    });
  });

  it('without traces, credits sweep gas sent through a contract (it cannot be told apart) and `stuck` lists it', async () => {
    await withServer({ traces: false, SWEEP_FUNDER_ADDRESSES: chain.payers[7]! }, async (other) => {
      const { client, userId } = await registerUser(other);
      const deposit = await openDeposit(client, 100, 'usdc');
      await chain.payThroughContract(chain.payers[7]!, deposit.to as Address, parseEther('0.01'));
      // An address with no ETH request open is checked by the slow balance check.
      await other.app.depositWatcher!.reconcileNow();
      expect(await balanceCentsOf(t.db, userId)).toBe(3_000);
      const [row] = await t.db.query<{ id: number; block_number: number }>(
        'SELECT id, block_number FROM chain_transfers WHERE user_id = $1',
        [userId],
      );
      const lines = (await findStuck(t.db.read, { confirmations: 1 })).map((item) => item.line);
      expect(lines).toContain(
        `transfer ${row!.id}: 0.010000 ETH to ${(await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))[0]!.email} found by balance in block ${row!.block_number}; credited $30.00. Its sender is unknown (the node offers no traces): check it is not gas for sweeping sent through a contract (sweeps must fund deposit addresses by direct transactions)`,
      );
    });
  });

  it('without traces and with old state pruned, dates ETH at the earliest height the node answers, by a bound: in the window when the last block checked was', async () => {
    await withServer({ traces: false }, async (other) => {
      const { client, userId } = await registerUser(other);
      const deposit = await openDeposit(client, 150, 'eth');
      await other.app.depositWatcher!.syncNow();
      const checked = await checkedHead();
      const hash = await chain.payThroughContract(
        chain.payers[4]!,
        deposit.to as Address,
        parseEther('0.05'),
      );
      const paidIn = await blockOf(hash);
      // The window ends at the payment's block; the blocks after it come a minute apart.
      await t.db.query('UPDATE deposits SET expires_at = $2 WHERE id = $1', [
        deposit.id,
        await blockTime(paidIn),
      ]);
      for (let i = 0; i < 4; i += 1) await chain.increaseTime(60);
      // The watcher was behind, and the node kept no state before the last two blocks.
      filter.prunedBelow = paidIn + 3n;
      await other.app.depositWatcher!.syncNow();
      expect(await transfersOf(userId)).toEqual([[paidIn + 3n, 'credited', checked.toString()]]);
      // Its block is past the window's end, but the last block checked before it was not.
      expect(await detail(client, deposit.id)).toMatchObject({
        status: 'confirmed',
        late: false,
        creditedAmount: 150,
      });
      const lines = (await findStuck(t.db.read, { confirmations: 1 })).map((item) => item.line);
      expect(lines.some((line) => line.includes(`counts as paid by block ${checked}`))).toBe(true);
    });
  });

  it('does not credit internal ETH a reorganisation removed before its confirmations, traced or found by balance', async () => {
    for (const traces of [true, false]) {
      await withServer({ traces, CONFIRMATIONS: '3' }, async (other) => {
        const { client, userId } = await registerUser(other);
        const deposit = await openDeposit(client, 150, 'eth');
        await other.app.depositWatcher!.syncNow();
        await chain.payThroughContract(chain.payers[5]!, deposit.to as Address, parseEther('0.05'));
        await other.app.depositWatcher!.syncNow();
        expect((await detail(client, deposit.id)).confirmations).toEqual({ seen: 1, required: 3 });
        await chain.reorg(1);
        await chain.mine(3);
        await other.app.depositWatcher!.syncNow();
        expect(await balanceCentsOf(t.db, userId)).toBe(0);
        expect(await detail(client, deposit.id)).toMatchObject({
          status: 'pending',
          confirmations: null,
          receivedAmount: '0.000000',
        });
        expect((await transfersOf(userId)).map(([, state]) => state)).toEqual(['removed']);
      });
    }
  });
});
