import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import type { Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import { openDatabase } from '@/server/db/open';
import { createPostgresDatabase, databaseKinds, type TestDatabase } from '../../helpers/server';
import { advertiser } from './support';

/**
 * Issue 20, point 5: `npm run ops` as the operator runs it, a process of its own: its exit code, what
 * it prints, and what it changed. On PGlite it opens the data folder the server would (which the
 * server must not hold); on PostgreSQL, DATABASE_URL.
 */

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe.each(databaseKinds())('npm run ops on %s', (kind) => {
  const workDir = mkdtempSync(join(tmpdir(), 'promo-ops-cli-'));
  const dataDir = join(workDir, 'data');
  let databaseUrl = '';
  let postgresDatabase: (TestDatabase & { url: string }) | undefined;
  let email = '';
  let userId = 0;

  /** Runs `npm run ops -- …` the way npm does. */
  const ops = (...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/server/operator/cli.ts', ...args],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, RPC_URL: '' } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  /** Works on the command's database while no command runs (PGlite: one process at a time). */
  async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const db = await openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }));
    try {
      await migrate(db);
      return await work(db);
    } finally {
      await db.close();
    }
  }

  const balance = () =>
    withDatabase(async (db) => {
      const [row] = await db.query<{ b: number }>(
        'SELECT balance_cents AS b FROM users WHERE id = $1',
        [userId],
      );
      return Number(row!.b);
    });

  beforeAll(async () => {
    if (kind === 'postgres') {
      postgresDatabase = await createPostgresDatabase('test_ops', 1);
      databaseUrl = postgresDatabase.url;
    }
    ({ email, id: userId } = await withDatabase((db) => advertiser(db, 'ops', 5_000)));
  });
  afterAll(async () => {
    await postgresDatabase?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('explains itself, and that the server must be stopped for PGlite, changing nothing', async () => {
    const help = await ops('--help');
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).toContain('Usage: npm run ops -- <command> [options]');
    expect(help.stdout).toContain(
      'The embedded PGlite database belongs to one process: stop the server before running a command on it.',
    );
    const none = await ops();
    expect(none.code).toBe(1);
    expect(none.stdout).toBe(help.stdout);
  });

  it('credits, prints one line, and exits 0; a refused debit exits 1 with the reason and changes nothing', async () => {
    expect(
      await ops('credit', '--email', email, '--amount', '12.50', '--reason', 'Goodwill'),
    ).toEqual({
      code: 0,
      stdout: `Credited $12.50 to ${email}; the balance is now $62.50 (action 1).\n`,
      stderr: '',
    });
    expect(
      await ops('debit', '--email', email, '--amount', '62.51', '--reason', 'Chargeback'),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: `${email} has $62.50: a debit of $62.51 would take the balance below zero. Nothing was changed.\n`,
    });
    expect(await balance()).toBe(6_250);
  });

  it('refuses an amount of 0, and a rescan without RPC_URL', async () => {
    expect(await ops('credit', '--email', email, '--amount', '0', '--reason', 'Goodwill')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '--amount must be dollars above 0 with at most 2 decimals, such as 12.50 (not "0").\n',
    });
    expect(await ops('rescan', '--from', '1', '--to', '2', '--reason', 'Ticket 9')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "rescan needs RPC_URL: the JSON-RPC URL of the chain the deposits are paid on (the servers').\n",
    });
  });

  it('lists nothing stuck, and refuses a campaign it does not know', async () => {
    expect(await ops('stuck')).toEqual({ code: 0, stdout: 'Nothing looks stuck.\n', stderr: '' });
    expect(
      await ops(
        'refund-clicks',
        '--campaign',
        '5',
        '--ids',
        '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
        '--reason',
        'Bots',
      ),
    ).toEqual({ code: 1, stdout: '', stderr: 'No campaign 5. Nothing was changed.\n' });
  });
});
