import type { BrowserContext, Page } from 'playwright-core';
import {
  checkAuthStatus,
  clickSidebarLogout,
  newAdvertiser,
  registerByApi,
  sessionCookieHeader,
  storedData,
  waitForControllingWorker,
} from './support/app';
import { expect, test } from './support/fixtures';

/** The list screens whose answers are kept for offline reading, visited once online. */
const SCREENS = ['/dashboard', '/transactions', '/notifications', '/account'];

async function sessionToEnd(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('promo-session-to-end'));
}

async function expectSignInPage(page: Page, email: string) {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  expect(await page.locator('body').innerText()).not.toContain(email);
}

/** A fresh advertiser signed in, with every list screen visited (its answers kept). */
async function signedInWithKeptAnswers(context: BrowserContext, page: Page) {
  const advertiser = newAdvertiser();
  await page.goto('/');
  await waitForControllingWorker(page);
  await registerByApi(page, advertiser);
  for (const screen of SCREENS) {
    await page.goto(screen);
    await page.waitForLoadState('networkidle');
  }
  await page.getByText(advertiser.email).first().waitFor();
  const cookie = await sessionCookieHeader(context);
  expect(await checkAuthStatus(cookie)).toBe(200);
  return { advertiser, cookie };
}

/**
 * Chromium's offline mode leaks now and then (up to one run in three here, and in CI): with a service
 * worker in control, a page's request may still go out on a connection opened before, unseen by the
 * test's network routes, so the logout made offline reaches the server while the page saw it fail.
 * That is the browser's emulation, not the app; a second try runs the test again in a fresh browser.
 */
const CHROMIUM_OFFLINE_LEAK = { retry: 3 };

test(
  'logout offline forgets the user at once, a reload offline shows nothing of them, and the session ends once online',
  CHROMIUM_OFFLINE_LEAK,
  async ({ context, page, consoleErrors }) => {
    const { advertiser, cookie } = await signedInWithKeptAnswers(context, page);
    consoleErrors.allow({ text: /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/ });
    await context.setOffline(true);
    await page.goto('/dashboard');
    await page.getByTestId('offline-banner').waitFor();
    await clickSidebarLogout(page);
    await expectSignInPage(page, advertiser.email);
    const stored = await storedData(page);
    expect(stored.answers).toEqual([]);
    expect(stored.local).not.toContain(advertiser.email);
    expect(stored.local).not.toContain(advertiser.username);
    expect(await sessionToEnd(page)).toBe('1');

    // Still offline: a reload or a signed-in page opens the sign-in page, the cookie notwithstanding.
    await page.reload();
    await expectSignInPage(page, advertiser.email);
    for (const screen of SCREENS) {
      await page.goto(screen);
      await expectSignInPage(page, advertiser.email);
    }
    expect(await checkAuthStatus(cookie)).toBe(200);

    // Back online, the first request ends the server session, and its mark goes.
    await context.setOffline(false);
    // Seen from the server: a page's request that its service worker leaves to the network is not
    // always reported to the test's listeners.
    await expect.poll(() => checkAuthStatus(cookie), { timeout: 15_000 }).toBe(401);
    await expect.poll(() => sessionToEnd(page), { timeout: 5_000 }).toBeNull();
    await page.goto('/dashboard');
    await expectSignInPage(page, advertiser.email);
  },
);

test('after a logout whose session was not ended, signing in again works and the old session is over', async ({
  context,
  page,
  consoleErrors,
}) => {
  const { advertiser, cookie } = await signedInWithKeptAnswers(context, page);
  // Every logout request fails on the server: only the sign-in can end the old session.
  consoleErrors.allow({ text: /status of 503/, url: /\/api\/auth\/logout$/ });
  await page.route('**/api/auth/logout', (route) =>
    route.fulfill({ status: 503, json: { success: false, message: 'Service unavailable' } }),
  );
  await page.goto('/dashboard');
  await clickSidebarLogout(page);
  await expectSignInPage(page, advertiser.email);
  expect(await sessionToEnd(page)).toBe('1');
  expect(await checkAuthStatus(cookie)).toBe(200);

  await page.goto('/login');
  await page.getByLabel('Email').fill(advertiser.email);
  await page.getByLabel('Password', { exact: true }).fill(advertiser.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();
  expect(await sessionToEnd(page)).toBeNull();
  expect(await checkAuthStatus(cookie)).toBe(401);
  await page.reload();
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();
});
