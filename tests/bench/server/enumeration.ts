import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Measurement } from '../report';
import { startServer } from './process';

/**
 * `npm run bench -- enumeration` (issue 16, design §3): how much longer forgot-password and a failed
 * login take for a known e-mail than for an unknown one, in interleaved pairs on one server (PGlite,
 * the app's production log level). Reported, never asserted: a timing assertion in tests would flake.
 */
const PAIRS = 300;
const APP_URL = 'http://bench.test';

export async function runEnumerationBench(): Promise<Measurement[]> {
  const tempDir = await mkdtemp(join(tmpdir(), 'promoclicks-bench-enum-'));
  const server = await startServer({
    BENCH_SERVER: 'app',
    DEV_ENVIRONMENT: 'off',
    LOG_LEVEL: 'warn',
    APP_URL,
    DATA_DIR: join(tempDir, 'data'),
    OUTBOX_DIR: join(tempDir, 'outbox'),
    STATIC_DIR: join(tempDir, 'no-static'),
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_ACCOUNT: '1000000',
    RATE_LIMIT_PER_ACCOUNT_ANY_IP: '1000000',
    RATE_LIMIT_PER_ACCOUNT_PER_DAY: '2000000',
  });
  const post = async (path: string, body: unknown): Promise<number> => {
    const started = performance.now();
    const response = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP_URL },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return performance.now() - started;
  };
  try {
    const known = `known-${Date.now()}@example.com`;
    await post('/api/auth/register', {
      username: `known_${Date.now()}`,
      email: known,
      password: 'password-123',
      confirmPassword: 'password-123',
      agreeTerms: true,
    });
    const measurements: Measurement[] = [];
    const calls = [
      ['forgot-password', (email: string) => ({ email })],
      ['login', (email: string) => ({ email, password: 'wrong-password' })],
    ] as const;
    for (const [call, body] of calls) {
      const path = `/api/auth/${call}`;
      for (let i = 0; i < 20; i++) await post(path, body(known)); // warm up
      const differences: number[] = [];
      for (let i = 0; i < PAIRS; i++) {
        const unknown = body(`nobody-${i}@example.com`);
        // Alternate which goes first, so a warm cache favours neither.
        if (i % 2 === 0) {
          const knownMs = await post(path, body(known));
          differences.push(knownMs - (await post(path, unknown)));
        } else {
          const unknownMs = await post(path, unknown);
          differences.push((await post(path, body(known))) - unknownMs);
        }
      }
      const sorted = [...differences].sort((x, y) => x - y);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const slower = differences.filter((d) => d > 0).length;
      measurements.push({
        group: 'Enumeration',
        name: `${call}: known minus unknown e-mail, median of ${PAIRS} pairs (known slower in ${slower})`,
        value: Math.round(median * 1000) / 1000,
        unit: 'ms',
      });
    }
    return measurements;
  } finally {
    await server.stop();
    await rm(tempDir, { recursive: true, force: true });
  }
}
