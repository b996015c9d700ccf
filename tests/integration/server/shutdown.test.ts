import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNATURE_HEADER,
  signPartnerRequest,
  TIMESTAMP_HEADER,
} from '@/server/domain/auth/partner-signature';
import { clickId } from '../../helpers/click-ids';
import { startServerProcess, type ServerProcess } from '../../reliability/support/server-process';

/**
 * Issue 20 points 1 and 3, on the production entry as a process: on SIGTERM readiness fails first
 * while requests are still served (SHUTDOWN_DRAIN_SECONDS), then the server takes no new connection,
 * a request in flight finishes, and the process exits 0. With LOG_FORMAT=json every request is logged
 * as JSON lines carrying its id.
 */

const PARTNER_SECRET = 'shutdown-partner-secret';

/** A signed click batch as raw HTTP, its body split in two: sent up to `split`, then the rest. */
function signedBatch(host: string) {
  const body = JSON.stringify({
    events: [
      { id: clickId('shutdown-1'), username: 'nobody_placed', at: new Date().toISOString() },
    ],
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const head = [
    'POST /api/partner/clicks HTTP/1.1',
    `Host: ${host}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `${TIMESTAMP_HEADER}: ${timestamp}`,
    `${SIGNATURE_HEADER}: ${signPartnerRequest(PARTNER_SECRET, timestamp, body)}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  const split = Math.floor(body.length / 2);
  return { first: head + body.slice(0, split), rest: body.slice(split) };
}

/** Whether a new connection to the server is refused (nothing listens any more). */
async function refused(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(Number(new URL(url).port), '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function until<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (holds(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('graceful shutdown and the production log', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'promoclicks-shutdown-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      OUTBOX_DIR: join(dataDir, 'outbox'),
      PARTNER_SECRET,
      SHUTDOWN_DRAIN_SECONDS: '2',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    });
  }, 90_000);
  afterAll(async () => {
    await server?.crash();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs each request as JSON lines with its id, the balancer’s when it sends one', async () => {
    const answer = await fetch(`${server.url}/api/health`, {
      headers: { 'x-request-id': 'lb-7f3a' },
    });
    expect(answer.headers.get('x-request-id')).toBe('lb-7f3a');
    const lines = await until(
      async () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((entry) => entry.reqId === 'lb-7f3a'),
      (found) => found.length === 2,
    );
    expect(lines.map((entry) => [entry.level, entry.msg])).toEqual([
      [30, 'incoming request'],
      [30, 'request completed'],
    ]);
    expect(lines[1]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
  });

  it('fails readiness first, finishes the request in flight, takes no new one, then exits 0', async () => {
    const { host } = new URL(server.url);
    const batch = signedBatch(host);
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const answered = new Promise<void>((resolve) => socket.once('end', resolve));
    await new Promise<void>((resolve) => socket.write(batch.first, () => resolve()));

    process.kill(server.pid, 'SIGTERM');
    // Draining: not ready, yet alive and answering.
    const ready = await until(
      () => fetch(`${server.url}/readyz`).then(async (r) => [r.status, await r.json()] as const),
      ([status]) => status === 503,
    );
    expect(ready[0]).toBe(503);
    expect(ready[1]).toMatchObject({ status: 'stopping' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // After the drain the server takes no new connection; the one in flight is still open.
    expect(
      await until(
        () => refused(server.url),
        (gone) => gone,
      ),
    ).toBe(true);
    socket.write(batch.rest);
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: true,
      received: 1,
      billed: 0,
      invalid: 1,
    });

    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('"msg":"shutting down"');
  }, 30_000);
});
