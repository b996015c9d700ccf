import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 20 point 3: `npm start`'s development log is quiet and human-readable. The whole development
 * entry runs (partner simulator reporting clicks, dev chain watched every second, demo data); in the
 * 20 seconds after its start banner it writes one line: the failed request the test makes.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const QUIET_MS = 20_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the development log', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes nothing in a quiet 20 seconds but one readable line for a failed request', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'promoclicks-quiet-'));
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'LOG_LEVEL', 'LOG_FORMAT'].includes(name),
      ),
    );
    child = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
      cwd: ROOT,
      env: {
        ...inherited,
        PORT: String(await freePort()),
        PARTNER_URL: `http://127.0.0.1:${await freePort()}`,
        DATA_DIR: dataDir,
        OUTBOX_DIR: join(dataDir, 'outbox'),
        STATIC_DIR: join(dataDir, 'no-build'),
        SIMULATE_CLICKS_EVERY_SECONDS: '4',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /PromoClicks is running at (\S+)[\s\S]*?\n\n/.exec(output);
        if (match) {
          clearInterval(timer);
          resolve(match[1]!);
        }
      }, 100);
      child!.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`npm start exited (${code}):\n${output}`));
      });
    });
    const bannerEnd = output.indexOf('\n\n', output.indexOf('PromoClicks is running at')) + 2;

    await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 2));
    expect((await fetch(`${url}/api/no-such-call`)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 2));

    const lines = output.slice(bannerEnd).split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/no-such-call 404 \(\d+ ms\)$/);
  }, 120_000);
});
