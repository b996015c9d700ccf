import type { Page } from 'playwright-core';
import { DEMO_ADVERTISER } from '@/dev/environment';
import { OFFLINE_MESSAGE } from '@/lib/offline';
import { storedData, waitForControllingWorker } from './support/app';
import { expect, test } from './support/fixtures';

/** Design §4's list screens: offline they show the last-known data. */
const LIST_ROUTES = [
  '/dashboard',
  '/campaigns',
  '/campaign-history',
  '/transactions',
  '/notifications',
  '/account',
];

interface Campaign {
  status: boolean;
  amount_remaining: number;
  Profile: { username: string };
}

async function balanceOf(page: Page): Promise<number> {
  const answer = await page.request.get('/api/get-user-details');
  return ((await answer.json()) as { data: { crypto_balance: number } }).data.crypto_balance;
}

async function campaignsOf(page: Page): Promise<Campaign[]> {
  const answer = await page.request.get('/api/bought-ads-by-client');
  return ((await answer.json()) as { data: Campaign[] }).data;
}

/** The page's main text once its data has loaded, the offline banner left out. */
async function mainText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 10_000 }).toBe(0);
  return page.locator('main').evaluate((main) =>
    [...main.children[0]!.children]
      .filter((child) => child.getAttribute('data-testid') !== 'offline-banner')
      .map((child) => (child as HTMLElement).innerText)
      .join('\n'),
  );
}

test(
  'offline: last-known data on every list screen, writes refused and never sent, logout forgets it all',
  { timeout: 180_000 },
  async ({ context, page, consoleErrors }) => {
    await page.goto('/');
    await waitForControllingWorker(page);
    // One campaign of our own (made before the app has anything cached), so the lists and the
    // notifications hold something to read offline.
    const signIn = { email: DEMO_ADVERTISER.email, password: DEMO_ADVERTISER.password };
    expect((await page.request.post('/api/auth/login', { data: signIn })).status()).toBe(200);
    const search = await page.request.post('/api/search-profiles', { data: { query: 'art' } });
    const found = ((await search.json()) as { data: { username: string }[] }).data;
    const taken = new Set((await campaignsOf(page)).map((campaign) => campaign.Profile.username));
    const username = found.map((profile) => profile.username).find((name) => !taken.has(name))!;
    const created = await page.request.post('/api/new-campaign', {
      data: { username, package_id: 1, amount_deposit: 100 },
    });
    expect(created.status()).toBe(201);

    // Signed in by that call's cookie: the app checks the session when it loads.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();

    // One online visit of each screen leaves its answers behind.
    const onlineTexts = new Map<string, string>();
    for (const route of LIST_ROUTES) {
      await page.goto(route);
      onlineTexts.set(route, await mainText(page));
    }
    expect(onlineTexts.get('/campaigns')).toContain(username);
    expect(onlineTexts.get('/account')).toContain(DEMO_ADVERTISER.email);
    const balance = await balanceOf(page);

    consoleErrors.allow({ text: /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/ });
    consoleErrors.allow({ text: /^ApiError: Network request failed/ });
    await context.setOffline(true);
    for (const route of LIST_ROUTES) {
      const response = await page.goto(route);
      expect(response?.fromServiceWorker(), route).toBe(true);
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor();
      expect(await banner.innerText(), route).toMatch(
        /^You are offline\.\s+Showing the last known data; changes need a connection\.\s+Last updated [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/,
      );
      expect(new URL(page.url()).pathname, route).toBe(route);
      expect(await mainText(page), route).toBe(onlineTexts.get(route));
    }

    // A write offline fails at once with the message and sends nothing, now or later.
    const writes: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/expire-ad-package'))
        writes.push(request.url());
    });
    await page.goto('/campaigns');
    const card = page.getByRole('article', { name: `Campaign for ${username}` });
    await card.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Yes, Deactivate' }).click();
    await page.getByRole('dialog').getByText(OFFLINE_MESSAGE).waitFor();
    await context.setOffline(false);
    await page.waitForTimeout(1_500);
    expect(writes).toEqual([]);
    expect(await balanceOf(page)).toBe(balance);
    const ours = (await campaignsOf(page)).find((c) => c.Profile.username === username);
    expect(ours).toMatchObject({ status: true, amount_remaining: 100 });

    // Logout online, then offline: nothing of the user is readable, in the page or in the caches.
    await page.goto('/dashboard');
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForTimeout(1_500);
    await context.setOffline(true);
    for (const route of LIST_ROUTES) {
      await page.goto(route);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.locator('body').innerText(), route).not.toContain(DEMO_ADVERTISER.email);
      expect(await page.locator('body').innerText(), route).not.toContain(username);
    }
    const stored = await storedData(page);
    expect(stored.answers).toEqual([]);
    expect(stored.local).not.toContain(DEMO_ADVERTISER.email);
    expect(stored.local).not.toContain(username);

    // Without any persisted copy the sign-in page still opens offline (the worker keeps the settings).
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  },
);
