import type { Page } from 'playwright-core';
import {
  newAdvertiser,
  registerByApi,
  signInAsDemo,
  waitForControllingWorker,
} from './support/app';
import { e2eEnv } from './support/env';
import {
  expectRetriedWithSameKey,
  faultAnswers,
  LOST_ANSWER_CONSOLE_ERROR,
  loseFirstAnswer,
} from './support/faults';
import { expect, test } from './support/fixtures';
import {
  balanceCents,
  campaignsOf,
  freeProfile,
  notificationsOf,
  openCampaign,
  pauseCampaign,
  transactionsOf,
} from './support/server-state';

/**
 * Issue 14 point 6: for one write of each kind, the server does the write, its answer is lost on the
 * way back (DevTools protocol, support/faults.ts), and the client's automatic retry with the same
 * idempotency key gets the kept answer: the screen shows its usual success and the server holds
 * exactly one effect.
 */

/** What a write awaiting its answer says beside its button (src/ui/write-status.tsx). */
const STILL_WORKING = 'Still working...';
const UNCONFIRMED =
  'We could not confirm this yet — we will check again when the connection is back.';

/** The app opened under its service worker (writes pass it untouched, stack notes). */
async function openApp(page: Page) {
  await page.goto('/');
  await waitForControllingWorker(page);
}

/** A success box (role status) saying exactly `text`. */
function success(page: Page, text: string) {
  return page.getByRole('status').getByText(text, { exact: true });
}

