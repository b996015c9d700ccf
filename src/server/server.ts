import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { commonPasswords } from './domain/auth/common-passwords';
import { openDatabase } from './db/open';
import { startJobs } from './jobs/runner';

/** After the drain, how long requests in flight and the jobs get to finish before the exit. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

/** What the development entry (src/dev/start.ts) starts beside the app; production has none. */
export interface DevEnvironmentStarted {
  /** The config with the development parts' URLs filled in. */
  config: Config;
  /** More routes under /api (development tools). */
  devRoutes: FastifyPluginAsync;
  /** Lines printed under the URL once the server listens: the demo logins. */
  banner: string[];
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /**
   * Given by the development entry only, so the production entry never loads src/dev. It runs after
   * the migrations when config.devEnvironment is on (outside production, unless DEV_ENVIRONMENT=off).
   */
  startDevEnvironment?: (config: Config, db: Db) => Promise<DevEnvironmentStarted>;
}

/**
 * The start-up every entry shares: config, database, migrations, the development environment when
 * one is given, listen, background jobs, graceful shutdown. A bad config ends the process with its
 * message, naming each missing setting.
 */
export async function startServer({ startDevEnvironment }: StartServerOptions = {}): Promise<void> {
  let config: Config;
  let db: Db;
  try {
    config = loadConfig();
    db = await openDatabase(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await migrate(db);
  // Read the common-password list now (about 0.2 s), so no registration waits for it.
  const commonPasswordsRead = commonPasswords();
  const dev =
    config.devEnvironment && startDevEnvironment
      ? await startDevEnvironment(config, db)
      : undefined;
  const app = await buildApp({ config: dev?.config ?? config, db, devRoutes: dev?.devRoutes });
  await commonPasswordsRead;
  const address = await app.listen({ port: config.port, host: config.host });
  const jobs = startJobs({
    db,
    depositWatcher: app.depositWatcher,
    config,
    log: app.log,
    metrics: app.metrics,
    now: app.now,
  });

  if (config.production && !existsSync(resolve(config.staticDir, 'index.html'))) {
    app.log.warn(
      { staticDir: config.staticDir },
      'no build to serve (STATIC_DIR has no index.html): the API answers, the pages do not. Run npm run build once and point every process at it.',
    );
  }
  const url = config.port === 0 ? address : config.appUrl;
  console.log(`\n  PromoClicks is running at ${url}`);
  if (dev) console.log([...dev.banner.map((line) => `  ${line}`), ''].join('\n'));

  // Graceful shutdown (issue 20): readiness fails first and requests are still served while the
  // load balancer notices (SHUTDOWN_DRAIN_SECONDS); then the server stops taking requests and lets
  // those in flight finish, the background jobs stop, and the process exits. One that hangs is ended.
  let stopping = false;
  const stop = async (signal: string) => {
    // Once: under `npm run`, Ctrl-C reaches the server twice (from the terminal and from npm).
    if (stopping) return;
    stopping = true;
    app.lifecycle.beginStopping();
    const drainMs = config.shutdownDrainSeconds * 1000;
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainMs + SHUTDOWN_TIMEOUT_MS).unref();
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down');
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    let code = 0;
    // Each step runs whatever the one before did: a failed close still stops the jobs and the database.
    for (const step of [
      () => app.close(),
      () => jobs.stop(),
      () => dev?.stop(),
      () => db.close(),
    ]) {
      try {
        await step();
      } catch (error) {
        code = 1;
        app.log.error({ err: error }, 'shutdown step failed');
      }
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
