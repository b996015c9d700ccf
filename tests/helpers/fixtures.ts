import { afterAll, beforeAll } from 'vitest';
import type { Db } from '@/server/db/db';
import type { AppDeps } from '@/server/app';
import {
  createPostgresDatabase,
  openTestDatabase,
  startTestApp,
  type DatabaseKind,
  type TestApp,
  type TestDatabase,
} from './server';

/**
 * Issue 34 point 1: the database-and-app lifecycle of an integration test file, written once
 * (fastify/demo's test/helper.ts). Call inside `describe.each(databaseKinds())`; the values are
 * there from the first test on, and closed after the last:
 *
 *   describe.each(databaseKinds())('… on %s', (kind) => {
 *     const t = useTestApp(kind);
 *     it('…', async () => { const { client } = await registerUser(t.server); … t.db … });
 *   });
 */
export interface DatabaseFixture {
  readonly db: Db;
  /** The PostgreSQL database's URL, for a server process a test starts (undefined on PGlite). */
  readonly url: string | undefined;
}

export interface AppFixture extends DatabaseFixture {
  readonly server: TestApp;
}

/** A migrated database of `kind` for this file (a copy of the run's template). */
export function useTestDatabase(kind: DatabaseKind, poolSize = 5): DatabaseFixture {
  let database: (TestDatabase & { url?: string }) | undefined;
  beforeAll(async () => {
    database =
      kind === 'pglite'
        ? await openTestDatabase(kind)
        : await createPostgresDatabase('test', poolSize);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db() {
      return opened(database, 'database').db;
    },
    get url() {
      return opened(database, 'database').url;
    },
  };
}

/**
 * A database and the whole app on it (startTestApp), for this file. `env` as startTestApp's, made by a
 * function when it depends on something started before (a partner simulator's URL).
 */
export function useTestApp(
  kind: DatabaseKind,
  env: Record<string, string> | (() => Record<string, string>) = {},
  deps: Pick<AppDeps, 'rateLimitClock' | 'coins' | 'clock'> = {},
): AppFixture {
  const database = useTestDatabase(kind);
  let server: TestApp | undefined;
  beforeAll(async () => {
    server = await startTestApp(database.db, typeof env === 'function' ? env() : env, deps);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get db() {
      return database.db;
    },
    get url() {
      return database.url;
    },
    get server() {
      return opened(server, 'app');
    },
  };
}

function opened<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The test ${what} is not open: use it inside a test.`);
  return value;
}
