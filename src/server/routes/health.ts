import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Issue 20, design §6: what a load balancer and an operator ask of a process.
 * - `GET /healthz`: the process is up and answering (liveness). Always 200 while it listens.
 * - `GET /readyz`: it should get traffic (readiness): the database answers and every migration is
 *   applied, and the process is not shutting down; 503 otherwise. The chain RPC and the partner site
 *   are reported with their latency, and as `degraded` when they do not answer, without failing
 *   readiness: their outage would otherwise take every process out of the load balancer at once.
 */

export type CheckStatus = 'ok' | 'failed' | 'degraded' | 'off';

export interface Check {
  status: CheckStatus;
  latencyMs?: number;
  message?: string;
}

export interface Readiness {
  status: 'ready' | 'not ready' | 'stopping';
  checks: {
    database: Check;
    migrations: Check;
    chain: Check;
    partner: Check;
  };
}

export interface Lifecycle {
  /** True once shutdown began: /readyz answers 503 from then on, so the load balancer moves away. */
  readonly stopping: boolean;
  /** Starts the shutdown's first step (server.ts): readiness fails, requests still served. */
  beginStopping(): void;
  /** Checks each dependency now (the chain's and the partner's answers kept 10 s): for the metrics. */
  readiness(): Promise<Readiness>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** A check that takes longer than this counts as not answering (a load balancer waits ~5 s). */
export const CHECK_TIMEOUT_MS = 2000;
/** The chain's and the partner's answers are kept this long: probes of every balancer, every few s. */
const EXTERNAL_CHECK_TTL_MS = 10_000;

const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations/', import.meta.url));
const migrationFiles = () =>
  readdirSync(MIGRATIONS_DIR).filter((name) => /^\d{4}-.+\.sql$/.test(name));

/** Runs `probe` within the timeout and says how long it took; a throw or a timeout is its message. */
async function timed(
  probe: () => Promise<void>,
  failedStatus: 'failed' | 'degraded',
): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { status: 'ok', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      status: failedStatus,
      latencyMs: Math.round(performance.now() - started),
      message: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Keeps a check's answer for `ttlMs`; callers at once share one probe. */
function cached(check: () => Promise<Check>, ttlMs: number): () => Promise<Check> {
  let kept: { at: number; answer: Promise<Check> } | undefined;
  return () => {
    const now = Date.now();
    if (!kept || now - kept.at > ttlMs) kept = { at: now, answer: check() };
    return kept.answer;
  };
}

function readinessChecks(app: FastifyInstance) {
  const { db, config } = app;
  const database = () =>
    timed(async () => {
      await db.read.query('SELECT 1');
    }, 'failed');
  const migrations = async (): Promise<Check> => {
    try {
      const applied = new Set(
        (await db.read.query<{ name: string }>('SELECT name FROM schema_migrations')).map(
          (row) => row.name,
        ),
      );
      const pending = migrationFiles().filter((name) => !applied.has(name));
      return pending.length === 0
        ? { status: 'ok' }
        : { status: 'failed', message: `not applied: ${pending.join(', ')}` };
    } catch (error) {
      return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  };
  const chain = cached(async () => {
    const { chain } = app;
    if (!chain) return { status: 'off', message: 'RPC_URL is not set' };
    return timed(async () => {
      await chain.headBlock();
    }, 'degraded');
  }, EXTERNAL_CHECK_TTL_MS);
  const partner = cached(
    () =>
      timed(async () => {
        const answer = await fetch(config.partnerUrl, {
          method: 'HEAD',
          signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
        await answer.body?.cancel();
        // Any answer but a server error means the site is there.
        if (answer.status >= 500) throw new Error(`answered ${answer.status}`);
      }, 'degraded'),
    EXTERNAL_CHECK_TTL_MS,
  );
  return { database, migrations, chain, partner };
}

export const healthRoutes: FastifyPluginAsync = fp(async (app) => {
  let stopping = false;
  const checks = readinessChecks(app);
  const readiness = async (): Promise<Readiness> => {
    const database = await checks.database();
    const [migrations, chain, partner] = await Promise.all([
      database.status === 'ok'
        ? checks.migrations()
        : Promise.resolve<Check>({ status: 'failed', message: 'the database does not answer' }),
      checks.chain(),
      checks.partner(),
    ]);
    const ready = database.status === 'ok' && migrations.status === 'ok';
    return {
      status: stopping ? 'stopping' : ready ? 'ready' : 'not ready',
      checks: { database, migrations, chain, partner },
    };
  };
  app.decorate<Lifecycle>('lifecycle', {
    get stopping() {
      return stopping;
    },
    beginStopping: () => {
      stopping = true;
    },
    readiness,
  });

  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    void reply.headers(noStore);
    return { status: 'ok' };
  });
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const answer = await readiness();
    return reply
      .status(answer.status === 'ready' ? 200 : 503)
      .headers(noStore)
      .send(answer);
  });
});
