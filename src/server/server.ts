import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openPglite, openPostgres, type Db } from './db/db';
import { migrate } from './db/migrate';

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openDatabase(config: Config): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const db = await openDatabase(config);
  await migrate(db);
  // Development only: the partner simulator, the dev chain and demo data (never in production).
  const dev = config.production
    ? undefined
    : await (await import('../dev/environment')).startDevEnvironment(config, db);
  const app = await buildApp({ config: dev?.config ?? config, db });
  await app.listen({ port: config.port, host: config.host });

  const url = `http://localhost:${config.port}`;
  console.log(`\n  PromoClicks is running at ${url}`);
  if (dev) {
    console.log(`  Demo login: ${dev.demoLogin.email} / ${dev.demoLogin.password}`);
    console.log(
      `  Partner login (/login/${config.partnerSlug}): ${dev.partnerLogin.username} / ${dev.partnerLogin.password}\n`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await dev?.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

await main();
