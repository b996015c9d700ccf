import type { Page } from 'playwright-core';
import { sendClicks } from '@/dev/click-traffic';
import { DEMO_ADVERTISER } from '@/dev/environment';
import { dollarsToCents } from '@/shared/money';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';

/** The dev server's partner secret (PARTNER_SECRET's development default). */
const partner = { apiUrl: e2eEnv.baseUrl, secret: 'development-partner-secret' };

async function balanceOf(page: Page): Promise<number> {
  const answer = await page.request.get('/api/get-user-details');
  return ((await answer.json()) as { data: { crypto_balance: number } }).data.crypto_balance;
}

async function confirmSuccess(page: Page, message: string) {
  await page.getByRole('status').filter({ hasText: message }).waitFor();
}

test('the demo advertiser buys clicks, sees them arrive, pauses, reactivates twice and deletes', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADVERTISER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADVERTISER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();
  const startBalance = await balanceOf(page);

  // Search the demo catalogue and open the first creator's campaign form.
  await page.goto('/create-campaign');
  await page.getByRole('searchbox', { name: 'Search creators' }).fill('yoga');
  const start = page.getByRole('link', { name: /^Start campaign for / }).first();
  await start.waitFor();
  const username = (await start.getAttribute('aria-label'))!.replace('Start campaign for ', '');
  // Another file of the run may have had (and deleted) a campaign for this creator: its history
  // stays, so this test counts the entries it adds.
  const historyBefore = await historyOf(page, username);
  await start.click();

  await page.getByRole('form', { name: 'Create campaign' }).waitFor();
  await page.getByRole('radio', { name: /^Main Categories — / }).check();
  await page.getByRole('spinbutton', { name: 'Deposit Amount (USD)' }).fill('100');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await page.waitForURL((url) => url.pathname === `/analytics/${username}`);
  await page.getByRole('heading', { name: 'Campaign Tracker' }).waitFor();
  expect(dollarsToCents(await balanceOf(page))).toBe(dollarsToCents(startBalance) - 10_000);

  // The partner reports 12 clicks; the tracker shows them after a reload.
  expect((await sendClicks(partner, username, 12)).billed).toBe(12);
  await page.reload();
  await page.getByText(/^12 billed clicks over \d+ hours?, \$9\.60 spent;/).waitFor();

  // Pause: the rest of the budget comes back at once ($100 - 12 x $0.80).
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Yes, Deactivate' }).click();
  await confirmSuccess(page, `Campaign for ${username} deactivated successfully`);
  expect(dollarsToCents(await balanceOf(page))).toBe(dollarsToCents(startBalance) - 960);

  // Reactivate with the same package.
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await page.getByRole('button', { name: /^Same Package/ }).click();
  await page.getByRole('spinbutton', { name: 'Amount (USD)' }).fill('50');
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await confirmSuccess(page, `Campaign for ${username} reactivated and topped up successfully!`);

  // Pause again and reactivate with a new package (remove, then assign).
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Yes, Deactivate' }).click();
  await confirmSuccess(page, `Campaign for ${username} deactivated successfully`);
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await page.getByRole('button', { name: /^New Package/ }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Ad Package' });
  await assign.getByRole('combobox', { name: 'Package' }).selectOption('2');
  await assign.getByRole('spinbutton', { name: 'Deposit Amount (USD)' }).fill('100');
  await assign.getByRole('button', { name: 'Assign Package' }).click();
  await confirmSuccess(page, `Campaign for ${username} reactivated successfully!`);

  // Pause, then delete: back on the dashboard, and every cent accounted for.
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Yes, Deactivate' }).click();
  await confirmSuccess(page, `Campaign for ${username} deactivated successfully`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  expect(dollarsToCents(await balanceOf(page))).toBe(dollarsToCents(startBalance) - 960);

  expect(await historyOf(page, username)).toHaveLength(historyBefore.length + 3);
});

/** The campaign history entries of the signed-in advertiser for one creator. */
async function historyOf(page: Page, username: string) {
  const history = await page.request.get('/api/user/campaign-history');
  const entries = (
    (await history.json()) as { data: { profile_id: string; clicks_count: number }[] }
  ).data;
  return entries.filter((entry) => entry.profile_id === username);
}
