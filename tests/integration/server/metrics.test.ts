import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { INVALID_CLICK_REASONS, partnerCategories } from '@/shared/contract/partner';
import {
  SIGNATURE_HEADER,
  signPartnerRequest,
  TIMESTAMP_HEADER,
} from '@/server/domain/auth/partner-signature';
import { JOBS, startJobs } from '@/server/jobs/runner';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import { clickId, NO_INVALID } from '../../helpers/click-ids';
import { openDeposit } from '../../helpers/deposits';
import {
  databaseKinds,
  PRODUCTION_TEST_ENV,
  registerUser,
  startTestApp,
  type TestApp,
} from '../../helpers/server';
import { accountRow, campaign, profile } from '../../helpers/factories';
import { useTestApp, useTestDatabase } from '../../helpers/fixtures';

/**
 * Issue 20 points 2 and 6: `GET /metrics` answers Prometheus text (read here by a strict parser of
 * the text format 0.0.4) with the app's counts, and only to the callers it should.
 */

const PARTNER_SECRET = 'metrics-partner-secret';
const METRICS_TOKEN = 'metrics-scrape-token-0123456789';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Labels = Record<string, string>;
interface Sample {
  name: string;
  labels: Labels;
  value: number;
}
interface Family {
  help: string | undefined;
  type: string | undefined;
  samples: Sample[];
}

const METRIC_NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/**
 * The text exposition format, strictly: every family has one HELP and one TYPE line before its
 * samples, which follow one another; names, labels, escapes and values as the format allows them;
 * no sample twice; a histogram's buckets grow and end at +Inf with its count. Throws at the first
 * line that breaks a rule.
 */
function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('the text does not end with a line break');
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  let current: { name: string; family: Family } | undefined;
  for (const [index, line] of text.slice(0, -1).split('\n').entries()) {
    const fail = (why: string): never => {
      throw new Error(`line ${index + 1}: ${why}: ${line}`);
    };
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (!/^# (HELP|TYPE) /.test(line)) continue;
      const [, keyword, name, rest] =
        new RegExp(`^# (HELP|TYPE) (${METRIC_NAME}) (.*)$`).exec(line) ?? fail('malformed');
      const family = families.get(name!) ?? { help: undefined, type: undefined, samples: [] };
      if (family.samples.length > 0) fail(`${keyword} after the samples`);
      if (keyword === 'HELP') {
        if (family.help !== undefined) fail('a second HELP');
        if (/\\[^\\n]/.test(rest!.replace(/\\\\/g, ''))) fail('an unknown escape');
        family.help = rest;
      } else {
        if (family.type !== undefined) fail('a second TYPE');
        if (!TYPES.has(rest!)) fail('an unknown type');
        family.type = rest;
      }
      families.set(name!, family);
      current = { name: name!, family };
      continue;
    }
    const sample = parseSample(line) ?? fail('not a sample');
    const suffixes = SUFFIXES[current?.family.type ?? ''] ?? [''];
    if (!current || !suffixes.some((suffix) => sample.name === current!.name + suffix)) {
      fail('a sample outside its family');
    }
    const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
    if (seen.has(key)) fail('the same sample twice');
    seen.add(key);
    current!.family.samples.push(sample);
  }
  for (const [name, family] of families) {
    if (family.help === undefined || family.help === '') throw new Error(`${name} has no HELP`);
    if (family.type === undefined) throw new Error(`${name} has no TYPE`);
    if (family.type === 'histogram') checkHistogram(name, family);
  }
  return families;
}

