import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { parseCatalogueFeed, upsertProfiles } from '@/server/domain/campaigns/catalogue';
import { postLedgerEntry } from '@/server/domain/ledger';
import { newCampaign } from '@/shared/contract/campaigns';
import {
  openTestDatabase,
  registerUser,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../helpers/server';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';

/**
 * Issue 6: text that came from outside (the partner's catalogue, a registration form) is shown as
 * text and never runs. The catalogue rows go in through the feed parser and upsert of the import
 * command, so this test runs its own server (the whole app, on its own PGlite) next to run.ts's one.
 * Every payload would set `window.__xss` or open a dialog if it ran.
 */

const FULL_NAMES = [
  `<img src=x onerror="window.__xss='img in full_name'">`,
  `<script>window.__xss='script in full_name'</script>`,
  `<a href="javascript:window.__xss='link in full_name'">Open me</a>`,
  `javascript:window.__xss='bare javascript: full_name'`,
  `"><svg onload=alert('svg in full_name')>`,
];
/** Passes the feed's avatar rule (a path, no spaces) and would break out of an unescaped src="…". */
const AVATAR = `/avatars/none.svg"onerror="window.__xss='avatar'"x="`;
const USERNAMES = FULL_NAMES.map((_, i) => `xss.creator${i}`);

let database: TestDatabase;
let server: TestApp;
let advertiser: { email: string; password: string };

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  server = await startTestApp(database.db, {
    STATIC_DIR: e2eEnv.staticDir,
  });
  const feed = FULL_NAMES.map((fullName, i) =>
    JSON.stringify({
      username: USERNAMES[i],
      full_name: fullName,
      avatar: AVATAR,
      likes: 100 - i,
      photos_count: 1,
      videos_count: 1,
      subscribe_price: 9.99,
    }),
  ).join('\n');
  const parsed = parseCatalogueFeed(feed);
  expect(parsed.errors).toEqual([]);
  expect(await upsertProfiles(database.db, parsed.profiles)).toBe(FULL_NAMES.length);

  const { client, registration, userId } = await registerUser(server, { verified: true });
  advertiser = registration;
  await database.db.transaction((tx) =>
    postLedgerEntry(tx, { userId, amountCents: 200_000, kind: 'demo-grant' }),
  );
  for (const username of USERNAMES) {
    const created = await client.call(newCampaign, {
      username,
      package_id: 1,
      amount_deposit: 100,
    });
    expect(created.status).toBe(201);
  }
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** Watches for a payload that ran: a dialog, or the flag every payload sets. */
function watchForScript(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** Nothing ran, and nothing that could run later is in the document. */
async function expectInert(page: Page, seen: { dialogs: string[] }) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
  const live = await page.evaluate(() => ({
    handlers: [...document.querySelectorAll('*')]
      .filter((element) => [...element.attributes].some((a) => /^on/i.test(a.name)))
      .map((element) => element.outerHTML.slice(0, 120)),
    javascriptLinks: [...document.querySelectorAll('[href]')]
      .map((element) => element.getAttribute('href') ?? '')
      .filter((href) => /^\s*javascript:/i.test(href)),
    injected: document.querySelectorAll(
      '#root script, #root svg[onload], #root a[href^="javascript"]',
    ).length,
  }));
  expect(live).toEqual({ handlers: [], javascriptLinks: [], injected: 0 });
}

async function expectNamesAsText(page: Page) {
  for (const fullName of FULL_NAMES) {
    await page.getByText(fullName, { exact: true }).first().waitFor();
  }
}

test('creator names and avatars from the partner catalogue are shown as text and never run', async ({
  page,
  consoleErrors,
}) => {
  // The avatar path names no file: the browser logs its 404.
  consoleErrors.allow({ text: /status of 404/, url: /\/avatars\// });
  const seen = watchForScript(page);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(advertiser.email);
  await page.getByLabel('Password', { exact: true }).fill(advertiser.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();
  await expectNamesAsText(page);
  await expectInert(page, seen);

  await page.goto(`${server.url}/campaigns`);
  await expectNamesAsText(page);
  await expectInert(page, seen);

  await page.goto(`${server.url}/create-campaign`);
  await page.getByRole('searchbox', { name: 'Search creators' }).fill('xss.creator');
  await expectNamesAsText(page);
  const avatars = await page
    .locator('img[src*="none.svg"]')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
  expect(avatars.length).toBeGreaterThan(0);
  expect(new Set(avatars)).toEqual(new Set([AVATAR]));
  await expectInert(page, seen);
});

test('a registration username with markup is refused with the form message and never runs', async ({
  page,
  consoleErrors,
}) => {
  // The server refuses the username: the browser logs the 400.
  consoleErrors.allow({ text: /status of 400/, url: /\/api\/auth\/register$/ });
  const seen = watchForScript(page);
  await page.goto(`${server.url}/register`);
  await page.getByLabel('Username').fill('<img src=x onerror=alert(1)>');
  await page.getByLabel('Email').fill('xss-register@example.com');
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('long-enough-1');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page
    .getByText('Username may only contain letters, digits, dots, dashes and underscores')
    .waitFor();
  expect(new URL(page.url()).pathname).toBe('/register');
  await expectInert(page, seen);
  const [row] = await database.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE email = 'xss-register@example.com'`,
  );
  expect(row!.n).toBe(0);
});
