import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '@/server/db/db';
import { health as healthEndpoint } from '@/shared/contract/config';
import { databaseKinds, startTestApp, type TestApp, type TestClient } from '../../helpers/server';
import { useTestApp, useTestDatabase } from '../../helpers/fixtures';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import { startTcpProxy } from '../../helpers/tcp-proxy';

/**
 * Issue 20 point 1: /healthz says the process answers; /readyz says it should get traffic (the
 * database answers and every migration is applied, and it is not shutting down). The chain and the
 * partner are reported with their latency, and as degraded without failing readiness.
 */

const NEWEST_MIGRATION = readdirSync(
  fileURLToPath(new URL('../../../src/server/db/migrations/', import.meta.url)),
)
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .at(-1)!;

type ReadyzAnswer = Awaited<ReturnType<TestClient['get']>>;

/** Waits (up to 10 s) until `check` holds of the answer of `/readyz`. */
async function readyzUntil(server: TestApp, check: (answer: ReadyzAnswer) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await server.client().get('/readyz');
    if (check(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every outside service checked (none `unknown`): their first checks run beside the probes. */
const settled = (answer: ReadyzAnswer) => !JSON.stringify(answer.body).includes('"unknown"');

describe.each(databaseKinds())('health and readiness on %s', (kind) => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await startTestChain();
  });
  afterAll(() => chain?.stop());
  // The partner's address has nothing listening: it is degraded, the process still ready.
  const t = useTestApp(kind, () => ({ RPC_URL: chain.rpcUrl }));

  it('/healthz answers 200 while the process runs, never kept by a cache', async () => {
    const answer = await t.server.client().get('/healthz');
    expect([answer.status, answer.body]).toEqual([200, { status: 'ok' }]);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz is 200 with the chain answering and the partner down (degraded), each with a latency', async () => {
    const answer = await readyzUntil(t.server, settled);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      status: 'ready',
      checks: {
        database: { status: 'ok', latencyMs: expect.any(Number) },
        migrations: { status: 'ok' },
        chain: { status: 'ok', latencyMs: expect.any(Number) },
        partner: { status: 'degraded', latencyMs: expect.any(Number), message: 'fetch failed' },
      },
    });
  });

  it('/readyz is 503 while a migration is not applied, and 200 again once it is', async () => {
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [NEWEST_MIGRATION]);
    try {
      const answer = await t.server.client().get('/readyz');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        status: 'not ready',
        checks: {
          database: { status: 'ok' },
          migrations: { status: 'failed', message: `not applied: ${NEWEST_MIGRATION}` },
        },
      });
    } finally {
      await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [NEWEST_MIGRATION]);
    }
    expect((await t.server.client().get('/readyz')).status).toBe(200);
  });

  it('every answer names its request id, the caller’s X-Request-Id when it sends one', async () => {
    const given = await t.server.client().get('/healthz', { 'x-request-id': 'balancer-id-17' });
    expect(given.headers.get('x-request-id')).toBe('balancer-id-17');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const made = await t.server.client().call(healthEndpoint);
    expect(made.headers.get('x-request-id')).toMatch(uuid);
    // One that is not a plain id (too long, or with spaces) is not taken into the log.
    for (const odd of ['x'.repeat(129), 'two words']) {
      const replaced = await t.server
        .client()
        .call(healthEndpoint, undefined, { headers: { 'x-request-id': odd } });
      expect(replaced.headers.get('x-request-id')).toMatch(uuid);
    }
  });
});

describe('readiness with a chain that does not answer', () => {
  const t = useTestApp('pglite', { RPC_URL: 'http://127.0.0.1:9' });

  it('reports the chain degraded and stays ready: an RPC outage must not empty the load balancer', async () => {
    const answer = await readyzUntil(t.server, settled);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'ready',
      checks: { chain: { status: 'degraded', latencyMs: expect.any(Number) } },
    });
  });

  it('once shutdown begins, /readyz is 503 "stopping" while /healthz and the API still answer', async () => {
    t.server.app.lifecycle.beginStopping();
    const ready = await t.server.client().get('/readyz');
    expect([ready.status, ready.body.status]).toEqual([503, 'stopping']);
    expect((await t.server.client().get('/healthz')).status).toBe(200);
    expect((await t.server.client().call(healthEndpoint)).body).toEqual({
      success: true,
      message: 'ok',
    });
  });
});

describe('readiness with a partner that takes the call and never answers', () => {
  let hung: Server;
  const held = new Set<Socket>();

  beforeAll(async () => {
    hung = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => hung?.close(resolve));
  });
  const t = useTestApp('pglite', () => ({
    PARTNER_URL: `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
  }));

  it('never holds a probe for it: unknown until its check gives up, then degraded', async () => {
    const first = await t.server.client().get('/readyz');
    expect([first.status, first.body]).toMatchObject([
      200,
      { status: 'ready', checks: { partner: { status: 'unknown' } } },
    ]);
    const later = await readyzUntil(t.server, settled);
    expect([later.status, later.body]).toMatchObject([
      200,
      { status: 'ready', checks: { partner: { status: 'degraded' } } },
    ]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('readiness when PostgreSQL goes away', () => {
  const database = useTestDatabase('postgres', 1);
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: TestApp;

  beforeAll(async () => {
    proxy = await startTcpProxy(new URL(database.url!));
    const url = new URL(database.url!);
    url.host = `127.0.0.1:${proxy.port}`;
    server = await startTestApp(openPostgres(url.toString(), 2));
  });
  afterAll(async () => {
    await server?.close();
    await server?.app.db.close();
    await proxy?.close();
  });

  it('is 503 while the database cannot be reached, and 200 again when it returns', async () => {
    expect((await server.client().get('/readyz')).status).toBe(200);

    proxy.refuse(true);
    proxy.cut();
    const down = await readyzUntil(server, (answer) => answer.status === 503);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      status: 'not ready',
      checks: {
        database: { status: 'failed', latencyMs: expect.any(Number) },
        migrations: { status: 'failed', message: 'the database does not answer' },
      },
    });
    // The process itself is still up: the balancer keeps it, without traffic.
    expect((await server.client().get('/healthz')).status).toBe(200);

    proxy.refuse(false);
    const back = await readyzUntil(server, (answer) => answer.status === 200);
    expect([back.status, back.body.status]).toEqual([200, 'ready']);
  });
});
