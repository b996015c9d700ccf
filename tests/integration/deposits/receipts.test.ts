import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Address } from 'viem';
import { getTransaction, type Transaction } from '@/shared/contract/deposits';
import { setDevPrice } from '@/dev/dev-chain';
import { expireDeposits } from '@/server/jobs/expire-deposits';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import { useTestApp } from '../../helpers/fixtures';
import { answerOf, databaseKinds, registerUser, type TestClient } from '../../helpers/server';
import { openDeposit } from '../../helpers/deposits';
import { moneyInvariantViolations } from '../../reliability/support/invariants';

const ISSUER = 'PromoClicks GmbH | Example Street 1 |  | 10115 Berlin, Germany';

/**
 * Issue 35 point 10 on a real anvil: every deposit that credited anything has a receipt, an
 * accounting document: issuer, payer, and each part paid with its amount, price and credit, the
 * lines adding up to the deposit's totals.
 */
describe.each(databaseKinds())('deposit receipts on %s', (kind) => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await startTestChain();
  });
  afterAll(async () => {
    await chain?.stop();
  });
  const t = useTestApp(kind, () =>
    chain.env({ BALANCE_RECONCILE_SECONDS: '3600', RECEIPT_ISSUER: ISSUER }),
  );
  afterEach(async () => expect(await moneyInvariantViolations(t.db)).toEqual([]));

  const watcher = () => t.server.app.depositWatcher!;
  const detail = async (client: TestClient, id: number) =>
    answerOf(await client.call(getTransaction, { transaction_id: id })).data;
  const pay = (deposit: Transaction, units: bigint) =>
    chain.pay(chain.payers[0]!, { coinType: deposit.coinType, to: deposit.to as Address, units });
  /** Ends a request's window ten minutes ago, then a pass and the expiry job. */
  const closeWindow = async (id: number) => {
    await t.db.query(
      `UPDATE deposits SET expires_at = now() - interval '10 minutes' WHERE id = $1`,
      [id],
    );
    await chain.mine(1);
    await watcher().syncNow();
    expect(await expireDeposits(t.db, { stablecoinWindowHours: 24 })).toBe(1);
  };
  /** A receipt line as [basis, amount, price, credited]. */
  const linesOf = (receipt: {
    lines: { basis: string; amount: string; price: number; creditedAmount: number }[];
  }) => receipt.lines.map((line) => [line.basis, line.amount, line.price, line.creditedAmount]);

  it('an underpaid deposit has one, its part paid late too, naming the issuer and the payer', async () => {
    const { client, userId, registration } = await registerUser(t.server);
    const deposit = await openDeposit(client, 150, 'usdc');
    await pay(deposit, 100_000_000n);
    await watcher().syncNow();
    await closeWindow(deposit.id);
    await pay(deposit, 25_000_000n); // after the window
    await watcher().syncNow();
    const underpaid = await detail(client, deposit.id);
    // Before, only a confirmed deposit had a receipt: "A receipt is available once this deposit is
    // confirmed", for $125.00 already on the balance.
    expect(underpaid).toMatchObject({ status: 'failed', late: true, creditedAmount: 125 });
    const receipt = underpaid.receipt!;
    expect(receipt.issuer).toEqual([
      'PromoClicks GmbH',
      'Example Street 1',
      '10115 Berlin, Germany',
    ]);
    expect(receipt.payer).toEqual({
      name: registration.username,
      email: registration.email,
      accountId: userId,
    });
    expect(linesOf(receipt)).toEqual([
      ['requested', '100.000000', 1, 100],
      ['late', '25.000000', 1, 25],
    ]);
    expect(receipt.lines.map((line) => line.hash)).toEqual(
      underpaid.transfers.map((transfer) => transfer.hash),
    );
    const [credited] = await t.db.query<{ at: Date }>(
      `SELECT max(credited_at) AS at FROM chain_transfers WHERE deposit_id = $1`,
      [deposit.id],
    );
    expect(receipt.date).toBe(new Date(credited!.at).toISOString());
  });

  it("an overpaid ETH deposit lists the part at the locked price and the rest at its block's, adding up", async () => {
    const { client } = await registerUser(t.server);
    const deposit = await openDeposit(client, 150, 'eth'); // $3,000.00: 0.05 ETH
    await setDevPrice(chain.rpcUrl, 2500_00000000n);
    await pay(deposit, parseEther('0.06')); // in the window: 0.05 at $3,000.00 + 0.01 at $2,500.00
    await watcher().syncNow();
    const paid = await detail(client, deposit.id);
    expect(paid).toMatchObject({ status: 'confirmed', ethUsdPrice: 3000, creditedAmount: 175 });
    // Before, one line: 0.060000 ETH, "ETH/USD rate $2,500.00", credited $175.00.
    expect(linesOf(paid.receipt!)).toEqual([
      ['requested', '0.050000', 3000, 150],
      ['over', '0.010000', 2500, 25],
    ]);
    expect(paid.receipt!.date).toBe(paid.confirmedAt);
    await setDevPrice(chain.rpcUrl);
  });

  it('a payment with no request has one at the price of its block; a deposit with nothing credited has none', async () => {
    const { client } = await registerUser(t.server);
    const deposit = await openDeposit(client, 100, 'eth');
    expect((await detail(client, deposit.id)).receipt).toBeNull();
    await client.post('/api/delete-transaction', { transaction_id: deposit.id });
    await setDevPrice(chain.rpcUrl, 2000_00000000n);
    await pay(deposit, parseEther('0.01'));
    await watcher().syncNow();
    const [unrequested] = await t.db.query<{ id: number }>(
      `SELECT id FROM deposits WHERE wallet_address = $1 AND origin = 'unrequested'`,
      [deposit.to],
    );
    const paid = await detail(client, Number(unrequested!.id));
    expect(linesOf(paid.receipt!)).toEqual([['unrequested', '0.010000', 2000, 20]]);
    await setDevPrice(chain.rpcUrl);
  });
});
