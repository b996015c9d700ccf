import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestClient, http, type Address } from 'viem';
import { foundry } from 'viem/chains';
import { getTransaction } from '@/shared/contract/deposits';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import { balanceCentsOf, openDeposit } from '../../helpers/deposits';
import { useTestApp } from '../../helpers/fixtures';
import { answerOf, databaseKinds, registerUser } from '../../helpers/server';
import { moneyInvariantViolations } from '../../reliability/support/invariants';

/**
 * The deposit watcher's cursor ahead of the chain (src/server/domain/deposits/deposit-watcher.ts): a dev
 * chain restored from an older state, or a node rolled back, has its head below the block the
 * watcher scans next. It scans again from the head's unconfirmed blocks: a payment in the blocks
 * made since is found and credited, once, and what was detected in the blocks lost is removed.
 */
describe.each(databaseKinds())(
  'the deposit watcher with its cursor ahead of the chain on %s',
  (kind) => {
    let chain: TestChain;
    beforeAll(async () => {
      chain = await startTestChain();
    });
    afterAll(async () => {
      await chain?.stop();
    });
    const t = useTestApp(kind, () =>
      chain.env({ CONFIRMATIONS: '3', BALANCE_RECONCILE_SECONDS: '3600' }),
    );

    /** evm_snapshot and evm_revert: the dev chain restored from an older state. */
    const anvil = () =>
      createTestClient({
        mode: 'anvil',
        chain: foundry,
        transport: http(chain.rpcUrl, { retryCount: 0 }),
      });
    const head = () => t.server.app.chain!.headBlock();
    const cursor = async () => {
      const [row] = await t.db.query<{ next_block: string; head_block: string }>(
        'SELECT next_block::text, head_block::text FROM chain_watcher WHERE id = 1',
      );
      return { next: BigInt(row!.next_block), head: BigInt(row!.head_block) };
    };
    const transfers = async (userId: number) =>
      (
        await t.db.query<{ block_number: string; units: string; state: string }>(
          `SELECT block_number::text, units::text, state FROM chain_transfers WHERE user_id = $1
          ORDER BY block_number`,
          [userId],
        )
      ).map((row) => ({ block: BigInt(row.block_number), units: row.units, state: row.state }));

    it('scans again from the unconfirmed blocks below the head, credits the payment made since once and removes the one lost', async () => {
      const watcher = t.server.app.depositWatcher!;
      const { client, userId } = await registerUser(t.server);
      const deposit = await openDeposit(client, 100, 'usdc');
      const pay = (units: bigint) =>
        chain.pay(chain.payers[0]!, { coinType: 'usdc', to: deposit.to as Address, units });
      await watcher.syncNow();
      const snapshot = await anvil().snapshot();
      const restored = await head();

      // Blocks the restore will lose: a payment seen, 1 of its 3 confirmations.
      await chain.mine(5);
      await pay(40_000_000n);
      await watcher.syncNow();
      const lost = restored + 6n;
      expect(await transfers(userId)).toEqual([
        { block: lost, units: '40000000', state: 'detected' },
      ]);
      expect(await cursor()).toEqual({ next: lost + 1n, head: lost });

      await anvil().revert({ id: snapshot });
      expect(await head()).toBe(restored);
      await pay(100_000_000n);
      await chain.mine(2);
      const now = restored + 3n;
      expect(await head()).toBe(now);

      const scan = vi.spyOn(t.server.app.chain!, 'scan');
      const warn = vi.spyOn(t.server.app.log, 'warn');
      await watcher.syncNow();
      // From the first unconfirmed block (now - 3 + 1) less the 2 scanned again each pass.
      expect(scan.mock.calls.map(([from, to]) => [from, to])).toEqual([[restored - 1n, now]]);
      expect(
        warn.mock.calls.filter(([, message]) => message === 'deposit watcher: cursor ahead'),
      ).toEqual([
        [{ cursor: (lost + 1n).toString(), head: now.toString() }, 'deposit watcher: cursor ahead'],
      ]);
      expect(await cursor()).toEqual({ next: now + 1n, head: now });
      expect(await balanceCentsOf(t.db, userId)).toBe(10_000);
      // The lost payment's block is not made yet: it stays detected, never credited.
      expect(await transfers(userId)).toEqual([
        { block: restored + 1n, units: '100000000', state: 'credited' },
        { block: lost, units: '40000000', state: 'detected' },
      ]);

      // The chain grows past the lost block: scanned again, the payment is not there.
      scan.mockClear();
      await chain.mine(3);
      await watcher.syncNow();
      expect(scan.mock.calls.map(([from, to]) => [from, to])).toEqual([[now - 1n, now + 3n]]);
      expect(await transfers(userId)).toEqual([
        { block: restored + 1n, units: '100000000', state: 'credited' },
        { block: lost, units: '40000000', state: 'removed' },
      ]);
      expect(await balanceCentsOf(t.db, userId)).toBe(10_000);
      const detail = await client.call(getTransaction, {
        transaction_id: deposit.id,
      });
      expect(answerOf(detail).data).toMatchObject({
        status: 'confirmed',
        receivedAmount: '100.000000',
        creditedAmount: 100,
      });
      expect(await moneyInvariantViolations(t.db)).toEqual([]);
    });
  },
);
