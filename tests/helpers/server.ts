import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '@/server/app';
import { loadConfig, type Config } from '@/server/config';
import { openPglite, openPostgres, type Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import type { Mail } from '@/server/plugins/mail';
import {
  endpointPath,
  type BodyInput,
  type Endpoint,
  type ResponseInput,
} from '@/shared/contract/endpoint';
import { register, type RegisterBody } from '@/shared/contract/auth';
import { confirmIdentity as confirmIdentityEndpoint } from '@/shared/contract/identity';

/**
 * Reusable pieces for integration tests through real HTTP:
 * - `databaseKinds()` + `openTestDatabase(kind)`: PGlite in memory, and PostgreSQL too when
 *   TEST_DATABASE_URL is set (a fresh database per call, dropped on close). Use with
 *   `describe.each(databaseKinds())('… on %s', (kind) => …)`.
 * - `startTestApp(db, env)`: the whole app on port 0 with a temp outbox and generous rate limits.
 * - `TestClient`: fetch with a cookie jar; `readOutbox` / `waitForMail` for the mails sent.
 * - `registerUser(server)`: a fresh account and a client signed in to it.
 */

export type DatabaseKind = 'pglite' | 'postgres';

export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  db: Db;
  close(): Promise<void>;
}

/**
 * The migrated template of this run (tests/helpers/global-setup.ts) read once per file, or undefined
 * where no global setup ran (the browser tests' project): then each database migrates itself.
 */
let pgliteTemplate: Promise<Blob | undefined> | undefined;
function readPgliteTemplate(): Promise<Blob | undefined> {
  pgliteTemplate ??= (async () => {
    const file = injected('pgliteTemplate');
    return file === undefined ? undefined : new Blob([await readFile(file)]);
  })();
  return pgliteTemplate;
}

function injected<K extends 'pgliteTemplate' | 'postgresTemplate'>(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined; // not inside a vitest worker
  }
}

/**
 * A migrated, empty database: a copy of the run's template, migrated again only where it is behind.
 * PGlite is costly (~200-700 MB): open one per test file and kind.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openPglite(undefined, await readPgliteTemplate());
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const { db, close } = await createPostgresDatabase(
    new URL(process.env.TEST_DATABASE_URL!).pathname.replace(/^\//, '') || 'test',
    5,
  );
  return { db, close };
}

/**
 * A fresh, migrated PostgreSQL database `${prefix}_<random>` on TEST_DATABASE_URL's server, with its
 * URL (for server processes started by a test) and a pool of `poolSize` connections; `close` drops it.
 */
