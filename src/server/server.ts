import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { startJobs } from './jobs/runner';

/**
 * The entry: config, database, migrations, the dev environment outside production (unless
 * DEV_ENVIRONMENT=off), listen, background jobs, shutdown.
 */
async function main(): Promise<void> {
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
  // Development only: the partner simulator and demo data (never in production).
  const dev = config.devEnvironment
    ? await (await import('../dev/environment')).startDevEnvironment(config, db)
    : undefined;
  const app = await buildApp({ config: dev?.config ?? config, db, devRoutes: dev?.devRoutes });
  const address = await app.listen({ port: config.port, host: config.host });
  const jobs = startJobs({ db, chain: app.chain, config, log: app.log });

  const url = config.port === 0 ? address : config.appUrl;
  console.log(`\n  PromoClicks is running at ${url}`);
  if (dev) {
    console.log(`  Demo login (/login): ${dev.demoLogin.email} / ${dev.demoLogin.password}`);
    console.log(
      `  Partner login (/login/${config.partnerSlug}): ${dev.partnerLogin.username} / ${dev.partnerLogin.password}`,
    );
    if (dev.chain) {
      console.log(
        `  Dev chain: ${dev.chain.rpcUrl}; pay a pending deposit with npm run dev:pay -- <transaction id>`,
      );
    }
    console.log('');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await jobs.stop();
    await app.close();
    await dev?.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

await main();
