import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { DEV_DEPOSIT_XPUB } from '@/server/config';
import type { Db } from '@/server/db/db';
import { createChain, type Chain } from '@/server/domain/deposits/chain';
import { createAddressDeriver, depositAddressOf } from '@/server/domain/deposits/deposit-addresses';
import { OperatorError } from '@/server/operator/actions';
import { describeTransfer, rescanDeposits } from '@/server/operator/rescan';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import { balanceCentsOf, notificationsOf } from '../../helpers/deposits';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds, startTestApp } from '../../helpers/server';
import { moneyInvariantViolations } from '../../reliability/support/invariants';
import { advertiser, ledgerOf, operatorActions } from './support';

/**
 * Issue 20, point 5: the operator scans a block range again for deposits, on a real anvil. A
 * transfer is credited once however often it is scanned, by the rescan or the watcher.
 */
describe.each(databaseKinds())('rescan on %s against anvil', (kind) => {
  const t = useTestDatabase(kind);
  let db: Db;
  let testChain: TestChain;
  let chain: Chain;
  const derive = createAddressDeriver(DEV_DEPOSIT_XPUB);
  const REASON = 'Ticket 12: a payment not credited';

  beforeAll(async () => {
    testChain = await startTestChain();
    db = t.db;
    chain = chainWith(1);
  });
  afterAll(async () => {
    expect(await moneyInvariantViolations(db)).toEqual([]);
    await testChain?.stop();
  });

  const chainWith = (confirmations: number) =>
    createChain({
      rpcUrl: testChain.rpcUrl,
      confirmations,
      chainId: undefined,
      priceMaxAgeSeconds: 3900,
    });
  /** An advertiser with a deposit address and no request open. */
  async function payee(name: string): Promise<{ id: number; email: string; address: Address }> {
    const user = await advertiser(db, name, 0);
    const address = await db.transaction((tx) => depositAddressOf(tx, derive, user.id));
    return { ...user, address };
  }
  const depositRows = async (userId: number) =>
    (await ledgerOf(db, userId)).filter((row) => row.kind === 'deposit');
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(OperatorError);
    return (error as OperatorError).message;
  };

  it('credits a transfer the watcher never saw, once however often the blocks are scanned', async () => {
    const ava = await payee('ava');
    const txHash = await testChain.pay(testChain.payers[0]!, {
      coinType: 'usdc',
      to: ava.address,
      units: 150_000_000n,
    });
    const block = await chain.headBlock();
    await testChain.mine(2);
    const range = { from: block - 1n, to: block + 2n, reason: REASON };

    const first = await rescanDeposits(db, chain, { sweepFunders: [] }, range);
    const transfer = {
      transferId: first.transfers[0]?.transferId,
      email: ava.email,
      coin: 'usdc',
      units: 150_000_000n,
      blockNumber: block,
      txHash,
      logIndex: 0,
    };
    expect(first).toEqual({
      actionId: first.actionId,
      transfers: [{ ...transfer, outcome: { state: 'credited now', cents: 15_000 } }],
      creditedCents: 15_000,
      summary: `Rescanned blocks ${block - 1n} to ${block + 2n}: 1 transfer to deposit addresses; credited 1 transfer now ($150.00), 0 credited before (action ${first.actionId}).`,
    });
    expect(first.transfers.map(describeTransfer)).toEqual([
      `150.000000 USDC to ${ava.email} (block ${block}, tx ${txHash} log 0): credited now, $150.00`,
    ]);
    expect(await balanceCentsOf(db, ava.id)).toBe(15_000);
    expect(await notificationsOf(db, ava.id)).toEqual([
      '150.000000 USDC arrived at your deposit address with no open deposit request; $150.00 was added to your balance.',
    ]);

    const second = await rescanDeposits(db, chain, { sweepFunders: [] }, range);
    expect(second.transfers).toEqual([{ ...transfer, outcome: { state: 'credited before' } }]);
    expect(second.summary).toBe(
      `Rescanned blocks ${block - 1n} to ${block + 2n}: 1 transfer to deposit addresses; credited 0 transfers now ($0.00), 1 credited before (action ${second.actionId}).`,
    );
    expect(await depositRows(ava.id)).toEqual([
      {
        amount_cents: 15_000,
        kind: 'deposit',
        reference: `transfer:${transfer.transferId}`,
        note: null,
      },
    ]);
    expect((await operatorActions(db)).slice(-2)).toEqual([
      {
        id: first.actionId,
        command: 'rescan',
        arguments: { from: `${block - 1n}`, to: `${block + 2n}`, chainId: 31337 },
        reason: REASON,
        result: first.summary,
        key: null,
      },
      {
        id: second.actionId,
        command: 'rescan',
        arguments: { from: `${block - 1n}`, to: `${block + 2n}`, chainId: 31337 },
        reason: REASON,
        result: second.summary,
        key: null,
      },
    ]);
  });

  it('finds a transfer the watcher credited as credited before, and credits nothing more', async () => {
    const ben = await payee('ben');
    const server = await startTestApp(db, testChain.env());
    try {
      await testChain.pay(testChain.payers[1]!, {
        coinType: 'usdt',
        to: ben.address,
        units: 200_000_000n,
      });
      const block = await chain.headBlock();
      await server.app.depositWatcher!.syncNow();
      expect(await balanceCentsOf(db, ben.id)).toBe(20_000);
      const result = await rescanDeposits(
        db,
        chain,
        { sweepFunders: [] },
        { from: block, to: block, reason: REASON },
      );
      expect(result.transfers.map((transfer) => transfer.outcome)).toEqual([
        { state: 'credited before' },
      ]);
      // The watcher's next pass finds nothing more to credit either.
      await server.app.depositWatcher!.syncNow();
      expect(await depositRows(ben.id)).toHaveLength(1);
      expect(await balanceCentsOf(db, ben.id)).toBe(20_000);
    } finally {
      await server.close();
    }
  });

  it('leaves a transfer without its confirmations to the watcher, and credits it once it has them', async () => {
    const cleo = await payee('cleo');
    const slow = chainWith(3);
    await testChain.pay(testChain.payers[2]!, {
      coinType: 'usdc',
      to: cleo.address,
      units: 40_000_000n,
    });
    const block = await chain.headBlock();
    const range = { from: block, to: block, reason: REASON };
    const early = await rescanDeposits(db, slow, { sweepFunders: [] }, range);
    expect(early.transfers.map(describeTransfer)).toEqual([
      `40.000000 USDC to ${cleo.email} (block ${block}, tx ${early.transfers[0]!.txHash} log 0): waiting for confirmations (1 of 3); the watcher credits it`,
    ]);
    expect(early.summary).toBe(
      `Rescanned blocks ${block} to ${block}: 1 transfer to deposit addresses; credited 0 transfers now ($0.00), 0 credited before, 1 waiting for confirmations (action ${early.actionId}).`,
    );
    expect(await balanceCentsOf(db, cleo.id)).toBe(0);
    await testChain.mine(2);
    const later = await rescanDeposits(db, slow, { sweepFunders: [] }, range);
    expect(later.creditedCents).toBe(4_000);
    expect(await balanceCentsOf(db, cleo.id)).toBe(4_000);
  });

  it("credits ETH at the round in force, never a sweep funder's, and leaves ETH the balance check may have counted to the operator", async () => {
    const dan = await payee('dan');
    const eve = await payee('eve');
    const funder = testChain.payers[7]!;
    const sent = (to: Address, from: Address) =>
      testChain.pay(from, { coinType: 'eth', to, units: 10n ** 16n });
    const paid = await sent(dan.address, testChain.payers[3]!);
    const gas = await sent(dan.address, funder);
    const unseen = await sent(eve.address, testChain.payers[4]!);
    const last = await chain.headBlock();
    // Balance reconciliation recorded ETH at Eve's address in a later block, which no transaction
    // explained: it may be the transfer above.
    const [reconciled] = await db.query<{ id: number }>(
      `INSERT INTO chain_transfers (chain_id, tx_hash, log_index, user_id, coin_type, from_address,
          to_address, units, block_number, block_hash, block_time, state, credited_cents)
        VALUES (31337, $1, -2, $2, 'eth', $3, $4, 10000000000000000, $5, '0xb', now(), 'credited', 0)
        RETURNING id`,
      [
        `balance:${eve.address.toLowerCase()}:${last + 1n}`,
        eve.id,
        '0x' + '0'.repeat(40),
        eve.address,
        (last + 1n).toString(),
      ],
    );
    await testChain.mine(1);
    const result = await rescanDeposits(
      db,
      chain,
      { sweepFunders: [funder.toLowerCase()] },
      { from: last - 2n, to: last + 1n, reason: REASON },
    );
    expect(result.transfers.map(describeTransfer)).toEqual([
      `0.010000 ETH to ${dan.email} (block ${last - 2n}, tx ${paid}): credited now, $30.00`,
      `0.010000 ETH to ${dan.email} (block ${last - 1n}, tx ${gas}): sweep gas, not credited`,
      `0.010000 ETH to ${eve.email} (block ${last}, tx ${unseen}): not recorded; balance reconciliation found ETH at this address in block ${last + 1n} (transfer ${reconciled!.id}) that may be this one, credited already. Check by hand.`,
    ]);
    expect(result.summary).toBe(
      `Rescanned blocks ${last - 2n} to ${last + 1n}: 3 transfers to deposit addresses; credited 1 transfer now ($30.00), 0 credited before, 1 sweep gas, not credited, 1 not recorded (action ${result.actionId}).`,
    );
    expect(await balanceCentsOf(db, dan.id)).toBe(3_000);
    expect(await balanceCentsOf(db, eve.id)).toBe(0);
    const recorded = await db.query('SELECT 1 FROM chain_transfers WHERE tx_hash = $1', [unseen]);
    expect(recorded).toEqual([]);
  });

  it('refuses a range backwards, past the head or longer than 100000 blocks, recording nothing', async () => {
    const head = await chain.headBlock();
    const actions = await operatorActions(db);
    const rescan = (from: bigint, to: bigint) =>
      rescanDeposits(db, chain, { sweepFunders: [] }, { from, to, reason: REASON });
    expect(await refusal(rescan(5n, 4n))).toBe('--from (5) is after --to (4).');
    expect(await refusal(rescan(0n, head + 1n))).toBe(
      `--to (${head + 1n}) is past the chain's newest block, ${head}.`,
    );
    expect(await refusal(rescan(0n, 100_000n))).toBe(
      'At most 100000 blocks at once (asked for 100001): split the range.',
    );
    expect(await operatorActions(db)).toEqual(actions);
  });
});
