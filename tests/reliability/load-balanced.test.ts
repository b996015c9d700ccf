import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSumCents, postLedgerEntry } from '@/server/domain/ledger';
import { register as registerEndpoint } from '@/shared/contract/auth';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import { newCampaign } from '@/shared/contract/campaigns';
import { checkAuth } from '@/shared/contract/user';
import { clickId } from '../helpers/click-ids';
import { answerOf, newRegistration, TestClient } from '../helpers/server';
import {
  createProcessDatabase,
  postClickBatch,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
} from './support/server-process';

/**
 * Issue 20 point 4 (README, "Running in production"): two server processes from one build on one
 * PostgreSQL (and one Redis when TEST_REDIS_URL is set), behind a small load balancer written here
 * that sends traffic, round-robin, only to the processes whose /readyz answers 200 (as a cloud
 * balancer's health check does). Sign-in, a campaign and its clicks go through it; then one process
 * is stopped with SIGTERM and no request fails: its readiness drops first, the balancer moves away,
 * and the requests it still had finish.
 */

const PARTNER_SECRET = 'balanced-partner-secret';
const HEALTH_CHECK_MS = 200;

/** A round-robin HTTP balancer over the backends that are ready; counts what each one served. */
async function startBalancer(backends: string[]) {
  const ready = new Set<number>();
  const served = backends.map(() => 0);
  let turn = 0;
  const check = async () => {
    await Promise.all(
      backends.map(async (backend, index) => {
        const status = await fetch(`${backend}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
          (answer) => answer.status,
          () => 0,
        );
        if (status === 200) ready.add(index);
        else ready.delete(index);
      }),
    );
  };
  await check();
  const timer = setInterval(() => void check(), HEALTH_CHECK_MS);
  const server: Server = createServer((incoming, outgoing) => {
    const candidates = [...ready].sort();
    if (candidates.length === 0) {
      outgoing.writeHead(503).end();
      return;
    }
    const index = candidates[turn++ % candidates.length]!;
    served[index]!++;
    const target = new URL(backends[index]!);
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => [...served],
    ready: () => [...ready].sort(),
    close: async () => {
      clearInterval(timer);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)('two processes behind a load balancer', () => {
  let database: ProcessDatabase;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  let balancer: Awaited<ReturnType<typeof startBalancer>>;

  beforeAll(async () => {
    [database, dataDir] = await Promise.all([
      createProcessDatabase('balanced'),
      mkdtemp(join(tmpdir(), 'promoclicks-balanced-')),
    ]);
    const env = {
      DATABASE_URL: database.url,
      ...(process.env.TEST_REDIS_URL
        ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `balanced-${Date.now()}:` }
        : {}),
      PARTNER_SECRET,
      SHUTDOWN_DRAIN_SECONDS: '1',
      OUTBOX_DIR: join(dataDir, 'outbox'),
      DATA_DIR: dataDir,
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    balancer = await startBalancer(servers.map((server) => server.url));
  }, 120_000);
  afterAll(async () => {
    await balancer?.close();
    await Promise.all(servers.map((server) => server.crash()));
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('signs in, buys a campaign and bills its clicks through either process', async () => {
    expect(balancer.ready()).toEqual([0, 1]);
    const client = new TestClient(balancer.url);
    const registration = newRegistration();
    expect((await client.call(registerEndpoint, registration)).status).toBe(201);
    // The session made on one process is known to the other.
    for (let call = 0; call < 4; call++) {
      const check = await client.call(checkAuth);
      expect([check.status, answerOf(check).user]).toEqual([
        200,
        expect.objectContaining({ email: registration.email }),
      ]);
    }
    const [user] = await database.db.query<{ id: number }>(
      'SELECT id FROM users WHERE email = $1',
      [registration.email],
    );
    const id = Number(user!.id);
    await database.db.transaction((tx) =>
      postLedgerEntry(tx, { userId: id, amountCents: 50_000, kind: 'demo-grant' }),
    );
    await database.db.query(
      `INSERT INTO profiles (username, full_name, avatar)
       VALUES ('balanced_creator', 'Balanced Creator', '/avatars/balanced.svg')`,
    );
    const created = await client.call(newCampaign, {
      username: 'balanced_creator',
      package_id: 2,
      amount_deposit: 100,
    });
    expect(created.status).toBe(201);

    // Ten batches of one click each, from ten visitors, through the balancer.
    const answers = [];
    for (let n = 0; n < 10; n++) {
      answers.push(
        await postClickBatch(balancer.url, PARTNER_SECRET, [
          {
            id: clickId(`balanced-${n}`),
            username: 'balanced_creator',
            at: new Date().toISOString(),
            visitor_id: `balanced-visitor-${n}`,
          },
        ]),
      );
    }
    expect(answers.map((answer) => [answer.status, answer.body.billed])).toEqual(
      Array.from({ length: 10 }, () => [200, 1]),
    );
    const list = await client.call(boughtAdsByClient);
    expect(
      answerOf(list).data.map((c) => [c.profile_id, c.clicks_purchased, c.clicks_count]),
    ).toEqual([['balanced_creator', 166, 10]]);
    const [balance] = await database.db.query<{ balance_cents: number }>(
      'SELECT balance_cents FROM users WHERE id = $1',
      [id],
    );
    expect(Number(balance!.balance_cents)).toBe(40_000);
    expect(await ledgerSumCents(database.db.read, id)).toBe(40_000);
    // Both processes took their share.
    expect(balancer.served().every((count) => count >= 5)).toBe(true);
  });

  it('loses no request while one process shuts down: readiness drops, the balancer moves away', async () => {
    const client = new TestClient(balancer.url);
    expect((await client.call(registerEndpoint, newRegistration())).status).toBe(201);
    process.kill(servers[0]!.pid, 'SIGTERM');
    const statuses: number[] = [];
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      statuses.push((await client.call(checkAuth)).status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(statuses.length).toBeGreaterThan(50);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await servers[0]!.exit).toBe(0);
    expect(balancer.ready()).toEqual([1]);
  }, 30_000);
});
