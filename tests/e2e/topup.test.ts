import type { Page } from 'playwright-core';
import { DEMO_ADVERTISER } from '../../src/dev/environment';
import { payOnDevChain } from './support/dev-pay';
import { expect, test } from './support/fixtures';

async function balanceOf(page: Page): Promise<number> {
  const answer = await page.request.get('/api/get-user-details');
  return ((await answer.json()) as { data: { crypto_balance: number } }).data.crypto_balance;
}

const dollars = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

/**
 * Issue 15: a USDC deposit on its own page, which survives a reload, is paid with `npm run dev:pay`
 * and confirms by itself: the server's watcher finds the payment, nobody presses anything.
 */
test('the demo advertiser pays a USDC deposit and watches it confirm without pressing anything', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADVERTISER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADVERTISER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();
  const startBalance = await balanceOf(page);

  await page.goto('/topup-balance');
  await page.getByText(dollars(startBalance)).first().waitFor();
  await page.getByRole('radio', { name: /^USDC/ }).check();
  await page.getByLabel('Amount (USD)').fill('150');
  await page.getByRole('button', { name: 'Create Transaction' }).click();
  await page.waitForURL((url) => /^\/topup-balance\/\d+$/.test(url.pathname));
  const transactionId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('heading', { name: 'Payment Instructions' }).waitFor();
  await page.getByRole('img', { name: 'QR code to pay 150.000000 USDC' }).waitFor();

  // Mid-way, the page is reloaded (a phone's switch to the wallet app): the deposit is still there.
  await page.reload();
  await page.getByRole('heading', { name: 'Payment Instructions' }).waitFor();
  const status = page.getByRole('status', { name: 'Deposit status' });
  await status.getByText('Waiting for your payment').waitFor();
  await page.getByRole('button', { name: 'I Have Transferred Payment' }).waitFor();

  const printed = await payOnDevChain(transactionId);
  expect(printed).toContain('Paid 150 USDC');
  // No button pressed: the page sees the watcher's credit within seconds.
  await status.getByText('Payment verification successful!').waitFor({ timeout: 15_000 });
  await status.getByText('$150.00 was added to your balance.').waitFor();
  expect(await page.getByRole('heading', { name: 'Payment Instructions' }).count()).toBe(0);
  expect(await page.getByRole('img', { name: /^QR code/ }).count()).toBe(0);

  await page.waitForURL((url) => url.pathname === '/transactions');
  const row = page.getByRole('listitem', { name: `Transaction ${transactionId}` });
  await row.getByText('confirmed').waitFor();
  await row.getByText('$150.00').first().waitFor();
  // Issue 17: the dev chain has no public explorer, so no link (one to mainnet's would find nothing).
  expect(await row.getByRole('link', { name: 'View on block explorer' }).count()).toBe(0);
  const newBalance = Math.round((startBalance + 150) * 100) / 100;
  await page.getByRole('group', { name: 'Balance' }).getByText(dollars(newBalance)).waitFor();
  expect(await balanceOf(page)).toBe(newBalance);

  // Its receipt, from the history.
  await row.getByRole('link', { name: 'View receipt' }).click();
  await page.getByRole('heading', { name: 'Deposit receipt' }).waitFor();
  await page.getByText('150.000000 USDC').first().waitFor();
  await page.getByRole('button', { name: 'Print or save as PDF' }).waitFor();
}, 90_000);
