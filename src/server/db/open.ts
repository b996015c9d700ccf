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
  if (holder && holder.pid !== process.pid && isRunning(holder)) {
    throw new ConfigError(
      `The database in ${dataDir} is in use by process ${holder.pid} (PGlite allows one process). ` +
        'Stop the server first, or use PostgreSQL with DATABASE_URL.',
    );
  }
  const own: Holder = { pid: process.pid, stamp: processStamp(process.pid) };
  writeFileSync(pidFile, JSON.stringify(own));
  return () => {
    if (readHolder(pidFile)?.pid === process.pid) rmSync(pidFile, { force: true });
  };
}

/** A process id, and on Linux the boot and start time that make it unique (pids get reused). */
interface Holder {
  pid: number;
  stamp: string | undefined;
}

function readHolder(pidFile: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(pidFile, 'utf8')) as Partial<Holder>;
    return Number.isInteger(holder.pid) && holder.pid! > 0
      ? { pid: holder.pid!, stamp: holder.stamp }
      : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    if ((error as { code?: string }).code !== 'EPERM') return false;
  }
  // The same pid after a reboot or a crash is another process: the stamp tells them apart.
  return holder.stamp === undefined || holder.stamp === processStamp(holder.pid);
}

function processStamp(pid: number): string | undefined {
  try {
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime) counted after the command name, which may hold spaces: 22 - 3 = 19.
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTime ? `${bootId}:${startTime}` : undefined;
  } catch {
    return undefined;
  }
}
