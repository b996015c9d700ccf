import type { APIRequestContext, Locator, Page } from 'playwright-core';
import type { Notification, Pagination } from '@/shared/contract/notifications';
import { newAdvertiser, registerByApi } from './support/app';
import { accessibilityViolations } from './support/axe';
import { payOnDevChain } from './support/dev-pay';
import { expect, test } from './support/fixtures';
import { balanceCents, freeProfile, openCampaign, pauseCampaign } from './support/server-state';

/**
 * Issue 17: deleting notifications cannot be undone, so every Delete button of /notifications asks
 * first, saying how many would go; only "Yes, Delete" sends the delete.
 */

/** Every notification the server keeps for the advertiser, newest first, page after page. */
async function allNotifications(api: APIRequestContext): Promise<Notification[]> {
  const kept: Notification[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.post('/api/get-notifications', { data: { page } });
    expect(answer.status()).toBe(200);
    const { data, pagination } = (await answer.json()) as {
      data: Notification[];
      pagination: Pagination;
    };
    kept.push(...data);
    if (pagination.currentPage >= pagination.totalPages) return kept;
  }
}

const ids = (notes: Notification[]) => notes.map((note) => note.id);
const keptIds = async (api: APIRequestContext) => ids(await allNotifications(api));

/**
 * Seven notifications for a fresh advertiser, newest first: a $300 deposit credited, then three
 * campaigns each opened and paused (pausing refunds it, so the balance never drops below $100).
 */
async function sevenNotifications(api: APIRequestContext): Promise<Notification[]> {
  const deposit = await api.post('/api/top-up-balance-v2', {
    data: { amount: 300, coinType: 'usdt' },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  await payOnDevChain(((await deposit.json()) as { data: { id: number } }).data.id);
  await expect.poll(() => balanceCents(api), { timeout: 15_000 }).toBe(30_000);
  for (let campaign = 0; campaign < 3; campaign += 1) {
    const username = await freeProfile(api, 'an');
    await openCampaign(api, username);
    await pauseCampaign(api, username);
  }
  const notes = await allNotifications(api);
  expect(notes).toHaveLength(7);
  return notes;
}

/** The messages of the notifications listed on the page, in order. */
async function listedMessages(page: Page): Promise<string[]> {
  const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  return items.evaluateAll((elements) =>
    elements.map((item) => item.querySelector('button[aria-expanded]')!.textContent ?? ''),
  );
}

const hasFocus = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** The open question, checked word for word; it starts on Cancel, the harmless answer. */
async function question(page: Page, count: number): Promise<Locator> {
  const dialog = page.getByRole('dialog', {
    name: count === 1 ? 'Delete Notification' : 'Delete Notifications',
  });
  await dialog
    .getByText(
      `Are you sure you want to delete ${count} notification${count === 1 ? '' : 's'}? This action cannot be undone.`,
      { exact: true },
    )
    .waitFor();
  await expect.poll(() => hasFocus(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true);
  return dialog;
}

async function confirm(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The button that opened it is gone or disabled now: the page's content has the focus, not the
  // body at the top of the page.
  await expect.poll(() => dialog.page().evaluate(() => document.activeElement?.id)).toBe('main');
}

test('each Delete asks first with how many go; Cancel and Escape delete nothing and give the focus back, "Yes, Delete" deletes exactly those', async ({
  context,
  page,
}) => {
  await registerByApi(page, newAdvertiser());
  const notes = await sevenNotifications(page.request);
  const deletes: string[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/api/delete-notification')) deletes.push(request.url());
  });
  await page.goto('/notifications');
  await page.getByText('Page 1 of 2 · 7 notifications', { exact: true }).waitFor();

  // One: Cancel, then Escape, leave it; the focus is back on its Delete button each time.
  const deleteNewest = page
    .getByRole('group', { name: notes[0]!.message })
    .getByRole('button', { name: 'Delete', exact: true });
  await deleteNewest.click();
  let dialog = await question(page, 1);
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(deleteNewest)).toBe(true);
  await deleteNewest.click();
  dialog = await question(page, 1);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(deleteNewest)).toBe(true);
  await page.waitForTimeout(500);
  expect(deletes).toEqual([]);
  expect(await keptIds(page.request)).toEqual(ids(notes));

  await deleteNewest.click();
  await confirm(await question(page, 1));
  await page.getByText('Page 1 of 2 · 6 notifications', { exact: true }).waitFor();
  expect(await listedMessages(page)).toEqual(notes.slice(1, 6).map((note) => note.message));
  expect(await keptIds(page.request)).toEqual(ids(notes.slice(1)));

  // The selected two.
  for (const note of [notes[1]!, notes[3]!]) {
    await page.getByRole('checkbox', { name: `Select notification: ${note.message}` }).check();
  }
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  await confirm(await question(page, 2));
  await page.getByText('Page 1 of 1 · 4 notifications', { exact: true }).waitFor();
  const left = [notes[2]!, ...notes.slice(4)];
  expect(await listedMessages(page)).toEqual(left.map((note) => note.message));
  expect(await keptIds(page.request)).toEqual(ids(left));

  // All four on the page.
  await page.getByRole('button', { name: 'Delete All on This Page' }).click();
  await confirm(await question(page, 4));
  await page.getByRole('heading', { name: 'No notifications yet' }).waitFor();

  expect(await keptIds(page.request)).toEqual([]);
  expect(deletes).toHaveLength(3);
});
