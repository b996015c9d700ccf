import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import type { Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import { openDatabase } from '@/server/db/open';

/**
 * A server process of the bench, started by process.ts with an IPC channel. BENCH_SERVER=app builds
 * the real app (buildApp, loadConfig from the environment, PostgreSQL when DATABASE_URL is set, else
 * PGlite in DATA_DIR); BENCH_SERVER=bare is the baseline: Fastify with the same logger settings
 * answering GET /bare with a small JSON object. It sends its port to the parent once listening and
 * closes on SIGTERM.
 */
async function start(): Promise<{ app: FastifyInstance; db?: Db }> {
  const config = loadConfig(process.env);
  if (process.env.BENCH_SERVER === 'bare') {
    const app = Fastify({ logger: { level: config.logLevel } });
    app.get('/bare', async () => ({ success: true, message: 'bare' }));
    return { app };
  }
  const db = await openDatabase(config);
  await migrate(db);
  return { app: await buildApp({ config, db }), db };
}

const { app, db } = await start();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');
process.send!({ port: address.port });
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await db?.close();
    process.exit(0);
  })();
});
