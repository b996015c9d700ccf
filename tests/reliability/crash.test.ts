import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { openPglite, type Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import { register as registerEndpoint } from '@/shared/contract/auth';
import { newCampaign } from '@/shared/contract/campaigns';
import {
  type CoinType,
  getTransaction,
  topUpBalance,
  type Transaction,
  verifyTransaction,
} from '@/shared/contract/deposits';
import { startTestChain, type TestChain } from '../helpers/anvil';
import { clickId } from '../helpers/click-ids';
import { answerOf, databaseKinds, newRegistration, type TestClient } from '../helpers/server';
import { moneyInvariantViolations } from './support/invariants';
import {
  createProcessDatabase,
  postClickBatch,
  startServerProcess,
  type ClickEventBody,
  type ProcessDatabase,
  type ServerProcess,
} from './support/server-process';

/**
 * Issue 6: kill -9 the real server process in the middle of click and deposit traffic (payments the
 * server's chain watcher is crediting, verifications), go on paying while it is down, restart it on
 * the same data, send every click batch and every verification again, and check that nothing counted
 * twice and nothing was lost: the restarted watcher credits, from its cursor, each transfer once.
 */

const PARTNER_SECRET = 'crash-partner-secret';
const VERIFIED = 'Payment verification successful!';
/**
 * Profiles: A's campaign (package 1, $0.80), B's (package 2, $0.60), and one nobody promotes (its
 * clicks are invalid: not placed).
 */
const PROFILES = ['crash_ann', 'crash_bo', 'crash_cy'] as const;
/** 30 batches of 10 events: event i goes to crash_ann, crash_ann, crash_bo, crash_cy in turn. */
const BATCHES = 30;
const BATCH_SIZE = 10;
const ORDER = [0, 0, 1, 2];
/** The server is killed once this many click batches have been answered (the rest are in flight). */
const KILL_AFTER_BATCHES = 8;
/** A dead process's watcher lease (15 s at CHAIN_POLL_MS 200) lapses before the new one scans. */
const CREDITED_WITHIN_MS = 45_000;

/** A deposit of the traffic: opened before it, paid in `parts` (units) during it or while down. */
interface TrafficDeposit {
  transaction: Transaction;
  payer: Address;
  parts: bigint[];
  paid: number;
}

interface Advertiser {
  client: TestClient;
  email: string;
  deposits: TrafficDeposit[];
}

describe.each(databaseKinds())('kill -9 during click and deposit traffic on %s', (kind) => {
  let chain: TestChain;
  let tempDir: string;
  let database: ProcessDatabase | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    [chain, tempDir] = await Promise.all([
      startTestChain(),
      mkdtemp(join(tmpdir(), `crash-${kind}-`)),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await chain?.stop();
    await rm(tempDir, { recursive: true, force: true });
  });

  const dataDir = () => join(tempDir, 'data');
  const serverEnv = () => ({
    // The watcher polls often, so the kill lands among its passes.
    ...chain.env({ CHAIN_POLL_MS: '200' }),
    PARTNER_SECRET,
    OUTBOX_DIR: join(tempDir, 'outbox'),
    ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir() }),
  });

  /** Runs `check` on the data: PostgreSQL directly; PGlite once the server has stopped. */
  async function withData<T>(check: (db: Db) => Promise<T>): Promise<T> {
    if (database) return check(database.db);
    const db = await openPglite(dataDir());
    try {
      return await check(db);
    } finally {
      await db.close();
    }
  }

  async function seedCatalogue(db: Db) {
    await migrate(db);
    await db.query(
      `INSERT INTO profiles (username, full_name, avatar)
        SELECT u, initcap(replace(u, '_', ' ')), '/avatars/' || u || '.svg' FROM unnest($1::text[]) AS u`,
      [PROFILES],
    );
  }

  async function signUp(running: ServerProcess): Promise<{ client: TestClient; email: string }> {
    const registration = newRegistration();
    const client = running.client();
    expect((await client.call(registerEndpoint, registration)).status).toBe(201);
    return { client, email: registration.email };
  }

  async function open(client: TestClient, amount: number, coinType: CoinType) {
    const created = await client.call(topUpBalance, { amount, coinType });
    expect(created.status).toBe(201);
    return answerOf(created, 201).data;
  }

  /** Pays the deposit's next part to its address (anvil runs on while the server is down). */
  async function payNextPart(deposit: TrafficDeposit) {
    const units = deposit.parts[deposit.paid]!;
    deposit.paid += 1;
    await chain.pay(deposit.payer, {
      coinType: deposit.transaction.coinType,
      to: deposit.transaction.to as Address,
      units,
    });
  }

  const verify = (client: TestClient, id: number, payer: Address) =>
    client.call(verifyTransaction, { address: payer, crmTransactionId: id });

  it('keeps every invariant and counts each click and transfer once after a restart', async () => {
    if (kind === 'pglite') {
      const db = await openPglite(dataDir());
      await seedCatalogue(db);
      await db.close();
    } else {
      database = await createProcessDatabase('crash');
      await seedCatalogue(database.db);
    }
    server = await startServerProcess(serverEnv());

    // Two advertisers, funded with confirmed USDC deposits of $500.00 and $501.00, each with a campaign.
    const [payerA, payerB, ...trafficPayers] = chain.payers;
    const advertisers: Advertiser[] = [];
    for (const [index, payer] of [payerA!, payerB!].entries()) {
      const { client, email } = await signUp(server);
      const funding = await open(client, 500 + index, 'usdc');
      await payNextPart({
        transaction: funding,
        payer,
        parts: [500_000_000n + BigInt(index) * 1_000_000n],
        paid: 0,
      });
      expect((await verify(client, funding.id, payer)).body.message).toBe(VERIFIED);
      advertisers.push({ client, email, deposits: [] });
    }
    const [a, b] = advertisers as [Advertiser, Advertiser];
    expect(
      (
        await a.client.call(newCampaign, {
          username: PROFILES[0],
          package_id: 1,
          amount_deposit: 100,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await b.client.call(newCampaign, {
          username: PROFILES[1],
          package_id: 2,
          amount_deposit: 150,
        })
      ).status,
    ).toBe(201);

    // Deposits paid during the traffic: opened now, one request per advertiser and coin. B's USDC
    // comes in two parts ($100.00, then the rest); the second part is paid only after the kill.
    const plan: [Advertiser, number, CoinType][] = [
      [a, 200.25, 'usdc'],
      [a, 300.5, 'usdt'],
      [a, 120, 'eth'],
      [b, 250.75, 'usdc'],
      [b, 410, 'usdt'],
      [b, 130, 'eth'],
    ];
    for (const [index, [advertiser, amount, coin]] of plan.entries()) {
      const transaction = await open(advertiser.client, amount, coin);
      const units = BigInt(transaction.amountUnits);
      advertiser.deposits.push({
        transaction,
        payer: trafficPayers[index]!,
        parts: index === 3 ? [100_000_000n, units - 100_000_000n] : [units],
        paid: 0,
      });
    }
    const deposits = advertisers.flatMap((advertiser) =>
      advertiser.deposits.map((deposit) => ({ advertiser, deposit })),
    );

    const at = new Date().toISOString();
    const batches: ClickEventBody[][] = Array.from({ length: BATCHES }, (_, batch) =>
      Array.from({ length: BATCH_SIZE }, (_, n) => {
        const i = batch * BATCH_SIZE + n;
        return {
          id: clickId(`crash-${kind}-${i}`),
          username: PROFILES[ORDER[i % ORDER.length]!]!,
          at,
          // A visitor of its own each (a click that names nobody is unidentified: issue 32).
          visitor_id: `crash-visitor-${i}`,
        };
      }),
    );

    // The traffic: four senders work through the click batches with a payment and a verification
    // after every second batch; the server is killed (-9) once 8 batches have been answered, with
    // more in flight, and its watcher crediting what was paid so far.
    const firstServer = server;
    let answered = 0;
    let killed: Promise<void> | undefined;
    const sendBatch = async (events: ClickEventBody[]) => {
      try {
        const response = await postClickBatch(firstServer.url, PARTNER_SECRET, events);
        expect(response.status).toBe(200);
      } catch (error) {
        if (!killed) throw error;
        return; // Cut by the crash: sent again below.
      }
      answered += 1;
      if (answered === KILL_AFTER_BATCHES) killed = firstServer.crash();
    };
    // A verification's answer does not matter yet: cut or not, it is sent again after the restart.
    const verifications = deposits.map(({ advertiser, deposit }) => async () => {
      if (deposit.paid === 0) await payNextPart(deposit);
      const { transaction, payer } = deposit;
      await verify(advertiser.client, transaction.id, payer).catch(() => undefined);
    });
    const queue = batches.flatMap((events, index) => {
      const verification = index % 2 === 1 ? verifications[(index - 1) / 2] : undefined;
      return [() => sendBatch(events), ...(verification ? [verification] : [])];
    });
    const sender = async () => {
      for (let task = queue.shift(); task && !killed; task = queue.shift()) await task();
    };
    await Promise.all([sender(), sender(), sender(), sender()]);
    expect(killed).toBeDefined();
    await killed;
    expect(answered).toBeLessThan(BATCHES);

    // Paid while the server is down: every part not paid yet, found by the next watcher from its cursor.
    for (const { deposit } of deposits) {
      while (deposit.paid < deposit.parts.length) await payNextPart(deposit);
    }

    if (kind === 'pglite') {
      // The killed process left its pid lock behind; the restart must see that it is stale.
      const lock = JSON.parse(await readFile(join(dataDir(), 'pglite.pid'), 'utf8')) as {
        pid: number;
      };
      expect(lock.pid).toBe(firstServer.pid);
    }
    server = await startServerProcess(serverEnv());
    const restarted = server;

    // Replays: every batch and every verification again, on the restarted server.
    // The same browsers: their session cookies carry over to the restarted server.
    for (const advertiser of advertisers) {
      const client = restarted.client();
      for (const [name, value] of advertiser.client.cookies) client.cookies.set(name, value);
      advertiser.client = client;
    }
    const replays = await Promise.all(
      batches.map((events) => postClickBatch(restarted.url, PARTNER_SECRET, events)),
    );
    expect(replays.map((replay) => replay.status)).toEqual(Array(BATCHES).fill(200));
    // What was stored before the crash comes back as duplicates: at least every answered batch
    // (an acknowledged write survived the kill), and less than the whole traffic (it was cut).
    const stored = replays.reduce((sum, replay) => sum + Number(replay.body.duplicates), 0);
    expect(stored).toBeGreaterThanOrEqual(answered * BATCH_SIZE);
    expect(stored).toBeLessThan(BATCHES * BATCH_SIZE);
    // Nobody has to ask: the restarted watcher credits them, once its dead predecessor's lease lapses.
    const restartedAt = Date.now();
    for (const { advertiser, deposit } of deposits) {
      const read = () =>
        advertiser.client.call(getTransaction, {
          transaction_id: deposit.transaction.id,
        });
      while (answerOf(await read()).data.status !== 'confirmed') {
        expect(Date.now() - restartedAt).toBeLessThan(CREDITED_WITHIN_MS);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    for (const { advertiser, deposit } of deposits) {
      const answer = await verify(advertiser.client, deposit.transaction.id, deposit.payer);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(VERIFIED);
      expect(answerOf(answer).data).toMatchObject({
        status: 'confirmed',
        amount: deposit.transaction.amount,
        receivedAmount: deposit.transaction.ethAmount,
        creditedAmount: deposit.transaction.amount,
        late: false,
        origin: 'request',
      });
    }
    if (kind === 'pglite') await restarted.stop();

    await withData(async (db) => {
      expect(await moneyInvariantViolations(db)).toEqual([]);
      const events = await db.query<{ total: number; distinct_ids: number }>(
        'SELECT count(*)::int AS total, count(DISTINCT event_id)::int AS distinct_ids FROM click_log',
      );
      expect(events).toEqual([{ total: BATCHES * BATCH_SIZE, distinct_ids: BATCHES * BATCH_SIZE }]);
      // crash_ann got 150 clicks for 125 purchased ($100 / $0.80): 125 billed, the campaign ended;
      // crash_bo 75 of 250 ($150 / $0.60); crash_cy 75, none billed (not placed: no campaign).
      const campaigns = await db.query(
        `SELECT c.profile_username, c.status, c.clicks_count, c.remaining_clicks, c.billed_cents,
                c.refunded_cents, c.amount_remaining_cents,
                (SELECT count(*)::int FROM click_log e WHERE e.campaign_id = c.id AND e.billed)
                  AS billed_events
           FROM campaigns c ORDER BY c.profile_username`,
      );
      expect(campaigns).toEqual([
        {
          profile_username: 'crash_ann',
          status: false,
          clicks_count: 125,
          remaining_clicks: 0,
          billed_cents: 10000,
          refunded_cents: 0,
          amount_remaining_cents: 0,
          billed_events: 125,
        },
        {
          profile_username: 'crash_bo',
          status: true,
          clicks_count: 75,
          remaining_clicks: 175,
          billed_cents: 4500,
          refunded_cents: 0,
          amount_remaining_cents: 10500,
          billed_events: 75,
        },
      ]);
      // Not billed: crash_ann's 25 past its purchased clicks (valid, on the ended campaign) and every
      // click on crash_cy, which no campaign placed (invalid).
      const unbilled = await db.query<{
        profile_username: string;
        invalid: string | null;
        n: number;
      }>(
        `SELECT profile_username, invalid, count(*)::int AS n FROM click_log WHERE NOT billed
          GROUP BY profile_username, invalid ORDER BY profile_username`,
      );
      expect(unbilled).toEqual([
        { profile_username: 'crash_ann', invalid: null, n: 25 },
        { profile_username: 'crash_cy', invalid: 'notPlaced', n: 75 },
      ]);
      // The hourly roll-ups count every click once, as the log does.
      const hours = await db.query(
        `SELECT profile_key, sum(billed)::int AS billed, sum(billed_cents)::int AS billed_cents,
                sum(unbilled)::int AS unbilled, sum(not_placed)::int AS not_placed,
                sum(bot + double_click + daily_cap + too_old + future)::int AS other_invalid
           FROM click_hours GROUP BY profile_key ORDER BY profile_key`,
      );
      expect(hours).toEqual([
        {
          profile_key: 'crash_ann',
          billed: 125,
          billed_cents: 10000,
          unbilled: 25,
          not_placed: 0,
          other_invalid: 0,
        },
        {
          profile_key: 'crash_bo',
          billed: 75,
          billed_cents: 4500,
          unbilled: 0,
          not_placed: 0,
          other_invalid: 0,
        },
        {
          profile_key: 'crash_cy',
          billed: 0,
          billed_cents: 0,
          unbilled: 0,
          not_placed: 75,
          other_invalid: 0,
        },
      ]);

      // Each transfer credited once: 8 deposits, 9 transfers (B's USDC in two), 9 ledger credits,
      // one per transfer, and no deposit nobody asked for.
      const [counts] = await db.query(
        `SELECT (SELECT count(*)::int FROM deposits WHERE status = 'confirmed') AS confirmed,
                (SELECT count(*)::int FROM deposits WHERE status <> 'confirmed'
                    OR origin <> 'request') AS others,
                (SELECT count(*)::int FROM chain_transfers WHERE state = 'credited') AS transfers,
                (SELECT count(*)::int FROM chain_transfers WHERE state <> 'credited') AS uncredited,
                (SELECT count(*)::int FROM ledger_entries WHERE kind = 'deposit') AS credits,
                (SELECT count(DISTINCT reference)::int FROM ledger_entries WHERE kind = 'deposit')
                  AS credited_transfers`,
      );
      expect(counts).toEqual({
        confirmed: 8,
        others: 0,
        transfers: 9,
        uncredited: 0,
        credits: 9,
        credited_transfers: 9,
      });
      const parts = await db.query<{ amount_cents: number; credited: string[] }>(
        `SELECT d.amount_cents, array_agg(t.credited_cents::text ORDER BY t.id) AS credited
           FROM deposits d JOIN chain_transfers t ON t.deposit_id = d.id
          WHERE d.coin_type = 'usdc' GROUP BY d.id HAVING count(*) > 1`,
      );
      expect(parts).toEqual([{ amount_cents: 25_075, credited: ['10000', '15075'] }]);
      const balances = await db.query<{ email: string; balance_cents: number }>(
        'SELECT email, balance_cents FROM users ORDER BY id',
      );
      // A: 500.00 + 200.25 + 300.50 + 120.00 - 100.00; B: 501.00 + 250.75 + 410.00 + 130.00 - 150.00.
      expect(balances).toEqual([
        { email: a.email, balance_cents: 102075 },
        { email: b.email, balance_cents: 114175 },
      ]);
    });
  }, 120_000);
});
