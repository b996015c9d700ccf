import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type APIRequestContext } from 'playwright-core';
import { loadConfig } from '../server/config';
import { sendClicks } from './click-traffic';
import { generateDemoCatalogue } from './demo-catalogue';
import { DEMO_ADVERTISER } from './demo-seed';

/**
 * Takes the README's screenshots (also the manifest's): signs in as the demo advertiser on a running
 * development server and captures a page, by default the dashboard, at 1280 × 800, or with --phone at
 * 390 × 844 (public/screenshots/dashboard-phone.png).
 * With --campaigns it first buys a few campaigns and reports clicks, so the page has something to
 * show: use a throw-away DATA_DIR for that server, the campaigns spend the demo balance.
 *
 *   node --import tsx src/dev/screenshot.ts [--url http://localhost:8080] [--path /dashboard]
 *     [--out public/screenshots/dashboard-wide.png] [--phone] [--campaigns]
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    path: { type: 'string', default: '/dashboard' },
    out: { type: 'string' },
    phone: { type: 'boolean', default: false },
    campaigns: { type: 'boolean', default: false },
  },
});
const baseUrl = values.url.replace(/\/$/, '');
const output = resolve(
  values.out ?? `public/screenshots/dashboard-${values.phone ? 'phone' : 'wide'}.png`,
);

/** Demo campaigns: [package id, deposit in dollars, category, clicks to report, paused]. */
const CAMPAIGNS: [number, number, string | null, number, boolean][] = [
  [1, 250, null, 212, false],
  [2, 180, null, 64, false],
  [3, 120, 'Fitness', 181, false],
  [4, 100, null, 12, false],
  [1, 150, null, 40, true],
];

async function post(request: APIRequestContext, path: string, data: unknown): Promise<void> {
  const answer = await request.post(`${baseUrl}${path}`, { headers: { origin: baseUrl }, data });
  if (!answer.ok()) throw new Error(`${path} failed: ${answer.status()} ${await answer.text()}`);
}

async function stageCampaigns(request: APIRequestContext): Promise<void> {
  const target = { apiUrl: baseUrl, secret: loadConfig().partnerSecret };
  const creators = generateDemoCatalogue()
    .filter((profile) => profile.listed)
    .sort((a, b) => b.likes - a.likes);
  for (const [index, [packageId, deposit, category, clicks, paused]] of CAMPAIGNS.entries()) {
    const username = creators[index]!.username;
    await post(request, '/api/new-campaign', {
      username,
      package_id: packageId,
      amount_deposit: deposit,
      category_name: category,
    });
    await sendClicks(target, username, clicks);
    if (paused) await post(request, '/api/expire-ad-package', { username, packageId });
  }
}

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
    // The sizes the web manifest declares for these screenshots (src/shared/web-manifest.ts).
    viewport: values.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  await post(context.request, '/api/auth/login', {
    email: DEMO_ADVERTISER.email,
    password: DEMO_ADVERTISER.password,
  });
  if (values.campaigns) await stageCampaigns(context.request);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${values.path}`, { waitUntil: 'networkidle' });
  mkdirSync(dirname(output), { recursive: true });
  await page.screenshot({ path: output });
  console.log(`Saved ${output} of ${page.url()}`);
} finally {
  await browser.close();
}
