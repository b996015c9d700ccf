import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import { getAddress, parseEther, type Address } from 'viem';
import { setDevPrice } from '@/dev/dev-chain';
import { expireDeposits } from '@/server/jobs/expire-deposits';
import {
  deleteTransaction,
  getAllUserTransactions,
  getTransaction,
  type Transaction,
  verifyTransaction,
} from '@/shared/contract/deposits';
import { FORWARDER_ADDRESS, startTestChain, type TestChain } from '../../helpers/anvil';
import { startRpcFilter } from '../../helpers/rpc-filter';
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

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/**
 * Issue 15 on a real anvil: the watcher finds payments to each advertiser's own address by itself,
 * credits each transfer once, and never loses one.
 */
describe.each(databaseKinds())('the deposit watcher on %s against anvil', (kind) => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await startTestChain();
  });
  afterAll(async () => {
    await chain?.stop();
  });
  const t = useTestApp(kind, () =>
    chain.env({ SWEEP_FUNDER_ADDRESSES: chain.payers[7]!, BALANCE_RECONCILE_SECONDS: '3600' }),
  );

  // The books after each test: every balance equals its ledger, each transfer credited once.
  afterEach(async () => expect(await moneyInvariantViolations(t.db)).toEqual([]));

  const watcher = () => t.server.app.depositWatcher!;
  const open = openDeposit;
  const detail = async (client: TestClient, id: number) =>
    answerOf(await client.call(getTransaction, { transaction_id: id })).data;
  const balanceCents = (userId: number) => balanceCentsOf(t.db, userId);
  const ledger = async (userId: number) =>
    (
      await t.db.query<{ amount_cents: number; reference: string }>(
        `SELECT amount_cents, reference FROM ledger_entries WHERE user_id = $1 AND kind = 'deposit'
          ORDER BY id`,
        [userId],
      )
    ).map((row) => Number(row.amount_cents));
  const notifications = (userId: number) => notificationsOf(t.db, userId);
  const pay = (deposit: Transaction, units: bigint, payer = chain.payers[0]!) =>
    chain.pay(payer, { coinType: deposit.coinType, to: deposit.to as Address, units });

  it('gives each advertiser an address of their own, child i of the development xpub', async () => {
    const first = await registerUser(t.server);
    const second = await registerUser(t.server);
    const a = await open(first.client, 100, 'usdc');
    const b = await open(second.client, 100, 'usdc');
    const again = await open(first.client, 200, 'usdt');
    expect(again.to).toBe(a.to);
    expect(b.to).not.toBe(a.to);
    const rows = await t.db.query<{ user_id: number; derivation_index: number; address: string }>(
      'SELECT user_id, derivation_index, address FROM deposit_addresses WHERE user_id = ANY($1::bigint[])',
      [[first.userId, second.userId]],
    );
    for (const row of rows) {
      const account = mnemonicToAccount(DEV_MNEMONIC, {
        accountIndex: 1,
        addressIndex: Number(row.derivation_index),
      });
      expect(row.address).toBe(account.address);
    }
    // Never a funded test account (m/44'/60'/0'/0/0-9).
    expect(chain.payers.map((payer) => payer.toLowerCase())).not.toContain(a.to.toLowerCase());
    // The plain amount asked for: no odd amounts.
    expect(a.ethAmount).toBe('100.000000');
    expect(a.amountUnits).toBe('100000000');
  });

  it('credits a paid deposit with no verify call, within 10 seconds of the payment', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await open(client, 250.5, 'usdc');
    watcher().start();
    try {
      await pay(deposit, 250_500_000n);
      const paidAt = Date.now();
      while ((await detail(client, deposit.id)).status !== 'confirmed') {
        expect(Date.now() - paidAt).toBeLessThan(10_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await watcher().stop();
    }
    const paid = await detail(client, deposit.id);
    expect(paid).toMatchObject({
      status: 'confirmed',
      receivedAmount: '250.500000',
      creditedAmount: 250.5,
      confirmations: null,
      late: false,
      origin: 'request',
    });
    expect(paid.transfers).toHaveLength(1);
    expect(paid.transfers[0]).toMatchObject({ amount: '250.500000', creditedAmount: 250.5 });
    expect(await balanceCents(userId)).toBe(25_050);
    expect(await notifications(userId)).toEqual([
      'Your deposit of $250.50 in USDC is confirmed and $250.50 was added to your balance.',
    ]);
  });

  it('credits a payment made after Start Over once, as a deposit nobody asked for', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await open(client, 300, 'usdt');
    await pay(deposit, 300_000_000n);
    // The page's Start Over wins the race with the watcher: the transfer is still credited.
    const deleted = await client.call(deleteTransaction, { transaction_id: deposit.id });
    expect(deleted.status).toBe(200);
    await watcher().syncNow();
    await watcher().syncNow();
    expect(await ledger(userId)).toEqual([30_000]);
    const list = answerOf(await client.call(getAllUserTransactions, {})).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      status: 'confirmed',
      origin: 'unrequested',
      amount: 300,
      creditedAmount: 300,
      receivedAmount: '300.000000',
    });
    expect(await notifications(userId)).toEqual([
      '300.000000 USDT arrived at your deposit address with no open deposit request; $300.00 was added to your balance.',
    ]);
  });

  it('refuses to delete or expire a request whose payment waits for confirmations', async () => {
    await watcher().stop(); // hands the lease over (one process at a time moves the cursor)
    const slow = await startTestApp(t.db, chain.env({ CONFIRMATIONS: '3' }));
    try {
      const { client, userId } = await registerUser(slow);
      const deposit = await open(client, 150, 'usdc');
      await pay(deposit, 150_000_000n);
      await slow.app.depositWatcher!.syncNow();
      expect((await detail(client, deposit.id)).confirmations).toEqual({ seen: 1, required: 3 });
      const refused = await client.call(deleteTransaction, { transaction_id: deposit.id });
      expect(refused.body).toEqual({
        success: false,
        message:
          'A payment to this deposit has arrived, so it cannot be deleted. It is added to your balance once confirmed.',
      });
      await t.db.query(`UPDATE deposits SET expires_at = now() - interval '1 day' WHERE id = $1`, [
        deposit.id,
      ]);
      expect(await expireDeposits(t.db, { stablecoinWindowHours: 24 })).toBe(0);
      const verify = await client.call(verifyTransaction, {
        address: chain.payers[0]!,
        crmTransactionId: deposit.id,
      });
      expect(verify.body).toEqual({
        success: false,
        message:
          'Payment detected. It is added to your balance automatically once it has enough confirmations.',
      });
      await chain.mine(2);
      await slow.app.depositWatcher!.syncNow();
      const paid = await detail(client, deposit.id);
      expect(paid).toMatchObject({ status: 'confirmed', creditedAmount: 150, late: true });
      expect(await ledger(userId)).toEqual([15_000]);
    } finally {
      await slow.close();
    }
  });

  it('completes a request paid in two parts once, crediting each part as it arrives', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await open(client, 200, 'usdc');
    await pay(deposit, 120_000_000n);
    await watcher().syncNow();
    const part = await client.call(verifyTransaction, {
      address: chain.payers[0]!,
      crmTransactionId: deposit.id,
    });
    expect(part.body).toEqual({
      success: false,
      message:
        '120.000000 USDC of 200.000000 USDC has arrived so far and $120.00 was added to your balance. Send the rest to the same address before the deposit closes, or start a new deposit.',
    });
    await pay(deposit, 80_000_000n);
    const verified = await client.call(verifyTransaction, {
      address: chain.payers[0]!,
      crmTransactionId: deposit.id,
    });
    expect(verified.body.message).toBe('Payment verification successful!');
    expect(answerOf(verified).data).toMatchObject({
      status: 'confirmed',
      receivedAmount: '200.000000',
    });
    expect(await ledger(userId)).toEqual([12_000, 8_000]);
    expect(await balanceCents(userId)).toBe(20_000);
  });

  it('credits everything above the $10,000 request cap', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await open(client, 100, 'usdt');
    await pay(deposit, 20_000_000_000n);
    await watcher().syncNow();
    expect(await detail(client, deposit.id)).toMatchObject({
      status: 'confirmed',
      creditedAmount: 20_000,
    });
    expect(await balanceCents(userId)).toBe(2_000_000);
  });

  it('ends an underpaid request as failed when its window closes; what arrived stays credited', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await open(client, 500, 'usdc');
    await pay(deposit, 499_000_000n);
    await watcher().syncNow();
    await t.db.query(
      `UPDATE deposits SET expires_at = now() - interval '2 minutes' WHERE id = $1`,
      [deposit.id],
    );
    await watcher().syncNow(); // a pass a minute after the window: the request may close
    expect(await expireDeposits(t.db, { stablecoinWindowHours: 24 })).toBe(1);
    const verify = await client.call(verifyTransaction, {
      address: chain.payers[0]!,
      crmTransactionId: deposit.id,
    });
    expect(verify.body).toEqual({
      success: false,
      message:
        'Payment verification failed: only 499.000000 USDC of 500.000000 USDC arrived before the deposit closed. The $499.00 it was worth was added to your balance (no crypto is sent back). Start a new deposit for the rest.',
    });
    expect(await balanceCents(userId)).toBe(49_900);
  });

  it('credits ETH paid after the window at the round in force at its block, marked late', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await open(client, 100, 'eth'); // $3,000.00: 0.033334 ETH
    expect(deposit.ethAmount).toBe('0.033334');
    // The window and the expiry job's 5-minute grace pass (on the chain's clock and the database's).
    await chain.increaseTime(21 * 60);
    await t.db.query(
      `UPDATE deposits SET expires_at = now() - interval '7 minutes' WHERE id = $1`,
      [deposit.id],
    );
    await setDevPrice(chain.rpcUrl, 2500_00000000n);
    await watcher().syncNow(); // a pass a minute after the window: the request may close
    expect(await expireDeposits(t.db, { stablecoinWindowHours: 24 })).toBeGreaterThanOrEqual(1);
    expect((await detail(client, deposit.id)).status).toBe('failed');
    await pay(deposit, parseEther('0.04'));
    await chain.increaseTime(12);
    await setDevPrice(chain.rpcUrl, 2000_00000000n); // a later round does not count
    await watcher().syncNow();
    const paid = await detail(client, deposit.id);
    expect(paid).toMatchObject({ status: 'confirmed', late: true, creditedAmount: 100 });
    expect(paid.transfers[0]).toMatchObject({ ethUsdPrice: 2500, creditedAmount: 100 });
    expect(await ledger(userId)).toEqual([10_000]);
    await chain.increaseTime(12);
    await setDevPrice(chain.rpcUrl);
  });

  it('credits ETH a contract wallet sent at once, found in the traces with its transaction; never sweep gas, sent directly or through a contract', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await open(client, 100, 'usdc');
    const to = deposit.to as Address;
    await chain.pay(chain.payers[7]!, { coinType: 'eth', to, units: parseEther('0.01') });
    // Issue 33 point 3: gas sent through a contract (a batch sender) is sweep gas too; before, only
    // direct transactions were looked at, and it would have been credited ($60.00).
    await chain.payThroughContract(chain.payers[7]!, to, parseEther('0.02'));
    const hash = await chain.payThroughContract(chain.payers[1]!, to, parseEther('0.05'));
    await watcher().syncNow();
    // 0.05 ETH at $3,000.00: $150.00, in the pass that scanned its block (before: at the next
    // balance check, up to BALANCE_RECONCILE_SECONDS later).
    expect(await ledger(userId)).toEqual([15_000]);
    await watcher().reconcileNow();
    expect(await ledger(userId)).toEqual([15_000]);
    const list = answerOf(await client.call(getAllUserTransactions, {})).data;
    expect(list.find((row) => row.origin === 'unrequested')).toMatchObject({
      coinType: 'eth',
      creditedAmount: 150,
      receivedAmount: '0.050000',
      // The transaction it was part of, and the contract that sent it.
      hash,
      from: getAddress(FORWARDER_ADDRESS),
    });
  });

  it("never shows a sweep funder's gas as a payment detected for an open ETH request", async () => {
    await watcher().stop();
    const slow = await startTestApp(
      t.db,
      chain.env({ CONFIRMATIONS: '3', SWEEP_FUNDER_ADDRESSES: chain.payers[7]! }),
    );
    try {
      const { client } = await registerUser(slow);
      const eth = await open(client, 100, 'eth');
      await chain.pay(chain.payers[7]!, {
        coinType: 'eth',
        to: eth.to as Address,
        units: parseEther('0.001'),
      });
      await slow.app.depositWatcher!.syncNow();
      expect((await detail(client, eth.id)).confirmations).toBeNull();
      const deleted = await client.call(deleteTransaction, { transaction_id: eth.id });
      expect(deleted.body).toEqual({ success: true, message: 'Transaction deleted successfully' });
    } finally {
      await slow.close();
    }
  });

  it('credits ETH found by balance once, also when another process took the lease meanwhile', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await open(client, 100, 'usdt');
    await chain.payThroughContract(chain.payers[2]!, deposit.to as Address, parseEther('0.02'));
    await watcher().stop(); // the lease lapses: a second process takes it
    // It talks to a node that offers no traces: the ETH is found by balance.
    const filter = await startRpcFilter(chain.rpcUrl);
    const other = await startTestApp(
      t.db,
      chain.env({ RPC_URL: filter.url, BALANCE_RECONCILE_SECONDS: '3600' }),
    );
    try {
      await other.app.depositWatcher!.reconcileNow();
      await chain.mine(1);
      // The first process, back, reconciles a later block: the ETH is known, nothing more.
      await other.app.depositWatcher!.stop();
      await watcher().reconcileNow();
      expect(await ledger(userId)).toEqual([6_000]);
    } finally {
      await other.close();
      await filter.close();
    }
  });

  it('counts dust toward what arrived, credits and tells nothing, and leaves Start Over; ignores zero-value transfers', async () => {
    const { client, userId } = await registerUser(t.server);
    const deposit = await open(client, 100, 'usdc');
    await pay(deposit, 0n, chain.payers[3]!);
    await pay(deposit, 1n, chain.payers[3]!);
    await watcher().syncNow();
    // Issue 33 point 5: a part worth less than a cent counts toward what arrived.
    expect(await detail(client, deposit.id)).toMatchObject({
      status: 'pending',
      receivedAmount: '0.000001',
      creditedAmount: 0,
      confirmations: null,
      hash: null,
      from: null,
      transfers: [{ amount: '0.000001', creditedAmount: 0 }],
    });
    expect(await ledger(userId)).toEqual([]);
    expect(await notifications(userId)).toEqual([]);
    const deleted = await client.call(deleteTransaction, { transaction_id: deposit.id });
    expect(deleted.body).toEqual({ success: true, message: 'Transaction deleted successfully' });
  });

  it('does not credit a transfer a reorganisation removed before its confirmations', async () => {
    await watcher().stop(); // hands the lease over (one process at a time moves the cursor)
    const slow = await startTestApp(t.db, chain.env({ CONFIRMATIONS: '3' }));
    try {
      const { client, userId } = await registerUser(slow);
      const deposit = await open(client, 400, 'usdc');
      await pay(deposit, 400_000_000n);
      await slow.app.depositWatcher!.syncNow();
      expect((await detail(client, deposit.id)).confirmations).toEqual({ seen: 1, required: 3 });
      await chain.reorg(1);
      await chain.mine(3);
      await slow.app.depositWatcher!.syncNow();
      expect(await ledger(userId)).toEqual([]);
      expect(await detail(client, deposit.id)).toMatchObject({
        status: 'pending',
        confirmations: null,
        receivedAmount: '0.000000',
      });
    } finally {
      await slow.close();
    }
  });

  it('credits once across a restart between detection and confirmation', async () => {
    await watcher().stop();
    const first = await startTestApp(t.db, chain.env({ CONFIRMATIONS: '2' }));
    const { client, userId } = await registerUser(first);
    const deposit = await open(client, 120, 'usdt');
    await pay(deposit, 120_000_000n);
    await first.app.depositWatcher!.syncNow();
    expect((await detail(client, deposit.id)).confirmations).toEqual({ seen: 1, required: 2 });
    await first.close();
    const second = await startTestApp(t.db, chain.env({ CONFIRMATIONS: '2' }));
    try {
      await chain.mine(1);
      await second.app.depositWatcher!.syncNow();
      await second.app.depositWatcher!.syncNow();
      expect(await ledger(userId)).toEqual([12_000]);
    } finally {
      await second.close();
    }
  });

  it('keeps one open request per coin: a new one replaces an unpaid one', async () => {
    const { client } = await registerUser(t.server);
    const older = await open(client, 100, 'usdc');
    const newer = await open(client, 150, 'usdc');
    await open(client, 100, 'eth');
    const pending = answerOf(
      await client.call(getAllUserTransactions, {
        action: 'pending',
      }),
    ).data.map((row) => row.id);
    expect(pending).toContain(newer.id);
    expect(pending).not.toContain(older.id);
    expect(pending).toHaveLength(2);
  });
});
