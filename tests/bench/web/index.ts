import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Measurement } from '../report';
import { seedCampaigns } from './browser';
import { buildBareApp, buildProduct } from './build';
import { firstLoadFromBuild, type FirstLoad, type FirstScreen } from './build-first-load';
import { measureFirstLoad } from './first-load';
import { runLighthouse, type LighthouseFigures } from './lighthouse';
import { measureOfflineColdStart } from './offline';
import { startProductServer, startStaticServer } from './servers';

/** Lighthouse runs per page (the median of each figure counts) and offline cold starts. */
const LIGHTHOUSE_RUNS = 3;
const OFFLINE_RUNS = 5;
const FIRST_LOAD_MAX_RATIO = 1.25;
const MIN_PERFORMANCE_SCORE = 95;
const MAX_LCP_MS = 1800;
const MAX_OFFLINE_COLD_START_MS = 1000;
/** How far `npm run test:size`'s first-load figure (from the build alone) may be from Chromium's. */
const BUILD_FIGURE_TOLERANCE_BYTES = 256;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function kilobytes(bytes: number): number {
  return Math.round(bytes / 100) / 10;
}

function printFirstLoad(label: string, load: FirstLoad): void {
  console.log(`${label}: ${kilobytes(load.gzipBytes)} kB gzip`);
  for (const file of load.files) console.log(`  ${kilobytes(file.gzipBytes)} kB  ${file.path}`);
}

/** Checks that `npm run test:size` counts what Chromium loads, so its budgets hold the bench's line. */
async function compareWithBuild(dir: string, loads: Record<FirstScreen, FirstLoad>): Promise<void> {
  for (const [page, load] of Object.entries(loads) as [FirstScreen, FirstLoad][]) {
    const fromBuild = (await firstLoadFromBuild(dir, page)).gzipBytes;
    console.log(
      `First load ${page}: ${fromBuild} B from the build (npm run test:size), ${load.gzipBytes} B in Chromium`,
    );
    if (Math.abs(fromBuild - load.gzipBytes) > BUILD_FIGURE_TOLERANCE_BYTES) {
      console.error(
        `  npm run test:size no longer counts what Chromium loads for ${page}: ` +
          'fix firstLoadFromBuild (tests/bench/web/build-first-load.ts).',
      );
    }
  }
}

async function lighthouseMedian(
  label: string,
  url: string,
  options: { signedInAt?: string } = {},
): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await runLighthouse(url, options));
  const figures: LighthouseFigures = {
    score: median(runs.map((r) => r.score)),
    accessibility: median(runs.map((r) => r.accessibility)),
    bestPractices: median(runs.map((r) => r.bestPractices)),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
  };
  console.log(
    `Lighthouse ${label}: ${runs.map((r) => `score ${r.score} LCP ${r.lcpMs} TBT ${r.tbtMs} CLS ${r.cls} accessibility ${r.accessibility} best practices ${r.bestPractices}`).join('; ')}`,
  );
  if (figures.failing.length > 0) console.log(`  failing audits: ${figures.failing.join(', ')}`);
  return figures;
}

function firstLoadRow(page: string, load: FirstLoad, bare: FirstLoad): Measurement {
  const ratio = load.gzipBytes / bare.gzipBytes;
  return {
    group: 'Web',
    name: `first-load JS+CSS ${page} (gzip)`,
    value: kilobytes(load.gzipBytes),
    unit: 'kB',
    baseline: { name: 'bare React+Router+Query app', value: kilobytes(bare.gzipBytes) },
    ratio,
    target: `<= ${FIRST_LOAD_MAX_RATIO}x bare`,
    pass: ratio <= FIRST_LOAD_MAX_RATIO,
  };
}