function parseSample(line: string): Sample | undefined {
  const head = new RegExp(`^(${METRIC_NAME})`).exec(line);
  if (!head) return undefined;
  let at = head[1]!.length;
  const labels: Labels = {};
  if (line[at] === '{') {
    at += 1;
    while (line[at] !== '}') {
      const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,?)/.exec(line.slice(at));
      if (!label || label[1]! in labels) return undefined;
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      at += label[0].length;
      if (label[3] === '' && line[at] !== '}') return undefined;
    }
    at += 1;
  }
  // A value as Go's ParseFloat reads it (the format says so), which ignores the case of NaN and Inf:
  // prom-client writes NaN as `Nan`.
  const rest =
    /^ (nan|[+-]?inf(?:inity)?|[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(?: -?\d+)?$/i.exec(
      line.slice(at),
    );
  if (!rest) return undefined;
  const number = rest[1]!.toLowerCase();
  const value = number.includes('inf')
    ? number.startsWith('-')
      ? -Infinity
      : Infinity
    : number === 'nan'
      ? Number.NaN
      : Number(number);
  return { name: head[1]!, labels, value };
}

function checkHistogram(name: string, family: Family): void {
  const series = new Map<string, { buckets: Sample[]; count?: number }>();
  const keyOf = ({ le: _le, ...labels }: Labels) => JSON.stringify(Object.entries(labels).sort());
  for (const sample of family.samples) {
    const entry = series.get(keyOf(sample.labels)) ?? { buckets: [] };
    series.set(keyOf(sample.labels), entry);
    if (sample.name.endsWith('_bucket')) entry.buckets.push(sample);
    if (sample.name.endsWith('_count')) entry.count = sample.value;
  }
  for (const { buckets, count } of series.values()) {
    const bounds = buckets.map((bucket) => Number(bucket.labels.le?.replace('+Inf', 'Infinity')));
    const counts = buckets.map((bucket) => bucket.value);
    const growing = (values: number[]) => values.every((v, i) => i === 0 || v >= values[i - 1]!);
    if (
      bounds.some(Number.isNaN) ||
      !growing(bounds) ||
      !growing(counts) ||
      bounds.at(-1) !== Infinity ||
      counts.at(-1) !== count
    ) {
      throw new Error(`${name}: its buckets do not add up`);
    }
  }
}

/** The value of one sample (a family's samples are found by their full name), or undefined. */
function valueOf(families: Map<string, Family>, name: string, labels: Labels = {}) {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  for (const family of families.values()) {
    const sample = family.samples.find(
      (s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted,
    );
    if (sample) return sample.value;
  }
  return undefined;
}

/** Each sample of a family by the value of one label. */
function byLabel(families: Map<string, Family>, name: string, label: string) {
  return Object.fromEntries(
    (families.get(name)?.samples ?? []).map((sample) => [sample.labels[label], sample.value]),
  );
}

async function scrape(server: TestApp, headers: Record<string, string> = {}) {
  const answer = await fetch(`${server.url}/metrics`, { headers });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`/metrics answered ${answer.status}: ${text}`);
  return { families: parsePrometheusText(text), headers: answer.headers };
}

/** A signed click report (routes/partner.ts). */
function sendClicks(server: TestApp, events: unknown[]) {
  const body = JSON.stringify({ events });
  const timestamp = Math.floor(Date.now() / 1000);
  return server.client().request('POST', '/api/partner/clicks', {
    raw: body,
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signPartnerRequest(PARTNER_SECRET, timestamp, body),
    },
  });
}

