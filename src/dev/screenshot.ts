import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_ADVERTISER } from './demo-seed';

/**
 * Takes the README's screenshot (also usable as the manifest's wide screenshot): signs in as the demo
 * advertiser on a running development server and captures the dashboard.
 *
 *   node --import tsx src/dev/screenshot.ts [base URL, default http://localhost:8080] [output file]
 */
const baseUrl = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
const output = resolve(process.argv[3] ?? 'public/screenshots/dashboard-wide.png');
const path = process.argv[4] ?? '/dashboard';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  const login = await context.request.post(`${baseUrl}/api/auth/login`, {
    headers: { origin: baseUrl },
    data: { email: DEMO_ADVERTISER.email, password: DEMO_ADVERTISER.password },
  });
  if (!login.ok()) throw new Error(`Demo login failed: ${login.status()} ${await login.text()}`);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  mkdirSync(dirname(output), { recursive: true });
  await page.screenshot({ path: output });
  console.log(`Saved ${output} of ${page.url()}`);
} finally {
  await browser.close();
}
