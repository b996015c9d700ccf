import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { openCampaign } from '@/server/domain/campaigns/campaigns';
import { ledgerSumCents, postLedgerEntry } from '@/server/domain/ledger';
import {
  createProcessDatabase,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
} from '../reliability/support/server-process';
import { newAdvertiser, waitForControllingWorker } from './support/app';
import { e2eEnv } from './support/env';
import {
  expectRetriedWithSameKey,
  faultAnswers,
  LOST_ANSWER_CONSOLE_ERROR,
  loseFirstAnswer,
} from './support/faults';
import { expect, test } from './support/fixtures';
import { startRoundRobinProxy } from './support/round-robin-proxy';

/**
 * Issue 14 point 6, design §6: the dashboard behind a load balancer, two server processes on one
 * PostgreSQL. The first answer of a campaign top-up is lost; its retry, with the same key, reaches
 * the other process, which finds the key claimed and answered in the database and replays it. Runs
 * when TEST_DATABASE_URL names a PostgreSQL server (CI sets it); a run without it says so in its last
 * lines (tests/helpers/optional-passes.ts).
 */

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let database: ProcessDatabase;
  let tempDir: string;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    [database, tempDir, proxy] = await Promise.all([
      createProcessDatabase('e2e_two_servers'),
      mkdtemp(join(tmpdir(), 'e2e-two-servers-')),
      startRoundRobinProxy(),
    ]);
    const env = {
      DATABASE_URL: database.url,
      OUTBOX_DIR: join(tempDir, 'outbox'),
      // The build the browser tests serve.
      STATIC_DIR: e2eEnv.staticDir,
      APP_URL: proxy.url,
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    proxy.setTargets(servers.map((server) => server.url));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await proxy?.close();
    await database?.drop();
    await rm(tempDir, { recursive: true, force: true });
  });

  test('a top-up whose answer was lost is retried on the other process: one debit, one key', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(LOST_ANSWER_CONSOLE_ERROR);
    const advertiser = newAdvertiser();
    await page.goto(`${proxy.url}/`);
    await waitForControllingWorker(page);
    const registered = await page.request.post(`${proxy.url}/api/auth/register`, {
      data: { ...advertiser, confirmPassword: advertiser.password, agreeTerms: true },
    });
    expect(registered.status()).toBe(201);
    // $500 granted, and a $100 campaign on a creator of its own.
    const [user] = await database.db.query<{ id: number }>(
      'SELECT id FROM users WHERE email = $1',
      [advertiser.email],
    );
    const userId = Number(user!.id);
    const username = `two_servers_${randomBytes(3).toString('hex')}`;
    await database.db.query(
      'INSERT INTO profiles (username, full_name, avatar) VALUES ($1, $1, $2)',
      [username, '/favicon.svg'],
    );
    await database.db.transaction((tx) =>
      postLedgerEntry(tx, { userId, amountCents: 50_000, kind: 'demo-grant' }),
    );
    await openCampaign(
      database.db,
      userId,
      { username, packageId: 1, amountCents: 10_000 },
      10_000,
    );

    const faults = await faultAnswers(page, 'top-up-money-deposited', loseFirstAnswer);
    await page.goto(`${proxy.url}/campaigns`);
    await page
      .getByRole('article', { name: `Campaign for ${username}` })
      .getByRole('button', { name: 'Top-up' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Top Up Campaign' });
    await dialog.getByRole('spinbutton', { name: 'Amount (USD)' }).fill('50');
    await dialog.getByRole('button', { name: 'Top Up' }).click();
    await page
      .getByRole('status')
      .getByText(`Campaign for ${username} topped up successfully`, { exact: true })
      .waitFor();

    expectRetriedWithSameKey(faults.attempts(), 200);
    const key = faults.attempts()[0]!.idempotencyKey;
    // One attempt on each process.
    const topUps = proxy.passed().filter((passed) => passed.path === '/api/top-up-money-deposited');
    expect(topUps).toEqual([
      { method: 'POST', path: '/api/top-up-money-deposited', target: 0, idempotencyKey: key },
      { method: 'POST', path: '/api/top-up-money-deposited', target: 1, idempotencyKey: key },
    ]);

    const ledger = await database.db.query<{ kind: string; amount_cents: number }>(
      'SELECT kind, amount_cents::int AS amount_cents FROM ledger_entries WHERE user_id = $1 ORDER BY id',
      [userId],
    );
    expect(ledger).toEqual([
      { kind: 'demo-grant', amount_cents: 50_000 },
      { kind: 'campaign-funded', amount_cents: -10_000 },
      { kind: 'campaign-topped-up', amount_cents: -5_000 },
    ]);
    expect(await ledgerSumCents(database.db.read, userId)).toBe(35_000);
    const [balance] = await database.db.query<{ balance_cents: number }>(
      'SELECT balance_cents::int AS balance_cents FROM users WHERE id = $1',
      [userId],
    );
    expect(balance!.balance_cents).toBe(35_000);
    const keys = await database.db.query<{ key: string; status: number }>(
      'SELECT key, status FROM idempotency_keys WHERE owner = $1',
      [`user:${userId}`],
    );
    expect(keys).toEqual([{ key: key, status: 200 }]);
    const [campaign] = await database.db.query<{ amount_remaining_cents: number }>(
      'SELECT amount_remaining_cents::int AS amount_remaining_cents FROM campaigns WHERE user_id = $1',
      [userId],
    );
    expect(campaign!.amount_remaining_cents).toBe(15_000);
  });
});
