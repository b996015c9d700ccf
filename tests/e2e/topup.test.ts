import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { DEMO_ADVERTISER } from '../../src/dev/environment';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';

const run = promisify(execFile);

async function balanceOf(page: Page): Promise<number> {
  const answer = await page.request.get('/api/get-user-details');
  return ((await answer.json()) as { data: { crypto_balance: number } }).data.crypto_balance;
}

const dollars = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

/** `npm run dev:pay -- <id>` against the test server; answers the sender address it printed. */
async function payOnDevChain(transactionId: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/dev/pay.ts', transactionId],
    {
      env: { ...process.env, API_URL: e2eEnv.baseUrl },
    },
  );
  const sender = /Sender address .*: (0x[0-9a-fA-F]{40})/.exec(stdout)?.[1];
  if (!sender) throw new Error(`dev:pay printed no sender address:\n${stdout}`);
  return sender;
}

test('the demo advertiser tops up with USDC on the dev chain and sees it confirmed', async ({
  page,
}) => {
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
  await page.getByRole('heading', { name: 'Payment Instructions' }).waitFor();
  await page.getByRole('img', { name: /^QR code to pay 150\.\d{6} USDC$/ }).waitFor();
  const transactionId = await page
    .getByRole('term')
    .filter({ hasText: 'Transaction ID' })
    .locator('xpath=following-sibling::dd')
    .textContent();
  const sender = await payOnDevChain(transactionId!);

  await page.getByRole('button', { name: 'I Have Transferred Payment' }).click();
  await page.getByRole('button', { name: 'Please wait...' }).waitFor();
  await page.getByLabel('Sender Crypto Address').waitFor({ timeout: 15_000 });
  await page.getByLabel('Sender Crypto Address').fill(sender);
  await page.getByRole('button', { name: 'Verify Payment' }).click();
  await page.getByRole('status').filter({ hasText: 'Payment verification successful!' }).waitFor();

  await page.waitForURL((url) => url.pathname === '/transactions');
  const row = page.getByRole('listitem', { name: `Transaction ${transactionId}` });
  await row.getByText('confirmed').waitFor();
  await row.getByText('$150.00').waitFor();
  await row.getByRole('link', { name: 'View on block explorer' }).waitFor();
  const newBalance = Math.round((startBalance + 150) * 100) / 100;
  await page.getByRole('group', { name: 'Balance' }).getByText(dollars(newBalance)).waitFor();
  expect(await balanceOf(page)).toBe(newBalance);
}, 90_000);