describe.each(databaseKinds())('metrics on %s', (kind) => {
  const t = useTestApp(kind, { PARTNER_SECRET });

  beforeAll(async () => {
    // A promoted profile: an advertiser with a campaign on it, started a day ago.
    const user = await accountRow(t.db, { name: 'scraped', balanceCents: 10_000 });
    const promoted = await campaign(t.db, user.id, {
      username: await profile(t.db, 'metered'),
      amountCents: 10_000,
    });
    await t.db.query(
      "UPDATE campaigns SET start_date = now() - interval '1 day', created_at = now() - interval '1 day' WHERE id = $1",
      [promoted.id],
    );
  });

  it('answers Prometheus text: each metric with its HELP and TYPE, every known series from zero', async () => {
    // The partner's first check runs beside the scrapes: until it answers, it has no value.
    let scraped = await scrape(t.server);
    while (!('partner' in byLabel(scraped.families, 'promoclicks_readiness_check_up', 'check'))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      scraped = await scrape(t.server);
    }
    const { families, headers } = scraped;
    expect(headers.get('content-type')).toBe(PROMETHEUS_TEXT);
    expect(headers.get('cache-control')).toBe('no-store');
    const types = Object.fromEntries(
      [...families]
        .filter(([name]) => !/^(process|nodejs)_/.test(name))
        .map(([n, f]) => [n, f.type]),
    );
    // No RPC_URL: no watcher, no lag to tell.
    expect(types).toEqual({
      http_request_duration_seconds: 'histogram',
      promoclicks_clicks_billed_total: 'counter',
      promoclicks_clicks_invalid_total: 'counter',
      promoclicks_deposits_detected_total: 'counter',
      promoclicks_deposits_credited_total: 'counter',
      promoclicks_job_runs_total: 'counter',
      promoclicks_job_duration_seconds: 'histogram',
      promoclicks_db_pool_max_connections: 'gauge',
      promoclicks_db_pool_in_flight: 'gauge',
      promoclicks_readiness_check_up: 'gauge',
      promoclicks_readiness_check_degraded: 'gauge',
      promoclicks_readiness_check_latency_seconds: 'gauge',
    });
    expect(families.get('promoclicks_clicks_billed_total')!.help).toBe(
      'Partner clicks billed to a campaign.',
    );
    // The process's own, from prom-client.
    expect(families.get('process_cpu_user_seconds_total')?.type).toBe('counter');
    expect(families.get('process_resident_memory_bytes')?.type).toBe('gauge');
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    expect(families.get('nodejs_gc_duration_seconds')?.type).toBe('histogram');

    expect(byLabel(families, 'promoclicks_clicks_invalid_total', 'reason')).toEqual(
      Object.fromEntries(INVALID_CLICK_REASONS.map((reason) => [reason, 0])),
    );
    expect(byLabel(families, 'promoclicks_deposits_credited_total', 'asset')).toEqual({
      eth: 0,
      usdc: 0,
      usdt: 0,
    });
    expect(families.get('promoclicks_job_runs_total')!.samples).toHaveLength((JOBS.length + 1) * 2);
    expect(valueOf(families, 'promoclicks_db_pool_max_connections')).toBe(
      kind === 'pglite' ? 1 : 5,
    );
    // The partner's address has nothing listening; the chain is not set.
    expect(byLabel(families, 'promoclicks_readiness_check_up', 'check')).toEqual({
      database: 1,
      migrations: 1,
      partner: 0,
    });
    expect(byLabel(families, 'promoclicks_readiness_check_degraded', 'check')).toEqual({
      partner: 1,
    });
    expect(
      Object.keys(byLabel(families, 'promoclicks_readiness_check_latency_seconds', 'check')),
    ).toEqual(['database', 'partner']);
  });

  it('counts a billed click, and an invalid one under its reason, once however often the batch is sent', async () => {
    const before = (await scrape(t.server)).families;
    const now = Date.now();
    const events = [
      {
        id: clickId(`${kind}-person`, now),
        username: 'metered',
        at: new Date(now).toISOString(),
        user_agent: PHONE,
        visitor_id: 'person',
      },
      {
        id: clickId(`${kind}-crawler`, now),
        username: 'metered',
        at: new Date(now).toISOString(),
        user_agent: BOT,
        visitor_id: 'crawler',
      },
    ];
    const answer = await sendClicks(t.server, events);
    expect(answer.body).toEqual({
      success: true,
      received: 2,
      duplicates: 0,
      billed: 1,
      unbilled: 0,
      budgetReached: 0,
      invalid: 1,
      invalidReasons: { ...NO_INVALID.invalidReasons, bot: 1 },
      endedCampaigns: 0,
    });
    // Sent again: its ids are known, nothing is counted twice.
    const again = await sendClicks(t.server, events);
    expect(again.body).toEqual({
      success: true,
      received: 2,
      duplicates: 2,
      billed: 0,
      unbilled: 0,
      budgetReached: 0,
      ...NO_INVALID,
      endedCampaigns: 0,
    });

    const after = (await scrape(t.server)).families;
    const billed = (families: Map<string, Family>) =>
      valueOf(families, 'promoclicks_clicks_billed_total')!;
    expect(billed(after) - billed(before)).toBe(1);
    const invalid = (families: Map<string, Family>) =>
      byLabel(families, 'promoclicks_clicks_invalid_total', 'reason');
    expect(
      Object.fromEntries(
        INVALID_CLICK_REASONS.map((reason) => [
          reason,
          invalid(after)[reason]! - invalid(before)[reason]!,
        ]),
      ),
    ).toEqual({ ...NO_INVALID.invalidReasons, bot: 1 });
  });

  it('times each request under its route template and status, never its raw path', async () => {
    const count = (families: Map<string, Family>, labels: Labels) =>
      valueOf(families, 'http_request_duration_seconds_count', labels) ?? 0;
    const partner = { method: 'GET', route: '/api/partner/categories', status_code: '401' };
    const avatar = { method: 'GET', route: '/avatars/*', status_code: '200' };
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    await writeFile(join(t.server.config.dataDir, 'avatars', 'metered-7f3a.svg'), '<svg/>');
    const before = (await scrape(t.server)).families;

    expect((await t.server.client().call(partnerCategories)).status).toBe(401);
    expect((await fetch(`${t.server.url}/avatars/metered-7f3a.svg`)).status).toBe(200);
    // A file that is not there and a call that does not exist: no route answered either.
    expect((await fetch(`${t.server.url}/avatars/nobody-7f3a.svg`)).status).toBe(404);
    expect((await t.server.client().get('/api/no-such-call/7f3a')).status).toBe(404);

    const after = (await scrape(t.server)).families;
    expect(
      [partner, avatar, unmatched].map((labels) => count(after, labels) - count(before, labels)),
    ).toEqual([1, 1, 2]);
    const routes = new Set(
      samplesOf(after, 'http_request_duration_seconds').map((sample) => sample.labels.route),
    );
    expect([...routes].filter((route) => route?.includes('7f3a'))).toEqual([]);
  });

  it("counts each job's runs by outcome and times them", async () => {
    const jobs = startJobs({
      db: t.db,
      depositWatcher: undefined,
      config: t.server.config,
      log: t.server.app.log,
      metrics: t.server.app.metrics,
    });
    await jobs.runOnce();
    await jobs.stop();
    const { families: after } = await scrape(t.server);
    const runs = samplesOf(after, 'promoclicks_job_runs_total').map(
      ({ labels, value }) => `${labels.job} ${labels.outcome} ${value}`,
    );
    expect(runs.sort()).toEqual(
      [
        ...JOBS.flatMap((job) => [`${job} ok 1`, `${job} failed 0`]),
        'deposit-watcher ok 0',
        'deposit-watcher failed 0',
      ].sort(),
    );
    for (const job of JOBS) {
      expect(valueOf(after, 'promoclicks_job_duration_seconds_count', { job })).toBe(1);
    }
  });

  it('counts the database work in flight: an open transaction is one', async () => {
    const inFlight = async () =>
      (await t.server.app.metrics.registry.getSingleMetric('promoclicks_db_pool_in_flight')!.get())
        .values[0]!.value;
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = t.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      entered();
      await held;
    });
    await inside;
    expect(await inFlight()).toBe(1);
    release();
    await transaction;
    expect(await inFlight()).toBe(0);
  });
});

