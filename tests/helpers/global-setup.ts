import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { createPglite, openPostgres, pgliteDb } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder, migrated, dumped as a tarball (`dumpDataDir`): each test file loads it. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database on TEST_DATABASE_URL's server that test databases copy. */
    postgresTemplate: string;
    /**
     * The UTC day (YYYY-MM-DD) the templates were migrated on: what a migration computed from now()
     * (the click log's first partition) is of that day, not necessarily of the day a test runs.
     */
    templateDay: string;
  }
}

/** Templates of killed runs, which never reached their teardown, are dropped after a day. */
const STALE_TEMPLATE = `SELECT datname FROM pg_database WHERE datname LIKE 'promo\\_template\\_%'
  AND (pg_stat_file('base/' || oid || '/PG_VERSION')).modification < now() - interval '1 day'`;

/**
 * Issue 34 point 1: the databases are migrated once per run, not once per test file. A fresh
 * in-memory PGlite costs about 4.4 s to create (initdb) and 0.6 s to migrate; one loaded from a
 * migrated dump about 1 s. A PostgreSQL database made `TEMPLATE` of a migrated one needs no migration.
 * Test files then open theirs with tests/helpers/server.ts (`openTestDatabase`, `createPostgresDatabase`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'promoclicks-template-'));
  const cleanUps: (() => Promise<void>)[] = [() => rm(folder, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const step of cleanUps.reverse()) await step().catch(() => undefined);
  };
  try {
    project.provide('templateDay', new Date().toISOString().slice(0, 10));
    const pglite = await createPglite(undefined);
    try {
      await migrate(pgliteDb(pglite));
      const tarball = join(folder, 'pglite.tar');
      await writeFile(tarball, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
      project.provide('pgliteTemplate', tarball);
    } finally {
      await pglite.close();
    }
    if (process.env.TEST_DATABASE_URL) {
      project.provide('postgresTemplate', await postgresTemplate(cleanUps));
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return cleanUp;
}

/** Makes the migrated PostgreSQL template; its removal goes into `cleanUps`. */
async function postgresTemplate(cleanUps: (() => Promise<void>)[]): Promise<string> {
  const name = `promo_template_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(process.env.TEST_DATABASE_URL!);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => undefined });
  cleanUps.push(() => admin.end({ timeout: 5 }));
  for (const { datname } of await admin.unsafe<{ datname: string }[]>(STALE_TEMPLATE)) {
    await admin.unsafe(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`).catch(() => undefined);
    await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
  }
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  cleanUps.push(async () => {
    await admin.unsafe(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`);
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const template = openPostgres(url.toString(), 1);
  try {
    await migrate(template);
  } finally {
    // A database is copied only while no one is connected to it: from now on, no one may.
    await template.close();
  }
  await admin.unsafe(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
  return name;
}
