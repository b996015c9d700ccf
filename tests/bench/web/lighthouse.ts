import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath, CHROMIUM_ARGS, signIn } from './browser';
import { freePort } from './servers';

export interface LighthouseFigures {
  /** Performance category score, 0-100. */
  score: number;
  /** Accessibility and best-practices category scores, 0-100 (issue 17: 100 each). */
  accessibility: number;
  bestPractices: number;
  /** The failing audits of those two categories, by id, for a score below 100 to name its cause. */
  failing: string[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function waitForDevTools(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return;
    } catch {
      // Chromium still starting.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  throw new Error('Chromium did not open its DevTools port within 30 s');
}

/**
 * One Lighthouse 12 run with its default (mobile, simulated throttling) config, performance,
 * accessibility and best practices, in a fresh Chromium profile. With `signedInAt` the profile is signed in first through the API (nothing of
 * the app is loaded or cached) and Lighthouse keeps the storage (the session cookie).
 */
export async function runLighthouse(
  url: string,
  options: { signedInAt?: string } = {},
): Promise<LighthouseFigures> {
  const lhr = await lighthouseReport(url, options);
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no ${id} for ${url}`);
    return value;
  };
  const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = ['accessibility', 'best-practices'].flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    score: category('performance'),
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    failing,
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
  };
}

/** Attempts per run: Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART). */
const ATTEMPTS = 3;

/** The whole Lighthouse report of one run (see runLighthouse), for a closer look at a page. */
export async function lighthouseReport(
  url: string,
  options: { signedInAt?: string } = {},
): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const lhr = await lighthouseAttempt(url, options);
    if (!lhr.runtimeError) return lhr;
    if (attempt === ATTEMPTS) {
      throw new Error(`Lighthouse on ${url}, ${ATTEMPTS} attempts: ${lhr.runtimeError.message}`);
    }
    console.log(`Lighthouse on ${url}: ${lhr.runtimeError.code}; trying again`);
  }
}

/**
 * Chromium is started by Playwright (which signs the profile in through its request context, sharing
 * the browser's cookies) with a DevTools port open for Lighthouse. No viewport of Playwright's own:
 * Lighthouse emulates the phone.
 */
async function lighthouseAttempt(url: string, options: { signedInAt?: string }): Promise<Result> {
  const port = await freePort();
  const profileDir = await mkdtemp(join(tmpdir(), 'webbench-lighthouse-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    viewport: null,
  });
  try {
    await waitForDevTools(port);
    if (options.signedInAt) await signIn(context, options.signedInAt);
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: Boolean(options.signedInAt),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) return lhr;
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(url).pathname) {
      throw new Error(`Lighthouse ended on ${finalPath} instead of ${new URL(url).pathname}`);
    }
    return lhr;
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
}