/** The samples of a family, by its name. */
function samplesOf(all: Map<string, Family>, name: string): Sample[] {
  return all.get(name)?.samples ?? [];
}

describe.each(databaseKinds())('deposit metrics on %s against anvil', (kind) => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await startTestChain();
  });
  afterAll(() => chain?.stop());
  // Two confirmations: the block of a payment is scanned again at the next pass.
  const t = useTestApp(kind, () =>
    chain.env({ CONFIRMATIONS: '2', BALANCE_RECONCILE_SECONDS: '3600' }),
  );

  it("counts a payment detected and credited by its asset, and the watcher's lag in blocks", async () => {
    const before = (await scrape(t.server)).families;
    // Not shown before the watcher's first pass: 0 would say it is caught up.
    expect(before.has('promoclicks_deposit_watcher_lag_blocks')).toBe(false);
    const { client } = await registerUser(t.server);
    const deposit = await openDeposit(client, 250.5, 'usdc');
    await chain.pay(chain.payers[0]!, {
      coinType: 'usdc',
      to: deposit.to as Address,
      units: 250_500_000n,
    });
    await t.server.app.depositWatcher!.syncNow();
    const seen = (await scrape(t.server)).families;
    expect(byLabel(seen, 'promoclicks_deposits_detected_total', 'asset')).toEqual({
      eth: 0,
      usdc: 1,
      usdt: 0,
    });
    expect(byLabel(seen, 'promoclicks_deposits_credited_total', 'asset')).toEqual({
      eth: 0,
      usdc: 0,
      usdt: 0,
    });
    // Confirmed by the next block: scanned again, detected once, credited.
    await chain.mine(1);
    await t.server.app.depositWatcher!.syncNow();

    const after = (await scrape(t.server)).families;
    expect(byLabel(after, 'promoclicks_deposits_detected_total', 'asset')).toEqual({
      eth: 0,
      usdc: 1,
      usdt: 0,
    });
    expect(byLabel(after, 'promoclicks_deposits_credited_total', 'asset')).toEqual({
      eth: 0,
      usdc: 1,
      usdt: 0,
    });
    expect(valueOf(after, 'promoclicks_deposit_watcher_lag_blocks')).toBe(0);
    // The chain's check runs beside the requests (its first answer may come after these scrapes).
    await expect
      .poll(
        async () =>
          byLabel((await scrape(t.server)).families, 'promoclicks_readiness_check_up', 'check')
            .chain,
        { timeout: 15_000 },
      )
      .toBe(1);
  });
});

