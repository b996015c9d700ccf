import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { COIN_TYPES } from '../../shared/contract/deposits';
import { INVALID_CLICK_REASONS } from '../../shared/contract/partner';
import type { Config } from '../config';
import type { ClickBatchResult } from '../domain/clicks/types';
import type { WatcherObserver } from '../domain/deposits/deposit-watcher';
import { forbidden, HttpError } from '../errors';
import { JOBS } from '../jobs/runner';
import { isLoopback, type Readiness } from '../routes/health';

/** What the app counts, shown at `GET /metrics` in Prometheus text. */
export interface Metrics {
  /** This app's metrics and the process's. */
  readonly registry: Registry;
  /** A partner batch's answer (routes/partner.ts): its billed clicks and its invalid ones by reason. */
  clicksAnswered(answer: Pick<ClickBatchResult, 'billed' | 'invalidReasons'>): void;
  /** The deposit watcher's work (domain/deposits/deposit-watcher.ts); its polls count as a job's runs. */
  readonly depositWatcher: WatcherObserver;
  /** One run of a background job (jobs/runner.ts) and how long it took. */
  jobRan(job: string, outcome: 'ok' | 'failed', seconds: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** The watcher's polls, beside the jobs of jobs/runner.ts. */
const DEPOSIT_WATCHER_JOB = 'deposit-watcher';
/** From a few milliseconds (a sweep with nothing to do) to a minute (a day's click log dropped). */
const JOB_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event loop, GC), made once per process and shared by its
 * apps: each collectDefaultMetrics call starts an event-loop monitor and a GC observer that are never
 * stopped, and the tests build many apps in one process.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Issue 20, design §6: `app.metrics`, one registry per app, and `GET /metrics` for Prometheus:
 * request latency by route template and status (never the raw URL, whose ids would make a series
 * each), clicks billed and invalid, deposits detected and credited, the watcher's lag, each job's
 * runs and duration, the database's work in flight, the readiness checks, and the process.
 */
export const metricsPlugin = fp(
  async (app) => {
    // A registry of its own that holds the process's metrics too.
    const registry = Registry.merge([processMetrics()]);
    const registers = [registry];

    const requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route template and status.',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    });
    const clicksBilled = new Counter({
      name: 'promoclicks_clicks_billed_total',
      help: 'Partner clicks billed to a campaign.',
      registers,
    });
    const clicksInvalid = new Counter({
      name: 'promoclicks_clicks_invalid_total',
      help: 'Partner clicks not billed because they are invalid, by reason.',
      labelNames: ['reason'] as const,
      registers,
    });
    const depositsDetected = new Counter({
      name: 'promoclicks_deposits_detected_total',
      help: 'Transfers to deposit addresses seen on the chain, by asset.',
      labelNames: ['asset'] as const,
      registers,
    });
    const depositsCredited = new Counter({
      name: 'promoclicks_deposits_credited_total',
      help: 'Transfers to deposit addresses credited to their advertiser, by asset.',
      labelNames: ['asset'] as const,
      registers,
    });
    const jobRuns = new Counter({
      name: 'promoclicks_job_runs_total',
      help: 'Runs of each background job, by outcome (a failed one is retried at the next tick).',
      labelNames: ['job', 'outcome'] as const,
      registers,
    });
    const jobDuration = new Histogram({
      name: 'promoclicks_job_duration_seconds',
      help: 'Time each background job took.',
      labelNames: ['job'] as const,
      buckets: JOB_BUCKETS,
      registers,
    });
    // Every known series from zero: the first failure then shows as an increase.
    for (const reason of INVALID_CLICK_REASONS) clicksInvalid.inc({ reason }, 0);
    for (const asset of COIN_TYPES) {
      depositsDetected.inc({ asset }, 0);
      depositsCredited.inc({ asset }, 0);
    }
    for (const job of [...JOBS, DEPOSIT_WATCHER_JOB]) {
      for (const outcome of ['ok', 'failed'] as const) jobRuns.inc({ job, outcome }, 0);
    }
    // Shown from the watcher's first pass: a gauge with no labels would read 0 (caught up) before.
    const watcherLag = new Gauge({
      name: 'promoclicks_deposit_watcher_lag_blocks',
      help: "Blocks from the last one the deposit watcher scanned to the chain's head.",
      registers: [],
    });
    const { db } = app;
    new Gauge({
      name: 'promoclicks_db_pool_max_connections',
      help: 'Database connections this process may hold (PGlite has one).',
      registers,
      collect() {
        this.set(db.pool.max);
      },
    });
    new Gauge({
      name: 'promoclicks_db_pool_in_flight',
      help: 'Database statements and transactions sent and not yet answered, those waiting for a connection included.',
      registers,
      collect() {
        this.set(db.pool.inFlight());
      },
    });
    // The readiness checks, asked once a scrape (by the first of these gauges to collect).
    let checked: { at: number; checks: Promise<Readiness['checks']> } | undefined;
    const readinessChecks = () => {
      const now = Date.now();
      if (!checked || now - checked.at > 1000) {
        checked = { at: now, checks: app.lifecycle.readiness().then((answer) => answer.checks) };
      }
      return checked.checks;
    };
    new Gauge({
      name: 'promoclicks_readiness_check_up',
      help: 'Each check of /readyz at the scrape: 1 passed, 0 failed or degraded (one that is off, or not checked yet, has no value).',
      labelNames: ['check'] as const,
      registers,
      async collect() {
        const checks = await readinessChecks();
        this.reset();
        for (const [check, { status }] of Object.entries(checks)) {
          if (status !== 'off' && status !== 'unknown')
            this.set({ check }, status === 'ok' ? 1 : 0);
        }
      },
    });
    new Gauge({
      name: 'promoclicks_readiness_check_degraded',
      help: 'Each outside service /readyz reports (chain, partner): 1 when it does not answer, which leaves the process ready.',
      labelNames: ['check'] as const,
      registers,
      async collect() {
        const { chain, partner } = await readinessChecks();
        this.reset();
        for (const [check, { status }] of Object.entries({ chain, partner })) {
          if (status !== 'off' && status !== 'unknown') {
            this.set({ check }, status === 'degraded' ? 1 : 0);
          }
        }
      },
    });
    new Gauge({
      name: 'promoclicks_readiness_check_latency_seconds',
      help: 'How long each check of /readyz took at its last run.',
      labelNames: ['check'] as const,
      registers,
      async collect() {
        const checks = await readinessChecks();
        this.reset();
        for (const [check, { latencyMs }] of Object.entries(checks)) {
          if (latencyMs !== undefined) this.set({ check }, latencyMs / 1000);
        }
      },
    });

    const jobRan: Metrics['jobRan'] = (job, outcome, seconds) => {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    };
    app.decorate<Metrics>('metrics', {
      registry,
      clicksAnswered: ({ billed, invalidReasons }) => {
        clicksBilled.inc(billed);
        for (const reason of INVALID_CLICK_REASONS) {
          clicksInvalid.inc({ reason }, invalidReasons[reason]);
        }
      },
      depositWatcher: {
        detected: (asset) => depositsDetected.inc({ asset }),
        credited: (asset) => depositsCredited.inc({ asset }),
        lag: (blocks) => {
          watcherLag.set(blocks);
          registry.registerMetric(watcherLag);
        },
        polled: (outcome, seconds) => jobRan(DEPOSIT_WATCHER_JOB, outcome, seconds),
      },
      jobRan,
    });

    app.addHook('onResponse', (request, reply, done) => {
      requestDuration.observe(
        {
          method: request.method,
          // A 404 has no route: one series for all of them, whatever the path asked for.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const allowed = accessRule(app.config);
    // A scrape every few seconds: not logged as a request.
    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      const refused = allowed(request);
      if (refused) {
        if (refused.statusCode === 401) void reply.header('www-authenticate', 'Bearer');
        throw refused;
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);

/**
 * Who may read the metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without it,
 * callers on this machine outside production, and no one in production. The socket's own address
 * decides, never X-Forwarded-For (which a client sets, and request.ip follows under TRUST_PROXY).
 */
function accessRule({
  metricsToken,
  production,
}: Pick<Config, 'metricsToken' | 'production'>): (
  request: FastifyRequest,
) => HttpError | undefined {
  if (metricsToken !== undefined) {
    const expected = digest(metricsToken);
    return (request) => {
      const sent = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      // Digests of equal length, compared in constant time: the answer's time tells nothing.
      return sent !== undefined && timingSafeEqual(digest(sent), expected)
        ? undefined
        : new HttpError(401, 'Metrics need the token of METRICS_TOKEN as a bearer token');
    };
  }
  if (production) {
    return () => forbidden('Metrics are closed in production until METRICS_TOKEN is set');
  }
  return (request) =>
    isLoopback(request.socket.remoteAddress)
      ? undefined
      : forbidden('Metrics are open to this machine only until METRICS_TOKEN is set');
}

const digest = (text: string) => createHash('sha256').update(text).digest();
