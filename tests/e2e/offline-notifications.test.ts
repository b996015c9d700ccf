import type { Page } from 'playwright-core';
import { OFFLINE_MESSAGE } from '@/lib/offline';
import { REQUESTED_WITH, REQUESTED_WITH_HEADER } from '@/shared/requested-with';
import { signInAsDemo, waitForControllingWorker } from './support/app';
import { expect, test } from './support/fixtures';

interface Notification {
  id: number;
  message: string;
  read: boolean;
}

async function firstPage(page: Page): Promise<Notification[]> {
  const answer = await page.request.post('/api/get-notifications', { data: { page: 1 } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Notification[] }).data;
}

/** A profile the demo advertiser has no campaign for. */
async function freeProfile(page: Page): Promise<string> {
  const search = await page.request.post('/api/search-profiles', { data: { query: 'an' } });
  const found = ((await search.json()) as { data: { username: string }[] }).data;
  const ours = await page.request.get('/api/bought-ads-by-client');
  const taken = new Set(
    ((await ours.json()) as { data: { Profile: { username: string } }[] }).data.map(
      (campaign) => campaign.Profile.username,
    ),
  );
  return found.map((profile) => profile.username).find((name) => !taken.has(name))!;
}

/** The messages of the notifications listed on the page, in order. */
async function listedMessages(page: Page): Promise<string[]> {
  const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  return items.evaluateAll((elements) =>
    elements.map((item) => item.querySelector('button[aria-expanded]')!.textContent ?? ''),
  );
}

async function showTab(page: Page, name: 'All' | 'Unread' | 'Read') {
  await page
    .getByRole('group', { name: 'Show' })
    .getByRole('button', { name, exact: true })
    .click();
  await page.getByRole('button', { name, exact: true, pressed: true }).waitFor();
}

/** Answers a Delete button's question with "Yes, Delete": the delete is refused only then. */
async function confirmDelete(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function expectRefused(page: Page) {
  const alert = page.getByRole('alert');
  await alert.getByText(OFFLINE_MESSAGE, { exact: true }).waitFor();
  expect(await alert.count()).toBe(1);
}

test('offline, the Unread and Read tabs show only matching last-known notifications, and every action is refused with the offline message', async ({
  context,
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await waitForControllingWorker(page);
  await signInAsDemo(page);
  // A known mix: every older notification read, then a campaign created (read below) and paused
  // (left unread). Pausing refunds the deposit, so the demo balance stays as it was.
  const readAll = await page.request.get('/api/read-all-notifications', {
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH },
  });
  expect(readAll.status()).toBe(200);
  const username = await freeProfile(page);
  const created = await page.request.post('/api/new-campaign', {
    data: { username, package_id: 1, amount_deposit: 100 },
  });
  expect(created.status()).toBe(201);
  const paused = await page.request.post('/api/expire-ad-package', { data: { username } });
  expect(paused.status()).toBe(200);
  const [pausedNote, createdNote] = await firstPage(page);
  expect(pausedNote!.message).toBe(
    `Your campaign for ${username} was paused. $100.00 left of its budget went back to your balance.`,
  );
  expect(createdNote!.message).toContain(`Your campaign for ${username} was created with`);
  const read = await page.request.post('/api/read-notification', {
    data: { notification_id: createdNote!.id },
  });
  expect(read.status()).toBe(200);
  const known = await firstPage(page);
  const readMessages = known.filter((note) => note.read).map((note) => note.message);
  expect(known.filter((note) => !note.read).map((note) => note.message)).toEqual([
    pausedNote!.message,
  ]);

  // Only the All tab's first page is seen online: the other tabs are never asked for.
  await page.goto('/notifications');
  await page.getByRole('list', { name: 'Notifications' }).waitFor();
  expect(await listedMessages(page)).toEqual(known.map((note) => note.message));

  consoleErrors.allow({ text: /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/ });
  const writes: string[] = [];
  context.on('request', (request) => {
    if (
      /\/api\/(delete-notification|read-notification|read-all-notifications)$/.test(request.url())
    )
      writes.push(request.url());
  });
  await context.setOffline(true);
  await page.getByTestId('offline-banner').waitFor();

  await showTab(page, 'Unread');
  expect(await listedMessages(page)).toEqual([pausedNote!.message]);
  await page.getByText('Page 1 of 1 · 1 notification', { exact: true }).waitFor();
  // Opening a notification offline shows it without marking it read.
  const message = page.getByRole('button', { name: pausedNote!.message });
  await message.click();
  expect(await message.getAttribute('aria-expanded')).toBe('true');
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expectRefused(page);
  await page.getByRole('button', { name: 'Mark All Read' }).click();
  await expectRefused(page);

  await showTab(page, 'Read');
  expect(await listedMessages(page)).toEqual(readMessages);
  await page
    .getByText(
      `Page 1 of 1 · ${readMessages.length} notification${readMessages.length === 1 ? '' : 's'}`,
      { exact: true },
    )
    .waitFor();
  await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
  await confirmDelete(page);
  await expectRefused(page);
  await page.getByLabel('Select all on this page').check();
  await page.getByRole('button', { name: `Delete Selected (${readMessages.length})` }).click();
  await confirmDelete(page);
  await expectRefused(page);
  await page.getByRole('button', { name: 'Delete All on This Page' }).click();
  await confirmDelete(page);
  await expectRefused(page);

  // Nothing was sent, then or once the connection is back.
  await context.setOffline(false);
  await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  await page.waitForTimeout(1_500);
  expect(writes).toEqual([]);
  expect(await firstPage(page)).toEqual(known);
});