function lighthouseRows(
  page: string,
  figures: LighthouseFigures,
  bare: LighthouseFigures | undefined,
): Measurement[] {
  const row = (
    figure: string,
    value: number,
    bareValue: number,
    unit: string,
    target?: { text: string; pass: boolean },
  ): Measurement => ({
    group: 'Web',
    name: `Lighthouse mobile ${page} ${figure}`,
    value,
    unit,
    ...(bare
      ? {
          baseline: { name: 'bare app', value: bareValue },
          ...(bareValue > 0 ? { ratio: value / bareValue } : {}),
        }
      : {}),
    ...(target ? { target: target.text, pass: target.pass } : {}),
  });
  const checked = bare !== undefined;
  return [
    row(
      'performance',
      figures.score,
      bare?.score ?? 0,
      '',
      checked
        ? { text: `>= ${MIN_PERFORMANCE_SCORE}`, pass: figures.score >= MIN_PERFORMANCE_SCORE }
        : undefined,
    ),
    row(
      'LCP',
      figures.lcpMs,
      bare?.lcpMs ?? 0,
      'ms',
      checked ? { text: `<= ${MAX_LCP_MS} ms`, pass: figures.lcpMs <= MAX_LCP_MS } : undefined,
    ),
    row('TBT', figures.tbtMs, bare?.tbtMs ?? 0, 'ms'),
    row('CLS', figures.cls, bare?.cls ?? 0, ''),
    // Issue 17 point 5: nothing short of 100 on the product's pages.
    row(
      'accessibility',
      figures.accessibility,
      bare?.accessibility ?? 0,
      '',
      checked ? { text: '= 100', pass: figures.accessibility === 100 } : undefined,
    ),
    row(
      'best practices',
      figures.bestPractices,
      bare?.bestPractices ?? 0,
      '',
      checked ? { text: '= 100', pass: figures.bestPractices === 100 } : undefined,
    ),
  ];
}

/**
 * The web part of `npm run bench` (issue 6): builds the product and a bare React + TanStack Router +
 * Query app in this run, serves the product from the real server (development mode, throw-away PGlite
 * data, demo advertiser with three campaigns) and the bare app from a plain static server, then
 * measures first-load JS+CSS, Lighthouse (mobile) and the offline cold start of /campaigns.
 */
export async function runWebBench(): Promise<Measurement[]> {
  const workDir = await mkdtemp(join(tmpdir(), 'webbench-'));
  const productDir = join(workDir, 'product');
  const bareDir = join(workDir, 'bare');
  try {
    console.log('Building the product and the bare app…');
    await buildProduct(productDir);
    await buildBareApp(bareDir);
    const product = await startProductServer(productDir, workDir);
    const bare = await startStaticServer(bareDir);
    try {
      await seedCampaigns(product.baseUrl, 3);
      const bareLoad = await measureFirstLoad(`${bare.baseUrl}/`);
      const loginLoad = await measureFirstLoad(`${product.baseUrl}/login`);
      const dashboardLoad = await measureFirstLoad(`${product.baseUrl}/dashboard`, {
        signedInAt: product.baseUrl,
      });
      printFirstLoad('First load, bare app /', bareLoad);
      printFirstLoad('First load, /login', loginLoad);
      printFirstLoad('First load, /dashboard (signed in)', dashboardLoad);
      await compareWithBuild(productDir, { '/login': loginLoad, '/dashboard': dashboardLoad });

      const bareLighthouse = await lighthouseMedian('bare app /', `${bare.baseUrl}/`);
      const loginLighthouse = await lighthouseMedian('/login', `${product.baseUrl}/login`);
      const dashboardLighthouse = await lighthouseMedian(
        '/dashboard',
        `${product.baseUrl}/dashboard`,
        { signedInAt: product.baseUrl },
      );

      const offlineTimes = await measureOfflineColdStart(product.baseUrl, OFFLINE_RUNS);
      console.log(`Offline cold start /campaigns: ${offlineTimes.join(', ')} ms`);
      const offlineMedian = median(offlineTimes);

      return [
        firstLoadRow('/login', loginLoad, bareLoad),
        firstLoadRow('/dashboard', dashboardLoad, bareLoad),
        ...lighthouseRows('/login', loginLighthouse, bareLighthouse),
        ...lighthouseRows('/dashboard (signed in)', dashboardLighthouse, bareLighthouse),
        ...lighthouseRows('bare app / (reference)', bareLighthouse, undefined),
        {
          group: 'Web',
          name: `offline cold start /campaigns to first row (median of ${OFFLINE_RUNS})`,
          value: offlineMedian,
          unit: 'ms',
          target: `< ${MAX_OFFLINE_COLD_START_MS} ms`,
          pass: offlineMedian < MAX_OFFLINE_COLD_START_MS,
        },
      ];
    } finally {
      await bare.stop();
      await product.stop();
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
