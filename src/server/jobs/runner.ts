import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { DepositWatcher } from '../domain/deposits/deposit-watcher';
import { pruneDaySpend } from '../domain/campaigns/campaign-settings';
import { endCampaignsPastEndDate } from '../domain/campaigns/end-dates';
import { sweepCampaignsOutOfClicks, upkeepClickLog } from '../domain/clicks';
import { sweepIdempotencyKeys } from '../idempotency';
import type { Metrics } from '../plugins/metrics';
import { expireDeposits } from './expire-deposits';
import { sweepRateLimitCounters } from './sweep-rate-limits';

export interface JobDeps {
  db: Db;
  /** The chain watcher (deposits), polling on its own faster timer; none without RPC_URL. */
  depositWatcher: DepositWatcher | undefined;
  config: Pick<Config, 'jobIntervalSeconds' | 'stablecoinPaymentWindowHours' | 'clicks'>;
  log: FastifyBaseLogger;
  /** Where each job's runs and duration are counted (`app.metrics`); none counts nothing. */
  metrics?: Pick<Metrics, 'jobRan'>;
  /** Now (ms): the app's clock (issue 36), Date.now by default. */
  now?: () => number;
}

/** The jobs of one run, in their order: each is counted and timed on its own in the metrics. */
export const JOBS = [
  'expire-deposits',
  'end-campaigns-out-of-clicks',
  'end-campaigns-on-end-date',
  'prune-day-spend',
  'click-log-upkeep',
  'sweep-rate-limits',
  'sweep-idempotency-keys',
] as const;
export type JobName = (typeof JOBS)[number];

export interface Jobs {
  /** One run of every job now (they run at start, then every JOB_INTERVAL_SECONDS). */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * The server's background work (design §6): closing abandoned deposits, ending campaigns whose
 * clicks ran out but that a crash left active (domain/clicks ends them right after billing), and those
 * whose end date has passed (issue 36), keeping
 * the click log's daily partitions (made ahead, dropped past their retention), and sweeping
 * old rate-limit counters and the kept answers of idempotency keys past their 24 hours. Every server process runs it; the jobs are written so that runs in several processes at
 * the same moment do each piece of work once. A failed run is logged and retried at the next tick.
 */
export function startJobs({
  db,
  depositWatcher,
  config,
  log,
  metrics,
  now = Date.now,
}: JobDeps): Jobs {
  let running: Promise<void> | undefined;
  let stopped = false;

  /** Runs one job, counted and timed; its failure goes on to the caller. */
  const job = async <T>(name: JobName, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const ran = (outcome: 'ok' | 'failed') =>
      metrics?.jobRan(name, outcome, (performance.now() - started) / 1000);
    try {
      const result = await work();
      ran('ok');
      return result;
    } catch (error) {
      ran('failed');
      throw error;
    }
  };

  const runAll = async () => {
    const expired = await job('expire-deposits', () =>
      expireDeposits(db, { stablecoinWindowHours: config.stablecoinPaymentWindowHours }),
    );
    if (expired > 0) log.info({ expired }, 'deposit expiry: closed unpaid deposits');
    const ended = await job('end-campaigns-out-of-clicks', () => sweepCampaignsOutOfClicks(db));
    if (ended.length > 0) log.warn({ ended }, 'ended campaigns left active with no clicks');
    const pastEndDate = await job('end-campaigns-on-end-date', () =>
      endCampaignsPastEndDate(db, now()),
    );
    if (pastEndDate.length > 0)
      log.info({ ended: pastEndDate }, 'ended campaigns on their end date');
    await job('prune-day-spend', () => pruneDaySpend(db, now(), config.clicks.acceptDays));
    // A failure here is logged and leaves the sweeps below to run.
    await job('click-log-upkeep', () => upkeepClickLog(db, config.clicks)).then(
      ({ dropped }) => {
        if (dropped.length > 0) log.info({ dropped }, 'click log: dropped old days');
      },
      (error: unknown) => log.error({ err: error }, 'click log upkeep failed'),
    );
    await job('sweep-rate-limits', () => sweepRateLimitCounters(db));
    await job('sweep-idempotency-keys', () => sweepIdempotencyKeys(db));
  };

  const runOnce = () => {
    running ??= runAll()
      .catch((error: unknown) => log.error({ err: error }, 'background jobs failed'))
      .finally(() => (running = undefined));
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, config.jobIntervalSeconds * 1000);
  timer.unref();
  void runOnce();
  depositWatcher?.start();

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.all([running, depositWatcher?.stop()]);
    },
  };
}
