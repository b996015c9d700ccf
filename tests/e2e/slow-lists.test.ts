import type { BrowserContext, Page } from 'playwright-core';
import { signInAsDemo, waitForControllingWorker } from './support/app';
import { expect, test } from './support/fixtures';

/**
 * Holds every answer of one API call until released: the request reaches the server, its answer
 * waits (a slow network). Routed on the context, so the worker's own requests are held too.
 */
async function holdAnswers(context: BrowserContext, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: boolean[] = [];
  await context.route(`**/api/${path}`, async (route) => {
    held.push(route.request().serviceWorker() !== null);
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  /** Per held request, whether the worker sent it. */
  return { release, held: () => held };
}

/** The page header's "Updating…" mark (a live region that is always there). */
function updatingMark(page: Page) {
  return page.locator('main header [aria-live="polite"]');
}

/** The list screens, the call each one lists from, and whether the test's campaign shows there. */
const LISTS = [
  { path: '/dashboard', call: 'bought-ads-by-client', showsCampaign: true },
  { path: '/campaign-history', call: 'user/campaign-history', showsCampaign: true },
  { path: '/transactions', call: 'get-all-user-transactions', showsCampaign: false },
  { path: '/notifications', call: 'get-notifications', showsCampaign: true },
];

/**
 * The text of the page below its header (where the mark is). The clock of an "Updated 2:18 PM" is
 * masked: parts whose answers are not held (the dashboard's Performance section) fetch again on the
 * reload, and their time may have passed the minute since.
 */
async function listText(page: Page): Promise<string> {
  const text = await page
    .locator('main')
    .evaluate((main) =>
      [...main.querySelectorAll<HTMLElement>(':scope > div > :not(header)')]
        .map((part) => part.innerText)
        .join('\n'),
    );
  return text.replace(/Updated \d{1,2}:\d{2}\s[AP]M/g, 'Updated h:mm');
}

test('a slow network: each list screen shows its last-known data at once, marked "Updating…" until the fresh answer comes', async ({
  context,
  page,
}) => {
  await page.goto('/');
  await waitForControllingWorker(page);
  await signInAsDemo(page);
  // A campaign of the demo advertiser's, paused at once (its deposit refunded): a row on the
  // dashboard, an entry in the history and two notifications.
  const search = await page.request.post('/api/search-profiles', { data: { query: 'mo' } });
  const found = ((await search.json()) as { data: { username: string }[] }).data;
  const ours = await page.request.get('/api/bought-ads-by-client');
  const taken = new Set(
    ((await ours.json()) as { data: { Profile: { username: string } }[] }).data.map(
      (campaign) => campaign.Profile.username,
    ),
  );
  const username = found.map((profile) => profile.username).find((name) => !taken.has(name))!;
  const created = await page.request.post('/api/new-campaign', {
    data: { username, package_id: 1, amount_deposit: 100 },
  });
  expect(created.status()).toBe(201);
  expect((await page.request.post('/api/expire-ad-package', { data: { username } })).status()).toBe(
    200,
  );

  for (const { path, call, showsCampaign } of LISTS) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 10_000 }).toBe(0);
    const known = await listText(page);
    if (showsCampaign) expect(known, path).toContain(username);
    expect(await updatingMark(page).innerText(), path).toBe('');

    const slow = await holdAnswers(context, call);
    await page.reload();
    await updatingMark(page).getByText('Updating…', { exact: true }).waitFor();
    // Parts loaded after the first load (the dashboard's Performance section) come in their own
    // time; the list's last-known data is all there while its fresh answer is still held.
    await expect.poll(() => listText(page), { timeout: 5_000, message: path }).toBe(known);
    expect(await updatingMark(page).innerText(), path).toBe('Updating…');
    expect(slow.held(), path).toEqual([true]);

    slow.release();
    await expect.poll(() => updatingMark(page).innerText(), { timeout: 5_000 }).toBe('');
    expect(await listText(page), path).toBe(known);
    await context.unroute(`**/api/${call}`);
  }
});
