import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/open';

const workDir = mkdtempSync(join(tmpdir(), 'promo-import-'));
const dataDir = join(workDir, 'data');
const feed = join(workDir, 'feed.jsonl');

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run import:catalogue -- …` the way npm does, against the PGlite database in dataDir. */
function importCatalogue(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/import-catalogue.ts', ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const creator = (username: string, likes: number) =>
  JSON.stringify({
    username,
    full_name: 'Ava Rivera',
    avatar: 'https://cdn.partner.example/ava.jpg',
    likes,
    photos_count: 3,
    videos_count: 1,
    subscribe_price: 9.99,
  });

describe('npm run import:catalogue', () => {
  it('explains itself, and that the server must be stopped, when given no file', async () => {
    const run = await importCatalogue();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Usage: npm run import:catalogue -- <file.jsonl>');
    expect(run.stdout).toContain('stop the server before importing into it');
  });

  it('imports the good lines, reports the bad ones by line number, updates on a rerun, unlists on a full feed', async () => {
    writeFileSync(feed, [creator('ava.rivera', 10), '{oops', creator('mia_fit', 20)].join('\n'));
    // Left by a process that is gone (its pid now belongs to another one): not a holder.
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(
      join(dataDir, 'pglite.pid'),
      JSON.stringify({ pid: process.ppid, stamp: 'an-earlier-boot:1' }),
    );
    const first = await importCatalogue(feed);
    expect(first).toEqual({
      code: 0,
      stdout: `Imported 2 creator profiles from ${feed}; skipped 1 bad line.\n`,
      stderr: `${feed}:2: not valid JSON (skipped)\n`,
    });

    writeFileSync(feed, creator('AVA.RIVERA', 11) + '\n');
    expect(await importCatalogue(feed)).toEqual({
      code: 0,
      stdout: `Imported 1 creator profile from ${feed}.\n`,
      stderr: '',
    });

    // A full feed: creators not in it are no longer listed; a feed with bad lines is refused for that.
    writeFileSync(feed, [creator('mia_fit', 21), 'oops'].join('\n'));
    expect(await importCatalogue(feed, '--unlist-missing')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `${feed}:2: not valid JSON (skipped)\n` +
        '--unlist-missing needs a complete feed: nothing was imported. Fix the lines above, or import without it.\n',
    });
    writeFileSync(feed, creator('mia_fit', 21) + '\n');
    expect(await importCatalogue(feed, '--unlist-missing')).toEqual({
      code: 0,
      stdout: `Imported 1 creator profile from ${feed}; 1 profile no longer listed.\n`,
      stderr: '',
    });

    const db = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect(
        await db.query(
          'SELECT username, likes, subscribe_price_cents, listed FROM profiles ORDER BY 1',
        ),
      ).toEqual([
        { username: 'ava.rivera', likes: 11, subscribe_price_cents: 999, listed: false },
        { username: 'mia_fit', likes: 21, subscribe_price_cents: 999, listed: true },
      ]);

      // While this process holds the PGlite database, the command refuses to open it.
      const refused = await importCatalogue(feed);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `The database in ${dataDir} is in use by process ${process.pid} (PGlite allows one process). ` +
          'Stop the server first, or use PostgreSQL with DATABASE_URL.\n',
      );
    } finally {
      await db.close();
    }
    expect(existsSync(join(dataDir, 'pglite.pid'))).toBe(false);
  });
});
