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

/** `unknown`: an outside service's first check has not answered yet (a probe never waits for it). */
export type CheckStatus = 'ok' | 'failed' | 'degraded' | 'off' | 'unknown';

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

/**
 * The migrations this process's code knows, read once: a newer release unpacked beside a running one
 * must not make the old processes unready before the new ones have started (and migrated).
 */
const KNOWN_MIGRATIONS = readdirSync(
  fileURLToPath(new URL('../db/migrations/', import.meta.url)),
).filter((name) => /^\d{4}-.+\.sql$/.test(name));

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

/**
 * The last answer of a check of something outside (the chain, the partner), refreshed in the
 * background once older than `ttlMs`: a probe never waits for their answer (a hung RPC would
 * otherwise hold every process's /readyz for the timeout at once). Until the first answer the
 * status is `unknown`.
 */
function keptFresh(check: () => Promise<Check>, ttlMs: number): () => Check {
  let kept: Check = { status: 'unknown' };
  let checkedAt = 0;
  let running = false;
  return () => {
    if (!running && Date.now() - checkedAt > ttlMs) {
      running = true;
      void check().then((answer) => {
        kept = answer;
        checkedAt = Date.now();
        running = false;
      });
    }
    return kept;
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
      const pending = KNOWN_MIGRATIONS.filter((name) => !applied.has(name));
      return pending.length === 0
        ? { status: 'ok' }
        : { status: 'failed', message: `not applied: ${pending.join(', ')}` };
    } catch (error) {
      return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  };
  const chain = keptFresh(async (): Promise<Check> => {
    const { chain } = app;
    if (!chain) return { status: 'off', message: 'RPC_URL is not set' };
    return timed(async () => {
      await chain.headBlock();
    }, 'degraded');
  }, EXTERNAL_CHECK_TTL_MS);
  const partner = keptFresh(
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

/** Whether a connection comes from this machine: its socket's own address, never X-Forwarded-For. */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));
}

/** The answer without the checks' messages: what a caller from elsewhere is told. */
function withoutMessages(answer: Readiness): Readiness {
  const bare = ({ message: _message, ...check }: Check): Check => check;
  const { database, migrations, chain, partner } = answer.checks;
  return {
    status: answer.status,
    checks: {
      database: bare(database),
      migrations: bare(migrations),
      chain: bare(chain),
      partner: bare(partner),
    },
  };
}

export const healthRoutes: FastifyPluginAsync = fp(async (app) => {
  let stopping = false;
  const checks = readinessChecks(app);
  // The outside services' first checks start with the server, so its first probe finds them done.
  app.addHook('onReady', async () => {
    checks.chain();
    checks.partner();
  });
  // Each check's last status: a change is logged once, not at every probe.
  const last = new Map<string, CheckStatus>();
  const logChanges = (answer: Readiness) => {
    for (const [name, check] of Object.entries(answer.checks)) {
      const before = last.get(name);
      last.set(name, check.status);
      if (before === check.status || (before === undefined && check.status === 'ok')) continue;
      if (check.status === 'unknown') continue;
      if (check.status === 'ok' || check.status === 'off') {
        app.log.info(`readiness: ${name} is ${check.status} again`);
      } else {
        app.log.warn({ message: check.message }, `readiness: ${name} is ${check.status}`);
      }
    }
  };
  const readiness = async (): Promise<Readiness> => {
    const database = await checks.database();
    const migrations: Check =
      database.status === 'ok'
        ? await checks.migrations()
        : { status: 'failed', message: 'the database does not answer' };
    const [chain, partner] = [checks.chain(), checks.partner()];
    const ready = database.status === 'ok' && migrations.status === 'ok';
    const answer: Readiness = {
      status: stopping ? 'stopping' : ready ? 'ready' : 'not ready',
      checks: { database, migrations, chain, partner },
    };
    logChanges(answer);
    return answer;
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
  // Probes every few seconds: not logged as requests (a check's change is logged once, above).
  app.get('/healthz', { logLevel: 'silent' }, async (_request, reply) => {
    void reply.headers(noStore);
    return { status: 'ok' };
  });
  app.get('/readyz', { logLevel: 'silent' }, async (request, reply) => {
    const answer = await readiness();
    return (
      reply
        .status(answer.status === 'ready' ? 200 : 503)
        .headers(noStore)
        // Why a check failed names hosts, databases and files: told to this machine only.
        .send(isLoopback(request.socket.remoteAddress) ? answer : withoutMessages(answer))
    );
  });
});
