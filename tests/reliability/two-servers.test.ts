import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCampaign } from '@/server/domain/campaigns/campaigns';
import { ledgerSumCents, postLedgerEntry } from '@/server/domain/ledger';
import { register as registerEndpoint } from '@/shared/contract/auth';
import { topUpBalance } from '@/shared/contract/deposits';
import { login as loginEndpoint } from '@/shared/contract/login';
import { checkAuth, logout as logoutEndpoint } from '@/shared/contract/user';
import { startTestChain, type TestChain } from '../helpers/anvil';
import type { TestClient } from '../helpers/server';
import { answerOf, newRegistration } from '../helpers/server';
import {
  createProcessDatabase,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
} from './support/server-process';

/**
 * Design §6: two server processes on one PostgreSQL share sessions, rate limits (in PostgreSQL, or
 * in Redis when REDIS_URL is set) and background work. CI sets TEST_DATABASE_URL and TEST_REDIS_URL,
 * so nothing here is skipped there; a local run without PostgreSQL has nothing to run it against.
 */

const TOO_MANY = {
  success: false,
  message: 'Too many attempts. Please wait a few minutes and try again.',
};
const WRONG = { success: false, message: 'Invalid email or password' };
/** Login calls per IP, and failed logins per account, within the window. */
const LIMITS = { RATE_LIMIT_PER_IP: '8', RATE_LIMIT_PER_ACCOUNT: '3' };

