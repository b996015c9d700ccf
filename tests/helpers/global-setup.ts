import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { createPglite, openPostgres, pgliteDb } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder, migrated, dumped as a tarball (`dumpDataDir`): each test file loads it. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database on TEST_DATABASE_URL's server that test databases copy. */
    postgresTemplate: string;
  }
}

/**
 * Issue 34 point 1: the databases are migrated once per run, not once per test file. A fresh
 * in-memory PGlite costs about 4.4 s to create (initdb) and 0.6 s to migrate; one loaded from a
 * migrated dump about 1 s. A PostgreSQL database made `TEMPLATE` of a migrated one needs no migration.
 * Test files then open theirs with tests/helpers/server.ts (`openTestDatabase`, `createPostgresDatabase`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'promoclicks-template-'));
  const pglite = await createPglite(undefined);
  await migrate(pgliteDb(pglite));
  const tarball = join(folder, 'pglite.tar');
  await writeFile(tarball, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', tarball);

  let dropTemplate = async (): Promise<void> => undefined;
  if (process.env.TEST_DATABASE_URL) {
    const name = `promo_template_${randomBytes(6).toString('hex')}`;
    const adminUrl = new URL(process.env.TEST_DATABASE_URL);
    adminUrl.pathname = '/postgres';
    const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => undefined });
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const template = openPostgres(url.toString(), 1);
    await migrate(template);
    // A database is copied only while no one is connected to it.
    await template.close();
    project.provide('postgresTemplate', name);
    dropTemplate = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    };
  }
  return async () => {
    await dropTemplate();
    await rm(folder, { recursive: true, force: true });
  };
}
