import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  appendFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { DEMO_ADVERTISER } from '@/dev/environment';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/**
 * A copy of the build (dist/) served on a port (an origin) of its own, the API passed through to the
 * test server: its sw.js can change like a new deployment's would, without touching the build.
 */
async function serveDistCopy(): Promise<{ url: string; dir: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'promo-e2e-dist-'));
  cpSync(e2eEnv.staticDir, dir, { recursive: true });
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path.startsWith('/api/')) {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = new Headers();
        for (const name of ['content-type', 'cookie']) {
          const value = request.headers[name];
          if (typeof value === 'string') headers.set(name, value);
        }
        void fetch(e2eEnv.baseUrl + (request.url ?? ''), {
          method: request.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        }).then(async (answer) => {
          response.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          });
          response.end(Buffer.from(await answer.arrayBuffer()));
        });
      });
      return;
    }
    let file = join(dir, normalize(path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      file = join(dir, 'index.html');
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    dir,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('a new version waits for the user: "A new version is available", Reload activates it', async ({
  page,
  onTestFinished,
}) => {
  const copy = await serveDistCopy();
  onTestFinished(copy.close);
  await page.goto(`${copy.url}/`);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A page the current version controls (on the very first visit a new worker would take over at
  // once: nothing is open that the old one controls).
  await page.reload();
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  // A new deployment: other worker bytes. The app finds it and says so, without reloading.
  appendFileSync(join(copy.dir, 'sw.js'), '\n// the next version\n');
  await page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const prompt = page.getByRole('alert').filter({ hasText: 'A new version is available' });
  await prompt.waitFor();
  expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
  expect(
    await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    ),
  ).toBe(true);

  await prompt.getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction(() => !('stillThisPage' in window));
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
  });
  expect(state).toEqual({ waiting: null, active: 'activated' });
  await expect(prompt.count()).resolves.toBe(0);
});

test('"Install app" on /account appears when the browser offers installing, and goes once used', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADVERTISER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADVERTISER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();
  await page.goto('/account');
  await page.getByRole('heading', { name: 'My Account' }).waitFor();
  // Chromium sends `beforeinstallprompt` once the app is installable (worker, manifest, icons).
  const install = page.getByRole('button', { name: 'Install app' });
  await install.waitFor();
  await install.click();
  // The offer is used up (Chromium's own dialog opened): the action goes away.
  await expect.poll(() => install.count()).toBe(0);
});
