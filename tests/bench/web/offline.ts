import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumPath, CHROMIUM_ARGS, signIn } from './browser';

const CAMPAIGN_ROW = 'article[aria-label^="Campaign for "]';

declare global {
  interface Window {
    firstRowAt?: number;
  }
}

/**
 * Runs in every page before its own scripts: notes performance.now() (milliseconds since navigation
 * start) in the frame where the first campaign row is laid out.
 */
function watchForFirstRow(selector: string): void {
  const observer = new MutationObserver(() => {
    const row = document.querySelector(selector);
    if (!row || row.getBoundingClientRect().height === 0) return;
    observer.disconnect();
    window.firstRowAt = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function timeToFirstRow(page: Page): Promise<number> {
  const drawn = await page.waitForFunction(() => window.firstRowAt, undefined, { timeout: 30_000 });
  return (await drawn.jsonValue()) as number;
}

/**
 * Offline cold start: a profile signed in and shown /campaigns online (worker installed, list
 * persisted), then for each run a new Chromium on that profile, offline from the start, opens
 * /campaigns; the figure is the time from navigation start to the first campaign row, per run.
 */
export async function measureOfflineColdStart(baseUrl: string, runs: number): Promise<number[]> {
  const profileDir = await mkdtemp(join(tmpdir(), 'webbench-offline-'));
  const launch = (offline: boolean) =>
    chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      offline,
    });
  try {
    const online = await launch(false);
    await signIn(online, baseUrl);
    const page = online.pages()[0] ?? (await online.newPage());
    await page.goto(`${baseUrl}/campaigns`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForSelector(CAMPAIGN_ROW);
    await page.waitForLoadState('networkidle');
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      throw new Error('The service worker does not control /campaigns');
    }
    // Leaving the page saves the query cache at once (pagehide).
    await page.goto('about:blank');
    await online.close();

    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await launch(true);
      await context.addInitScript(watchForFirstRow, CAMPAIGN_ROW);
      try {
        const offlinePage = context.pages()[0] ?? (await context.newPage());
        await offlinePage.goto(`${baseUrl}/campaigns`, { waitUntil: 'commit' });
        times.push(Math.round(await timeToFirstRow(offlinePage)));
      } finally {
        await context.close();
      }
    }
    return times;
  } finally {
    await rm(profileDir, { recursive: true, force: true });
  }
}
