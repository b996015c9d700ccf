import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openPglite, openPostgres, type Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import type { Measurement } from '../report';
import { searchQueries, timeSearches } from './api';
import { CHART_CLICKS, CHART_DAYS, seedChartCampaign, timeChart, type ChartSetup } from './chart';
import { clickLogEvents, fillClickLog } from './click-log';
import {
  bareSqlBatches,
  checkClickBooks,
  expectedBilled,
  makeBatches,
  seedClickCampaigns,
  type ClickEventBody,
} from './clicks';
import { runLoad } from './load';
import { measure, type ApiFigures, type Kind } from './measure';
import { startServer, type ServerProcess } from './process';
import { sendBatches } from './send-clicks';
import { rangeRows, seedRangeAdvertiser, timeRanges, type RangeSetup } from './range';
import { firstProfiles, seedAdvertiser, seedCampaigns, seedCatalogue } from './seed';
import { timeTopUps } from './writes';

/**
 * The server part of npm run bench (issue 6: API, Clicks, Memory; issue 18: billing with a full
 * click log, the tracker's chart). The app runs as its own process (entry.ts) on PGlite, then on
 * PostgreSQL; the load comes from this process. Baselines of the same run: a bare Fastify process
 * answering GET /bare, the bare batched SQL on the same database, and billing on an empty log.
 */

const CATALOGUE_SIZE = 100_000;
const CAMPAIGNS_PER_ADVERTISER = 50;
const SEARCHES = 500;
const TOP_UP_PAIRS = 300;
const CLICK_BATCHES = 400;
const CONCURRENT_SENDERS = 8;
const CONCURRENT_BATCHES = 600;
const PARTNER_SECRET = 'bench-partner-secret';
/** Read at the start, so a bad BENCH_CLICK_LOG_EVENTS stops the run before it has spent minutes. */
const CLICK_LOG_EVENTS = clickLogEvents();
/** The app's own default log level (production logs every request at info). */
const LOG_LEVEL = 'info';
const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Both databases; `api: false` (`npm run bench -- clicks`) leaves out the API, Writes and Memory figures. */
export async function runServerBench(scope: Scope = { api: true }): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const kind of ['PGlite', 'PostgreSQL'] as const) {
    console.log(`-- ${kind}`);
    measurements.push(...(await benchDatabase(kind, scope)));
  }
  return measurements;
}

interface Seeded {
  cookie: string;
  usernames: string[];
  /** An advertiser of its own for the top-ups, with the campaign they top up. */
  writer: { cookie: string; username: string };
  clickSetup: Awaited<ReturnType<typeof seedClickCampaigns>>;
  chart: ChartSetup;
  range: RangeSetup;
}

/** The catalogue, the advertiser with 50 campaigns (and a session), and the click campaigns. */
async function seed(db: Db): Promise<Seeded> {
  await seedCatalogue(db, CATALOGUE_SIZE);
  const profiles = await firstProfiles(db, 1000);
  const advertiser = await seedAdvertiser(db, 'bench_advertiser');
  await seedCampaigns(
    db,
    profiles.slice(0, CAMPAIGNS_PER_ADVERTISER).map((username, i) => ({
      userId: advertiser.userId,
      username,
      packageId: 1 + (i % 4),
      clicks: 200 + i,
      startedSecondsAgo: 86_400 - i * 60,
    })),
  );
  const clickSetup = await seedClickCampaigns(db, profiles.slice(CAMPAIGNS_PER_ADVERTISER));
  const writer = await seedAdvertiser(db, 'bench_writer');
  // A creator of its own, whom no click batch names: the click books stay the clicks' alone.
  const toppedUp = 'bench_topped_up';
  await db.query(
    "INSERT INTO profiles (username, full_name, avatar) VALUES ($1, 'Bench Topped Up', '/a.svg')",
    [toppedUp],
  );
  await seedCampaigns(db, [
    { userId: writer.userId, username: toppedUp, packageId: 1, clicks: 200, startedSecondsAgo: 60 },
  ]);
  // $1 a top-up: enough balance for every one of them.
  await db.query(
    `WITH grant_row AS (INSERT INTO ledger_entries (user_id, amount_cents, kind, balance_after_cents)
                        VALUES ($1, 1000000, 'demo-grant', (SELECT balance_cents + 1000000 FROM users WHERE id = $1)))
     UPDATE users SET balance_cents = balance_cents + 1000000 WHERE id = $1`,
    [writer.userId],
  );
  return {
    cookie: advertiser.cookie,
    usernames: profiles.slice(900, 910),
    writer: { cookie: writer.cookie, username: toppedUp },
    clickSetup,
    chart: await seedChartCampaign(db),
    range: await seedRangeAdvertiser(db),
  };
}