export async function createPostgresDatabase(
  prefix: string,
  poolSize: number,
): Promise<TestDatabase & { url: string }> {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL!);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => undefined });
  const template = injected('postgresTemplate');
  await admin.unsafe(
    template === undefined
      ? `CREATE DATABASE "${name}"`
      : `CREATE DATABASE "${name}" TEMPLATE "${template}"`,
  );
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const db = openPostgres(dbUrl.toString(), poolSize);
  await migrate(db);
  return {
    url: dbUrl.toString(),
    db,
    close: async () => {
      await db.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  config: Config;
  outboxDir: string;
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * The settings a production start needs (config.ts), for startTestApp(db, PRODUCTION_TEST_ENV). The
 * SMTP server does not exist: a failed mail is logged at error level, hence LOG_LEVEL fatal.
 */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused',
  SMTP_URL: 'smtp://127.0.0.1:9',
  RPC_URL: 'http://unused',
  // BIP-32 test vector 1 (m): production refuses the development key.
  DEPOSIT_XPUB:
    'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
  PARTNER_SECRET: 'partner-secret',
  LOG_LEVEL: 'fatal',
};

/** The origin mail links use in tests. */
export const TEST_APP_URL = 'http://app.test';

/**
 * Builds the app from src/server/app.ts on `db` and listens on a free port. `env` overrides the test
 * settings (same names as the real environment, e.g. RATE_LIMIT_PER_IP, PARTNER_URL, NODE_ENV);
 * `deps.rateLimitClock` is the rate limits' clock, for tests that move time instead of waiting;
 * `deps.coins` the coins deposits take, for a test that adds one.
 */
export async function startTestApp(
  db: Db,
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'rateLimitClock' | 'coins' | 'clock'> = {},
): Promise<TestApp> {
  const tempDir = await mkdtemp(join(tmpdir(), 'promoclicks-test-'));
  const outboxDir = join(tempDir, 'outbox');
  const config = loadConfig({
    LOG_LEVEL: 'error',
    APP_URL: TEST_APP_URL,
    DATA_DIR: join(tempDir, 'data'),
    OUTBOX_DIR: outboxDir,
    STATIC_DIR: join(tempDir, 'no-static'),
    PARTNER_URL: 'http://127.0.0.1:9',
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
    RATE_LIMIT_PER_ACCOUNT_ANY_IP: '100000',
    RATE_LIMIT_PER_ACCOUNT_PER_DAY: '200000',
    // Every answer of a declared call is checked against its endpoint's response schema.
    CHECK_ANSWERS: 'on',
    ...env,
  });
  const app = await buildApp({ config, db, ...deps });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    config,
    outboxDir,
    client: () => new TestClient(url),
    close: async () => {
      await app.close();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  /** The raw Set-Cookie headers of this response. */
  setCookies: string[];
}

/** What an error answer carries (src/server/errors.ts). */
export interface ErrorAnswer {
  success: false;
  message: string;
  [field: string]: unknown;
}

export interface CallOptions {
  headers?: Record<string, string>;
  params?: Readonly<Record<string, string>>;
}

/** fetch with a cookie jar, like one browser. Bodies are sent as JSON unless `raw` is given. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  /** `send` is the fetch it uses: another one sends from another address (tests/helpers/loopback.ts). */
  constructor(
    readonly baseUrl: string,
    private readonly send: typeof fetch = fetch,
  ) {}

  /**
   * Issue 34 point 2: a declared call (src/shared/contract), its method, path and body typed by its
   * endpoint; the answer is typed as the server sends it (the endpoint's response), or an error's
   * `{ success: false, message }`. `params` fill the path's `{name}`s (the partner's slug).
   */
  call<E extends Endpoint>(
    endpoint: E,
    ...[body, options = {}]: [BodyInput<E>] extends [undefined]
      ? [body?: undefined, options?: CallOptions]
      : [body: BodyInput<E>, options?: CallOptions]
  ): Promise<TestResponse<ResponseInput<E> | ErrorAnswer>> {
    const path = `/api/${endpointPath(endpoint, options.params)}`;
    return this.request(endpoint.method, path, {
      body: endpoint.method === 'POST' ? (body ?? {}) : undefined,
      headers: options.headers,
    });
  }

  get<T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.request<T>('POST', path, { body, headers });
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined = options.raw;
    if (options.body !== undefined && body === undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await this.send(this.baseUrl + path, { method, headers, body });
    const setCookies = response.headers.getSetCookie();
    for (const header of setCookies) this.store(header);
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as T,
      headers: response.headers,
      setCookies,
    };
  }

  /** A second client that starts with this one's cookies (another tab of the same browser). */
  clone(): TestClient {
    const copy = new TestClient(this.baseUrl, this.send);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  private store(header: string): void {
    const [pair = '', ...attributes] = header.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', val = ''] = attribute.split('=').map((part) => part.trim());
      if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
      if (key.toLowerCase() === 'expires') return new Date(val).getTime() <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/**
 * The body of a declared call's answer that came with `status` (200 by default), typed as its
 * endpoint's response; any other status throws with the answer, so the test fails naming it.
 */
export function answerOf<T>(response: TestResponse<T | ErrorAnswer>, status = 200): T {
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body as T;
}

/** The mails written to the outbox so far, oldest first. */
export async function readOutbox(outboxDir: string): Promise<Mail[]> {
  const names = (await readdir(outboxDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.json'))
    .sort();
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(outboxDir, name), 'utf8')) as Mail),
  );
}

/** How long a test waits for mail the mail queue sends after the answer. */
export const MAIL_WAIT_MS = 5000;

/**
 * Waits (up to MAIL_WAIT_MS) for a mail to `to` whose subject contains `subject` and whose link is not among
 * `seenLinks` (the mails already read), and returns it.
 */
export async function waitForMail(
  outboxDir: string,
  to: string,
  subject = '',
  seenLinks: string[] = [],
): Promise<Mail> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const mail = (await readOutbox(outboxDir)).find(
      (m) => m.to === to && m.subject.includes(subject) && !seenLinks.includes(m.link),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No new mail to ${to} with subject "${subject}"`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The token at the end of a mail link. */
export function tokenOf(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}

let nextUser = 0;

/** A unique registration payload; pass fields to override. */
export function newRegistration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  nextUser += 1;
  const tag = `${Date.now().toString(36)}${nextUser}`;
  return {
    username: `user_${tag}`,
    email: `user_${tag}@example.com`,
    password: 'correct-horse-1',
    confirmPassword: 'correct-horse-1',
    agreeTerms: true,
    ...overrides,
  };
}

/**
 * Registers a fresh account through the API and returns a client signed in to it, for tests of
 * signed-in calls. `verified` marks the account verified directly in the database.
 */
export async function registerUser(
  server: TestApp,
  options: { overrides?: Partial<RegisterBody>; verified?: boolean } = {},
): Promise<{
  client: TestClient;
  registration: RegisterBody;
  userId: number;
}> {
  const client = server.client();
  const registration = newRegistration(options.overrides);
  const response = await client.call(register, registration);
  if (response.status !== 201) {
    throw new Error(`register answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  const db = server.app.db;
  const [row] = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    registration.email,
  ]);
  if (options.verified)
    await db.query('UPDATE users SET is_verified = true WHERE id = $1', [row!.id]);
  return { client, registration, userId: Number(row!.id) };
}

/**
 * Issue 32 point 8: "Confirm it's you" in this client's session (the password of newRegistration by
 * default), as a change to how the account signs in needs within the 10 minutes before it.
 */
export async function confirmIdentity(
  client: TestClient,
  proof: { password?: string; code?: string } = { password: 'correct-horse-1' },
): Promise<void> {
  const answer = await client.call(confirmIdentityEndpoint, proof);
  if (answer.status !== 200) {
    throw new Error(`confirm-identity answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}
