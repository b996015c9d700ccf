import { chromium } from 'playwright-core';
import { chromiumPath, CHROMIUM_ARGS, signIn } from './browser';
import { firstLoadOf, gzipBytes, type FirstLoad } from './build-first-load';

/**
 * A cold visit of `url` in a fresh browser: every script and stylesheet the page loads until the
 * network is idle (lazy route chunks included), each body gzipped at level 9 (the servers here do not
 * compress), summed. The service worker's own downloads (its precache) are not the page's and do not
 * count. `firstLoadFromBuild` (npm run test:size) derives the same figure from the build alone.
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
          gzipBytes: gzipBytes(body),
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return firstLoadOf(await Promise.all(bodies));
  } finally {
    await browser.close();
  }
}