describe('who may read the metrics', () => {
  const database = useTestDatabase('pglite');
  const servers: TestApp[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startTestApp(database.db, env);
    servers.push(server);
    return server;
  };

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('with METRICS_TOKEN: only a caller sending it as a bearer token, this machine included', async () => {
    const server = await start({ METRICS_TOKEN });
    const refusal = {
      success: false,
      message: 'Metrics need the token of METRICS_TOKEN as a bearer token',
    };
    const none = await server.client().get('/metrics');
    expect([none.status, none.body]).toEqual([401, refusal]);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await server.client().get('/metrics', { authorization: 'Bearer not-the-token' });
    expect([wrong.status, wrong.body]).toEqual([401, refusal]);
    const bare = await server.client().get('/metrics', { authorization: METRICS_TOKEN });
    expect([bare.status, bare.body]).toEqual([401, refusal]);
    const right = await scrape(server, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(right.headers.get('content-type')).toBe(PROMETHEUS_TEXT);
  });

  it('in production without METRICS_TOKEN: closed, and saying what to set', async () => {
    const server = await start(PRODUCTION_TEST_ENV);
    const answer = await server.client().get('/metrics');
    expect([answer.status, answer.body]).toEqual([
      403,
      { success: false, message: 'Metrics are closed in production until METRICS_TOKEN is set' },
    ]);
  });

  it('in production with METRICS_TOKEN: open to the bearer of it', async () => {
    const server = await start({ ...PRODUCTION_TEST_ENV, METRICS_TOKEN });
    expect((await server.client().get('/metrics')).status).toBe(401);
    const right = await scrape(server, { authorization: `bearer ${METRICS_TOKEN}` });
    expect(right.families.has('promoclicks_clicks_billed_total')).toBe(true);
  });

  it('in development without METRICS_TOKEN: open to this machine only, whatever X-Forwarded-For says', async () => {
    const server = await start({ TRUST_PROXY: '1' });
    expect((await scrape(server)).families.size).toBeGreaterThan(0);
    const elsewhere = await server.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([
      403,
      {
        success: false,
        message: 'Metrics are open to this machine only until METRICS_TOKEN is set',
      },
    ]);
    const local = await server.app.inject({ url: '/metrics', remoteAddress: '::ffff:127.0.0.1' });
    expect(local.statusCode).toBe(200);
  });
});
