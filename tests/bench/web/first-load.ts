import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumPath, CHROMIUM_ARGS, signIn } from './browser';

export interface FirstLoad {
  /** Sum of the gzip (level 9) sizes of every JS and CSS file the page loaded, in bytes. */
  gzipBytes: number;
  files: { path: string; gzipBytes: number }[];
}

/**
 * A cold visit of `url` in a fresh browser: every script and stylesheet the page loads until the
 * network is idle (lazy route chunks included), each body gzipped at level 9 (the servers here do not
 * compress), summed. The service worker's own downloads (its precache) are not the page's and do not count.
 */
export async function measureFirstLoad(
  url: string,
  options: { signedInAt?: string } = {},
): Promise<FirstLoad> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    if (options.signedInAt) await signIn(context, options.signedInAt);
    const page = await context.newPage();
    const bodies: Promise<{ path: string; gzipBytes: number }>[] = [];
    const seen = new Set<string>();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if ((type !== 'script' && type !== 'stylesheet') || seen.has(response.url())) return;
      seen.add(response.url());
      bodies.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = (await Promise.all(bodies)).sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files };
  } finally {
    await browser.close();
  }
}