/** The status of a sign-in with this password, outside the browser. */
async function signInStatus(email: string, password: string): Promise<number> {
  const answer = await fetch(`${e2eEnv.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return answer.status;
}

/** Opens the Top Up dialog of the campaign for `username` on /campaigns and sends `amount`. */
async function topUpOnCampaignsPage(page: Page, username: string, amount: string) {
  await page.goto('/campaigns');
  const card = page.getByRole('article', { name: `Campaign for ${username}` });
  await card.getByRole('button', { name: 'Top-up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up Campaign' });
  await dialog.getByRole('spinbutton', { name: 'Amount (USD)' }).fill(amount);
  await dialog.getByRole('button', { name: 'Top Up' }).click();
  return dialog;
}

test('a campaign top-up whose answer was lost: retried with its key, the balance debited once', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(LOST_ANSWER_CONSOLE_ERROR);
  await openApp(page);
  await signInAsDemo(page);
  const username = await freeProfile(page.request, 'yo');
  await openCampaign(page.request, username);
  const before = await balanceCents(page.request);

  const faults = await faultAnswers(page, 'top-up-money-deposited', loseFirstAnswer);
  await topUpOnCampaignsPage(page, username, '50');
  await success(page, `Campaign for ${username} topped up successfully`).waitFor();

  expectRetriedWithSameKey(faults.attempts(), 200);
  expect(await balanceCents(page.request)).toBe(before - 5_000);
  const campaigns = await campaignsOf(page.request);
  expect(campaigns.filter((campaign) => campaign.Profile.username === username)).toMatchObject([
    { status: true, amount_deposit: 150, amount_remaining: 150 },
  ]);
  await pauseCampaign(page.request, username);
});

test('a new campaign whose answer was lost: retried with its key, one campaign and one debit, and the tracker says it was created', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(LOST_ANSWER_CONSOLE_ERROR);
  await openApp(page);
  await signInAsDemo(page);
  const username = await freeProfile(page.request, 'an');
  const before = await balanceCents(page.request);

  const faults = await faultAnswers(page, 'new-campaign', loseFirstAnswer);
  await page.goto(`/create-campaign/profile/${username}`);
  const form = page.getByRole('form', { name: 'Create campaign' });
  await form.getByRole('radio', { name: /^Main Categories — / }).check();
  await form.getByRole('spinbutton', { name: 'Deposit Amount (USD)' }).fill('100');
  await form.getByRole('button', { name: 'Create Campaign' }).click();
  await page.waitForURL((url) => url.pathname === `/analytics/${username}`);
  await success(page, `Campaign for ${username} created successfully`).waitFor();

  expectRetriedWithSameKey(faults.attempts(), 201);
  expect(await balanceCents(page.request)).toBe(before - 10_000);
  const campaigns = await campaignsOf(page.request);
  expect(campaigns.filter((campaign) => campaign.Profile.username === username)).toMatchObject([
    { status: true, package_id: 1, amount_deposit: 100, amount_remaining: 100 },
  ]);
  await pauseCampaign(page.request, username);
});

test('a deposit request whose answer was lost: retried with its key, one pending deposit, its payment instructions shown', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(LOST_ANSWER_CONSOLE_ERROR);
  await openApp(page);
  await registerByApi(page, newAdvertiser());

  const faults = await faultAnswers(page, 'top-up-balance-v2', loseFirstAnswer);
  await page.goto('/topup-balance');
  await page.getByRole('radio', { name: /^USDC/ }).check();
  await page.getByLabel('Amount (USD)').fill('150');
  await page.getByRole('button', { name: 'Create Transaction' }).click();
  await page.getByRole('heading', { name: 'Payment Instructions' }).waitFor();
  await page.getByRole('img', { name: /^QR code to pay 150\.\d{6} USDC$/ }).waitFor();
  const shownId = await page
    .getByRole('term')
    .filter({ hasText: 'Transaction ID' })
    .locator('xpath=following-sibling::dd')
    .textContent();

  expectRetriedWithSameKey(faults.attempts(), 201);
  const deposits = await transactionsOf(page.request);
  expect(deposits).toMatchObject([
    { id: Number(shownId), amount: 150, coinType: 'usdc', status: 'pending' },
  ]);
});

test('a notification deleted whose answer was lost: retried with its key, that one notification gone', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(LOST_ANSWER_CONSOLE_ERROR);
  await openApp(page);
  await signInAsDemo(page);
  // A campaign made now: its notification is the newest.
  const username = await freeProfile(page.request, 'ma');
  await openCampaign(page.request, username);
  const before = await notificationsOf(page.request);
  const note = before.data[0]!;
  expect(note.message).toContain(`Your campaign for ${username} was created with`);
  const left = before.pagination.totalItems - 1;
  const pages = Math.ceil(left / before.pagination.itemsPerPage);

  const faults = await faultAnswers(page, 'delete-notification', loseFirstAnswer);
  await page.goto('/notifications');
  await page
    .getByRole('group', { name: note.message })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete Notification' })
    .getByRole('button', { name: 'Yes, Delete' })
    .click();
  await page.getByText(`Page 1 of ${pages} · ${left} notifications`, { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: note.message, exact: true }).count()).toBe(0);

  expectRetriedWithSameKey(faults.attempts(), 200);
  const after = await notificationsOf(page.request);
  expect(after.pagination.totalItems).toBe(left);
  expect(after.data.map((kept) => kept.id)).not.toContain(note.id);
  expect(after.data.slice(0, 4)).toEqual(before.data.slice(1, 5));
  await pauseCampaign(page.request, username);
});

/** Opens the change-password form on /account and sends the change. */
async function changePassword(page: Page, current: string, next: string) {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByLabel('Current Password', { exact: true }).fill(current);
  await page.getByLabel('New Password', { exact: true }).fill(next);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Update Password' }).click();
}

test('a change of password whose answer was lost: retried with its key, it succeeds; the new password signs in, the old one not', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(LOST_ANSWER_CONSOLE_ERROR);
  await openApp(page);
  const advertiser = newAdvertiser();
  await registerByApi(page, advertiser);
  // Not the username (issue 32 refuses a new password that contains it).
  const newPassword = `${advertiser.password}-second`;

  const faults = await faultAnswers(page, 'auth/change-password', loseFirstAnswer);
  await changePassword(page, advertiser.password, newPassword);
  await success(page, 'Password changed successfully!').waitFor();

  expectRetriedWithSameKey(faults.attempts(), 200);
  expect(await signInStatus(advertiser.email, newPassword)).toBe(200);
  expect(await signInStatus(advertiser.email, advertiser.password)).toBe(401);
  // The session that changed it stays signed in.
  expect((await page.request.get('/api/auth/check-auth')).status()).toBe(200);
});

test('a deposit request whose answer is slow: the button says it is working, then "Still working...", then its payment instructions', async ({
  page,
}) => {
  await openApp(page);
  await registerByApi(page, newAdvertiser());

  // Held past the 3 s after which a write says it is still working, well within its 12 s timeout.
  const faults = await faultAnswers(page, 'top-up-balance-v2', () => ({ holdMs: 4_500 }));
  await page.goto('/topup-balance');
  await page.getByRole('radio', { name: /^USDC/ }).check();
  await page.getByLabel('Amount (USD)').fill('150');
  await page.getByRole('button', { name: 'Create Transaction' }).click();
  const working = page.getByRole('button', { name: 'Creating...' });
  await working.waitFor();
  expect(await working.isDisabled()).toBe(true);
  expect(await page.getByText(STILL_WORKING).count()).toBe(0);
  await page.getByRole('status').getByText(STILL_WORKING, { exact: true }).waitFor();
  expect(await working.isDisabled()).toBe(true);
  await page.getByRole('heading', { name: 'Payment Instructions' }).waitFor();
  expect(await page.getByText(STILL_WORKING).count()).toBe(0);

  const [attempt] = faults.attempts();
  expect(faults.attempts()).toEqual([
    { idempotencyKey: attempt?.idempotencyKey, status: 201, replayed: false },
  ]);
  expect(await transactionsOf(page.request)).toMatchObject([
    { amount: 150, coinType: 'usdc', status: 'pending' },
  ]);
});

test('a top-up whose answer is lost and whose retries all fail: "We could not confirm this yet", then once the connection is back the success, debited once', async ({
  context,
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(LOST_ANSWER_CONSOLE_ERROR);
  consoleErrors.allow({ text: /net::ERR_INTERNET_DISCONNECTED/ });
  await openApp(page);
  await signInAsDemo(page);
  const username = await freeProfile(page.request, 'fi');
  await openCampaign(page.request, username);
  const before = await balanceCents(page.request);

  // The first answer is lost as the connection goes: the retries (after 1, 2 and 4 s) all fail.
  const faults = await faultAnswers(page, 'top-up-money-deposited', async (attempt) => {
    if (attempt > 0) return 'pass';
    await context.setOffline(true);
    return 'lose';
  });
  const dialog = await topUpOnCampaignsPage(page, username, '25');
  await dialog
    .getByRole('status')
    .getByText(UNCONFIRMED, { exact: true })
    .waitFor({ timeout: 15_000 });
  expect(await dialog.getByRole('button', { name: 'Processing...' }).isDisabled()).toBe(true);
  const key = faults.attempts()[0]?.idempotencyKey;
  const retryOffline = { idempotencyKey: key, replayed: false, failure: 'InternetDisconnected' };
  expect(faults.attempts()).toEqual([
    { idempotencyKey: key, status: 200, replayed: false },
    retryOffline,
    retryOffline,
    retryOffline,
  ]);

  await context.setOffline(false);
  // The app finds the server back with its next probe (every 5 s), then asks again with the key.
  await success(page, `Campaign for ${username} topped up successfully`).waitFor({
    timeout: 15_000,
  });
  expect(faults.attempts().slice(4)).toEqual([
    { idempotencyKey: key, status: 200, replayed: true },
  ]);
  expect(await balanceCents(page.request)).toBe(before - 2_500);
  const campaigns = await campaignsOf(page.request);
  expect(campaigns.filter((campaign) => campaign.Profile.username === username)).toMatchObject([
    { status: true, amount_deposit: 125, amount_remaining: 125 },
  ]);
  await pauseCampaign(page.request, username);
});