/** A fresh database of the kind: the server's environment, a connection here, and cleanup. */
export async function freshDatabase(
  kind: Kind,
  tempDir: string,
): Promise<{ env: Record<string, string>; open: () => Promise<Db>; drop: () => Promise<void> }> {
  if (kind === 'PGlite') {
    const dataDir = join(tempDir, 'pglite');
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openPglite(dataDir),
      drop: async () => undefined,
    };
  }
  const name = `serverbench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: join(tempDir, 'data') },
    open: async () => openPostgres(url.toString()),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** What a run measures: everything, or (`npm run bench -- clicks`) the click figures alone. */
interface Scope {
  api: boolean;
}

async function benchDatabase(kind: Kind, scope: Scope): Promise<Measurement[]> {
  const tempDir = await mkdtemp(join(tmpdir(), 'serverbench-'));
  const database = await freshDatabase(kind, tempDir);
  let bare: ServerProcess | undefined;
  let server: ServerProcess | undefined;
  try {
    // Seed and run the bare SQL baseline here, then hand the database to the server (PGlite is
    // one process's database).
    let db = await database.open();
    await migrate(db);
    const seeded = await seed(db);
    const { appProfiles, bareProfiles, unbillable } = seeded.clickSetup;
    const bareBatches = makeBatches(bareProfiles, unbillable, CLICK_BATCHES, 1);
    const bareSql = await bareSqlBatches(db, seeded.clickSetup, bareBatches);
    await db.close();
    console.log(`bare SQL: ${bareSql.billed} billed in ${bareSql.seconds.toFixed(2)} s`);

    const env = {
      ...database.env,
      LOG_LEVEL,
      PARTNER_SECRET,
      OUTBOX_DIR: join(tempDir, 'outbox'),
      STATIC_DIR: join(tempDir, 'no-static'),
    };
    if (scope.api) bare = await startServer({ ...env, BENCH_SERVER: 'bare' });
    server = await startServer({ ...env, BENCH_SERVER: 'app' });
    let api: Omit<ApiFigures, 'peakRss'> | undefined;
    let peakRss: (() => number) | undefined;
    if (bare) {
      const auth = { cookie: seeded.cookie };
      await runLoad({ url: `${server.url}/api/auth/check-auth`, headers: auth, seconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const idleRss = server.rssMiB();
      peakRss = server.samplePeak();
      api = { ...(await benchApi(bare, server, seeded)), idleRss };
      await bare.stop();
      bare = undefined;
    }

    const appBatches = makeBatches(appProfiles, unbillable, CLICK_BATCHES, 2);
    const sequential = await sendBatches(server.url, PARTNER_SECRET, appBatches, 1);
    const concurrentBatches = makeBatches(appProfiles, unbillable, CONCURRENT_BATCHES, 3);
    const concurrent = await sendBatches(
      server.url,
      PARTNER_SECRET,
      concurrentBatches,
      CONCURRENT_SENDERS,
    );
    const peak = peakRss?.();
    console.log(
      `clicks: ${sequential.billed} billed in ${sequential.seconds.toFixed(2)} s; ${CONCURRENT_SENDERS} senders: ${concurrent.billed} in ${concurrent.seconds.toFixed(2)} s, ${concurrent.ended + sequential.ended} campaigns ended, ${sequential.invalid + concurrent.invalid} not placed`,
    );
    // PostgreSQL only: PGlite is one process's database, so filling its log means stopping the
    // server, and there 1 million events took 38 s and 1.2 GB on disk (2026-11-26, this machine
    // under other tests' load): 10 million would be some 6 minutes and 12 GB more a run.
    const fullLog =
      kind === 'PostgreSQL' ? await billWithFullLog(database, server.url, seeded) : undefined;
    const chart = await timeChart(server.url, seeded.chart);
    console.log(`tracker chart p50 ${chart.p50.toFixed(1)} ms, p95 ${chart.p95.toFixed(1)} ms`);
    const ranges = await timeRanges(server.url, seeded.range);
    await server.stop();
    server = undefined;

    db = await database.open();
    const problems = await checkClickBooks(db, [...appProfiles, ...bareProfiles]);
    await db.close();
    const sent = [appBatches, concurrentBatches, ...(fullLog ? [fullLog.batches] : [])];
    const expected = sent.reduce((sum, batches) => sum + expectedBilled(appProfiles, batches), 0);
    const billed = sequential.billed + concurrent.billed + (fullLog?.billed ?? 0);
    if (billed !== expected) problems.push(`billed ${billed} clicks, expected ${expected}`);
    if (problems.length > 0) console.log(`click books: ${problems.join('; ')}`);

    const measured = measure(
      kind,
      api && peak !== undefined ? { ...api, peakRss: peak } : undefined,
      {
        bareSql: bareSql.billed / bareSql.seconds,
        sequential: sequential.billed / sequential.seconds,
        concurrent: concurrent.billed / concurrent.seconds,
        concurrentSenders: CONCURRENT_SENDERS,
        booksExact: problems.length === 0,
        ...(fullLog
          ? { fullLog: { events: fullLog.events, value: fullLog.billed / fullLog.seconds } }
          : {}),
        chart: { clicks: CHART_CLICKS, days: CHART_DAYS, p95: chart.p95 },
      },
    );
    return [...measured, ...rangeRows(kind, ranges)];
  } finally {
    await bare?.stop();
    await server?.stop();
    await database.drop();
    await rm(tempDir, { recursive: true, force: true });
  }
}

/** The API figures against the bare Fastify process, and the top-ups with and without a key. */
async function benchApi(
  bare: ServerProcess,
  server: ServerProcess,
  seeded: Seeded,
): Promise<Omit<ApiFigures, 'idleRss' | 'peakRss'>> {
  const auth = { cookie: seeded.cookie };
  const bareLoad = await runLoad({ url: `${bare.url}/bare` });
  const checkAuth = await runLoad({ url: `${server.url}/api/auth/check-auth`, headers: auth });
  const boughtAds = await runLoad({ url: `${server.url}/api/bought-ads-by-client`, headers: auth });
  console.log(
    `bare ${bareLoad.requestsPerSecond}/s; check-auth ${checkAuth.requestsPerSecond}/s p99 ${checkAuth.p99Ms} ms; bought-ads ${boughtAds.requestsPerSecond}/s p99 ${boughtAds.p99Ms} ms`,
  );
  const search = await timeSearches(
    server.url,
    seeded.cookie,
    searchQueries(seeded.usernames),
    SEARCHES,
  );
  console.log(`search p50 ${search.p50.toFixed(1)} ms, p95 ${search.p95.toFixed(1)} ms`);
  const topUps = await timeTopUps(
    server.url,
    seeded.writer.cookie,
    seeded.writer.username,
    TOP_UP_PAIRS,
  );
  console.log(
    `top-up p50/p99 without key ${topUps.withoutKey.p50.toFixed(1)}/${topUps.withoutKey.p99.toFixed(1)} ms, with key ${topUps.withKey.p50.toFixed(1)}/${topUps.withKey.p99.toFixed(1)} ms`,
  );
  return { bare: bareLoad, checkAuth, boughtAds, search, catalogueSize: CATALOGUE_SIZE, topUps };
}

/**
 * Issue 18 point 5: fills the log with a week of events (BENCH_CLICK_LOG_EVENTS, 10 million by
 * default) through a connection of its own while the server waits, then sends as many batches as
 * the empty-log run, from one sender, made after the fill (so their ids are the newest).
 */
async function billWithFullLog(
  database: { open: () => Promise<Db> },
  url: string,
  seeded: Seeded,
): Promise<{ events: number; batches: ClickEventBody[][]; billed: number; seconds: number }> {
  const { appProfiles, unbillable } = seeded.clickSetup;
  const db = await database.open();
  const fill = await fillClickLog(db, appProfiles, CLICK_LOG_EVENTS).finally(() => db.close());
  console.log(
    `click log filled: ${fill.events} events in ${fill.log.toFixed(1)} s, visitors' memory ${fill.visitors.toFixed(1)} s, roll-ups ${fill.hours.toFixed(1)} s, VACUUM ANALYZE and checkpoint ${fill.vacuum.toFixed(1)} s`,
  );
  const batches = makeBatches(appProfiles, unbillable, CLICK_BATCHES, 4);
  const run = await sendBatches(url, PARTNER_SECRET, batches, 1);
  console.log(`full log: ${run.billed} billed in ${run.seconds.toFixed(2)} s`);
  return { events: fill.events, batches, billed: run.billed, seconds: run.seconds };
}
