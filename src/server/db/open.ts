import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Config } from '../config';
import { openPglite, openPostgres, type Db } from './db';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
 * PGlite is one process's database (stack notes): a pid file in DATA_DIR keeps a second process
 * (an import while the server runs, a second server) from opening it at the same time.
 */
export async function openDatabase(config: Config): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const release = claimDataDir(config.dataDir);
  try {
    const db = await openPglite(config.dataDir);
    return {
      ...db,
      close: async () => {
        await db.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

function claimDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const pidFile = join(dataDir, 'pglite.pid');
  const holder = readHolder(pidFile);
  if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
    throw new ConfigError(
      `The database in ${dataDir} is in use by process ${holder} (PGlite allows one process). ` +
        'Stop the server first, or use PostgreSQL with DATABASE_URL.',
    );
  }
  writeFileSync(pidFile, String(process.pid));
  return () => {
    if (readHolder(pidFile) === process.pid) rmSync(pidFile, { force: true });
  };
}

function readHolder(pidFile: string): number | undefined {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as { code?: string }).code === 'EPERM';
  }
}