/** The same browser (cookie jar) talking to another server. */
function sameBrowser(client: TestClient, server: ServerProcess): TestClient {
  const other = server.client();
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/**
 * Failed logins of one account, alternating between the servers, then the right password: locked at
 * the per-account limit. Then unknown accounts until the per-IP limit, counted over both servers.
 */
async function loginAttemptsOverBoth(first: ServerProcess, second: ServerProcess) {
  const registration = newRegistration();
  expect((await first.client().call(registerEndpoint, registration)).status).toBe(201);
  const servers = [first, second];
  const login = (call: number, email: string, password: string) =>
    servers[call % 2]!.client().call(loginEndpoint, { email, password });

  const answers = [];
  for (let call = 0; call < 3; call++) {
    answers.push(await login(call, registration.email, 'wrong-password'));
  }
  answers.push(await login(3, registration.email, registration.password));
  for (let call = 4; call < 9; call++) {
    answers.push(await login(call, `nobody${call}_${registration.email}`, 'wrong-password'));
  }
  expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
    [401, WRONG],
    [401, WRONG],
    [401, WRONG],
    [429, TOO_MANY],
    [401, WRONG],
    [401, WRONG],
    [401, WRONG],
    [401, WRONG],
    [429, TOO_MANY],
  ]);
}

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let chain: TestChain;
  let tempDir: string;
  let database: ProcessDatabase;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    [chain, database, tempDir] = await Promise.all([
      startTestChain(),
      createProcessDatabase('two_servers'),
      mkdtemp(join(tmpdir(), 'two-servers-')),
    ]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await chain?.stop();
    await database?.drop();
    await rm(tempDir, { recursive: true, force: true });
  });

  /**
   * Waits (20 s at most) until `count` (a query of one row with `n`) finds no work left for the
   * servers' background jobs, then one more job interval: the runs go on, and the checks after this
   * show that nothing was done twice.
   */
  async function whileBothServersWork(count: string, params: unknown[]): Promise<void> {
    const deadline = Date.now() + 20_000;
    const left = async () => (await database.db.query<{ n: number }>(count, params))[0]!.n;
    while ((await left()) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }

  /** Two processes with the same settings on the test database. */
  async function startPair(env: Record<string, string>): Promise<[ServerProcess, ServerProcess]> {
    const pair = await Promise.all(
      [0, 1].map(() =>
        startServerProcess({
          ...chain.env(),
          DATABASE_URL: database.url,
          OUTBOX_DIR: join(tempDir, 'outbox'),
          JOB_INTERVAL_SECONDS: '1',
          ...env,
        }),
      ),
    );
    servers.push(...pair);
    return pair as [ServerProcess, ServerProcess];
  }

  describe('without Redis', () => {
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(async () => {
      [a, b] = await startPair(LIMITS);
    });

    it('keeps a session made on one server on the other, until logout on either', async () => {
      const registration = newRegistration();
      const onA = a.client();
      expect((await onA.call(registerEndpoint, registration)).status).toBe(201);
      const onB = sameBrowser(onA, b);
      const checked = await onB.call(checkAuth);
      expect(checked.status).toBe(200);
      expect(answerOf(checked).user!.email).toBe(registration.email);

      const loggedOut = await onB.call(logoutEndpoint);
      expect(loggedOut.body).toEqual({ success: true, message: 'Logged out successfully' });
      const after = await onA.call(checkAuth);
      expect(after.status).toBe(401);
    });

    it('counts login attempts over both servers in PostgreSQL', () => loginAttemptsOverBoth(a, b));

    it('ends each campaign a crash left with no clicks once while both servers run the job', async () => {
      const registration = newRegistration();
      expect((await a.client().call(registerEndpoint, registration)).status).toBe(201);
      const [user] = await database.db.query<{ id: number }>(
        'SELECT id FROM users WHERE email = $1',
        [registration.email],
      );
      const userId = user!.id;
      await database.db.transaction((tx) =>
        postLedgerEntry(tx, { userId, amountCents: 10 * 10_050, kind: 'demo-grant' }),
      );
      const profiles = Array.from(
        { length: 10 },
        (_, i) => `swept_${randomBytes(3).toString('hex')}_${i}`,
      );
      for (const profile of profiles) {
        await database.db.query(
          'INSERT INTO profiles (username, full_name, avatar) VALUES ($1, $1, $2)',
          [profile, '/a.svg'],
        );
        // $100.50 at $0.60: 167 clicks and 30 cents over.
        await openCampaign(
          database.db,
          userId,
          { username: profile, packageId: 2, amountCents: 10_050 },
          10_000,
        );
      }
      // As a click statement leaves them when the process dies before ending them, a minute ago.
      await database.db.query(
        `UPDATE campaigns SET clicks_count = 167, remaining_clicks = 0, billed_cents = 10020,
                amount_remaining_cents = 30, updated_at = now() - interval '1 minute'
          WHERE user_id = $1`,
        [userId],
      );
      await whileBothServersWork(
        'SELECT count(*)::int AS n FROM campaigns WHERE user_id = $1 AND status',
        [userId],
      );

      const notes = await database.db.query<{ message: string }>(
        "SELECT message FROM notifications WHERE user_id = $1 AND message LIKE '%were used.' ORDER BY message",
        [userId],
      );
      expect(notes.map((note) => note.message)).toEqual(
        [...profiles]
          .sort()
          .map(
            (profile) => `Your campaign for ${profile} ended: all 167 clicks purchased were used.`,
          ),
      );
      const campaigns = await database.db.query(
        'SELECT status, refunded_cents, amount_remaining_cents FROM campaigns WHERE user_id = $1',
        [userId],
      );
      expect(campaigns).toEqual(
        profiles.map(() => ({ status: false, refunded_cents: 30, amount_remaining_cents: 0 })),
      );
      const [history] = await database.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM campaign_history WHERE user_id = $1',
        [userId],
      );
      expect(history!.n).toBe(10);
      expect(await ledgerSumCents(database.db.read, userId)).toBe(300);
      const [balance] = await database.db.query<{ balance_cents: number }>(
        'SELECT balance_cents FROM users WHERE id = $1',
        [userId],
      );
      expect(balance!.balance_cents).toBe(300);
    });
  });

  describe.runIf(process.env.TEST_REDIS_URL)('with Redis', () => {
    let c: ServerProcess;
    let d: ServerProcess;
    // Started in a hook, as the other pairs are: two server processes can take most of a test's 30 s
    // to start on a busy machine (seen once with two other test runs beside it).
    beforeAll(async () => {
      [c, d] = await startPair({
        ...LIMITS,
        REDIS_URL: process.env.TEST_REDIS_URL!,
        REDIS_KEY_PREFIX: `two-servers-${randomBytes(6).toString('hex')}:`,
      });
    });

    it('counts login attempts over both servers in Redis', async () => {
      await loginAttemptsOverBoth(c, d);
    });
  });

  describe('deposits', () => {
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(async () => {
      // Many advertisers register here: the tight login limits of the pair below would refuse them.
      [a, b] = await startPair({ RATE_LIMIT_PER_IP: '1000', CHAIN_POLL_MS: '300' });
    });

    it('closes each abandoned deposit once while both servers run the expiry job', async () => {
      // One open request per advertiser and coin: ten advertisers, a USDC and a USDT request each.
      const emails: string[] = [];
      const ids: number[] = [];
      for (let user = 0; user < 10; user++) {
        const registration = newRegistration();
        const client = a.client();
        expect((await client.call(registerEndpoint, registration)).status).toBe(201);
        emails.push(registration.email);
        for (const coinType of ['usdc', 'usdt'] as const) {
          const created = await client.call(topUpBalance, {
            amount: 100 + user,
            coinType,
          });
          expect(created.status).toBe(201);
          ids.push(answerOf(created, 201).data.id);
        }
      }
      // All at once past their 24 hours: both processes' next runs find the same 20 rows.
      await database.db.query(
        `UPDATE deposits SET expires_at = now() - interval '1 hour' WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      await whileBothServersWork(
        "SELECT count(*)::int AS n FROM deposits WHERE id = ANY($1::bigint[]) AND status = 'pending'",
        [ids],
      );

      const rows = await database.db.query<{ message: string }>(
        `SELECT n.message FROM notifications n JOIN users u ON u.id = n.user_id
          WHERE u.email = ANY($1::text[]) ORDER BY n.message`,
        [emails],
      );
      const expected = ids.map(
        (_, i) =>
          `Your deposit of $${100 + Math.floor(i / 2)}.00 in ${i % 2 === 0 ? 'USDC' : 'USDT'} was not paid within 24 hours. Transaction expired. Please create a new transaction.`,
      );
      expect(rows.map((row) => row.message)).toEqual([...expected].sort());
      const statuses = await database.db.query<{ status: string; closed: number }>(
        `SELECT status, count(*)::int AS closed FROM deposits
          WHERE id = ANY($1::bigint[]) AND expired_at IS NOT NULL GROUP BY status`,
        [ids],
      );
      expect(statuses).toEqual([{ status: 'failed', closed: 20 }]);
    });

    it('credits each paid deposit once while both servers run the chain watcher', async () => {
      const ids: number[] = [];
      for (let user = 0; user < 6; user++) {
        const client = (user % 2 === 0 ? a : b).client();
        expect((await client.call(registerEndpoint, newRegistration())).status).toBe(201);
        const coinType = (['usdc', 'usdt', 'eth'] as const)[user % 3]!;
        const created = await client.call(topUpBalance, {
          amount: 200 + user,
          coinType,
        });
        expect(created.status).toBe(201);
        const deposit = answerOf(created, 201).data;
        ids.push(deposit.id);
        await chain.pay(chain.payers[user % 4]!, {
          coinType: deposit.coinType,
          to: deposit.to as `0x${string}`,
          units: BigInt(deposit.amountUnits),
        });
      }
      // Nobody presses anything: whichever process holds the watcher's lease credits them.
      await whileBothServersWork(
        "SELECT count(*)::int AS n FROM deposits WHERE id = ANY($1::bigint[]) AND status <> 'confirmed'",
        [ids],
      );
      const credits = await database.db.query<{ deposit_id: number; rows: number; cents: number }>(
        `SELECT t.deposit_id::int, count(l.id)::int AS rows, sum(l.amount_cents)::int AS cents
           FROM chain_transfers t JOIN ledger_entries l ON l.reference = 'transfer:' || t.id
          WHERE t.deposit_id = ANY($1::bigint[]) GROUP BY t.deposit_id ORDER BY t.deposit_id`,
        [ids],
      );
      expect(credits).toEqual(
        ids.map((id, user) => ({ deposit_id: id, rows: 1, cents: (200 + user) * 100 })),
      );
    });
  });
});
