import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Db } from '@/server/db/db';
import {
  SIGNATURE_HEADER,
  signPartnerRequest,
  TIMESTAMP_HEADER,
} from '@/server/domain/auth/partner-signature';
import { createPostgresDatabase, TestClient } from '../../helpers/server';

/**
 * The real server's production entry (`node --import tsx src/server/main.ts`) as a child process, for
 * the crash and two-server tests. It runs outside production (embedded defaults allowed) but never
 * loads src/dev: no partner simulator, dev chain or demo data, so only the production code paths run,
 * against the settings given (RPC_URL of a test anvil, DATABASE_URL or DATA_DIR, OUTBOX_DIR …).
 * Nothing test-only is added to the server.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

/** Settings every test server gets unless the test gives its own. */
const BASE_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  SESSION_SECRET: 'reliability-session-secret-of-32-chars',
  PARTNER_URL: 'http://127.0.0.1:9',
  STATIC_DIR: '/nonexistent-static-dir',
  RATE_LIMIT_PER_IP: '100000',
  RATE_LIMIT_PER_ACCOUNT: '100000',
  // Every answer of a declared call is checked against its endpoint's response schema.
  CHECK_ANSWERS: 'on',
};

/** Settings of this (test) process that must not leak into the server's. */
const NOT_INHERITED = ['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'NODE_ENV', 'PORT', 'RPC_URL'];

export interface ServerProcess {
  url: string;
  pid: number;
  /** A client with its own cookie jar for this server. */
  client(): TestClient;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** kill -9, then waits until the process is gone (reaped). */
  crash(): Promise<void>;
  /** SIGTERM (graceful shutdown), then waits for the exit. */
  stop(): Promise<void>;
  /** Resolves with the exit code (or the signal that ended it) once the process is gone. */
  exit: Promise<number | string>;
}

/** Starts the server with `env` over the base settings and waits until it prints its URL. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !NOT_INHERITED.includes(name)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...inherited, ...BASE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const exited = exit.then(() => undefined);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PromoClicks is running at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    client: () => new TestClient(url),
    output: () => output,
    crash: () => end(child, 'SIGKILL', exited),
    stop: () => end(child, 'SIGTERM', exited),
    exit,
  };
}

async function end(child: ChildProcess, signal: NodeJS.Signals, exited: Promise<void>) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await exited;
}

export interface ProcessDatabase {
  /** DATABASE_URL for the server processes. */
  url: string;
  /** This test's own connection, for setup and the final checks. */
  db: Db;
  drop(): Promise<void>;
}

/** A fresh, migrated PostgreSQL database on TEST_DATABASE_URL's server, named `${prefix}_<random>`. */
export async function createProcessDatabase(prefix: string): Promise<ProcessDatabase> {
  const { url, db, close } = await createPostgresDatabase(prefix, 3);
  return { url, db, drop: close };
}

export interface ClickEventBody {
  id: string;
  username: string;
  at: string;
  /** Without one (nor an ip) a click is invalid, unidentified (issue 32). */
  visitor_id?: string;
}

/** POST /api/partner/clicks signed with the partner secret, as the partner site sends it. */
export async function postClickBatch(
  baseUrl: string,
  secret: string,
  events: ClickEventBody[],
): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = JSON.stringify({ events });
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(`${baseUrl}/api/partner/clicks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signPartnerRequest(secret, timestamp, body),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
