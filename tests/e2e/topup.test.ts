import type { Page } from 'playwright-core';
import { DEMO_ADVERTISER } from '@/dev/environment';
import { amountToSend } from '@/features/topup/deposit-state';
import type { Transaction } from '@/shared/contract/deposits';
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

/**
 * Issue 31: on a phone 16 minutes fast (CPU slowed 6x), an ETH deposit counts down the server's 15
 * minutes and is kept; part paid, /topup-balance says what is still due; a new ETH deposit says what it
 * does to the part-paid one and asks first.
 */
test('issue 31: an ETH deposit on a phone whose clock is 16 minutes fast, part paid, then replaced only when confirmed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.clock.install({ time: Date.now() + 16 * 60_000 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADVERTISER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADVERTISER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();

  await page.goto('/topup-balance');
  await page.getByRole('heading', { name: 'New Deposit' }).waitFor();
  await page.getByRole('radio', { name: /^ETH/ }).check();
  await page.getByLabel('Amount (USD)').fill('100');
  await page.getByRole('button', { name: 'Create Transaction' }).click();
  // An ETH deposit another test left open: this test replaces it.
  const onDepositPage = (url: URL) => /^\/topup-balance\/\d+$/.test(url.pathname);
  const dialog = page.getByRole('dialog', { name: 'Replace your open ETH deposit?' });
  await Promise.race([page.waitForURL(onDepositPage), dialog.waitFor()]);
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'Start the new deposit' }).click();
  }
  await page.waitForURL(onDepositPage);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const timer = page.getByRole('timer', { name: 'Time remaining' });
  await timer.waitFor();
  // The server's 15 minutes, not the phone's clock (which would show 0:00 and delete it).
  expect(await timer.textContent()).toMatch(/^(15:00|14:5\d)$/);
  await page.getByRole('heading', { name: 'Payment Instructions' }).waitFor();

  expect(await payOnDevChain(id, ['--half'])).toContain('Paid');
  const status = page.getByRole('status', { name: 'Deposit status' });
  await status.getByText('Part of the payment has arrived').waitFor({ timeout: 15_000 });
  const answer = await page.request.post('/api/get-transaction', { data: { transaction_id: id } });
  const deposit = ((await answer.json()) as { data: Transaction }).data;
  expect(deposit.status).toBe('pending');
  const due = dollars(
    (Math.round(deposit.amount * 100) - Math.round(deposit.creditedAmount * 100)) / 100,
  );

  await page.goto('/topup-balance');
  const waiting = page.getByRole('list', { name: 'Deposits waiting' });
  await waiting
    .getByText(
      `You have a deposit waiting: ${due} of $100.00 still due in ETH (${amountToSend(deposit).amount} ETH)`,
    )
    .waitFor();

  await page.getByRole('radio', { name: /^ETH/ }).check();
  await page.getByLabel('Amount (USD)').fill('100');
  await page.getByRole('button', { name: 'Create Transaction' }).click();
  await dialog
    .getByText(`Part of your deposit of $100.00 in ETH has arrived: ${deposit.receivedAmount} ETH`)
    .waitFor();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).toBe('/topup-balance');

  await page.getByRole('button', { name: 'Create Transaction' }).click();
  await dialog.getByRole('button', { name: 'Start the new deposit' }).click();
  await page.waitForURL((url) => url.pathname !== '/topup-balance');
  const ended = await page.request.post('/api/get-transaction', { data: { transaction_id: id } });
  expect(((await ended.json()) as { data: Transaction }).data).toMatchObject({
    status: 'failed',
    receivedAmount: deposit.receivedAmount,
    creditedAmount: deposit.creditedAmount,
  });
  // The new one is not paid: Start Over leaves no open ETH deposit behind.
  await page.getByRole('button', { name: 'Start Over' }).click();
  await page.waitForURL((url) => url.pathname === '/topup-balance');
}, 120_000);
