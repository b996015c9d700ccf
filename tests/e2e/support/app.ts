import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ADVERTISER } from '@/dev/environment';
import { e2eEnv } from './env';
import { expect } from './fixtures';

/** Waits until the page's worker is active and controls the page (after one reload if need be). */
export async function waitForControllingWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
  }
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * Every signed-out page of the spec (issue 17: held by axe and the overflow check), made-up links
 * included: the server refuses those (400), which the browser logs.
 */
export const SIGNED_OUT_PAGES = [
  '/',
  '/login',
  '/login/partner',
  '/register',
  '/forgot-password',
  '/reset-password/not-a-token',
  '/account/verification/not-a-token',
  '/no-such-page',
];
export const REFUSED_MADE_UP_LINKS = {
  text: /status of 400/,
  url: /\/api\/auth\/(reset-password\/check|verify-email)$/,
};

/** A fresh advertiser, so a test shares nothing with the others but the server. */
export function newAdvertiser() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `e2e_${id}`, email: `e2e-${id}@example.com`, password: `first-pass-${id}` };
}

/** Registers through the API; the page's context is then signed in by the answer's cookie. */
export async function registerByApi(page: Page, advertiser: ReturnType<typeof newAdvertiser>) {
  const registered = await page.request.post('/api/auth/register', {
    data: { ...advertiser, confirmPassword: advertiser.password, agreeTerms: true },
  });
  expect(registered.status()).toBe(201);
}

/** Signs the page's context in as the demo advertiser (who has money for campaigns). */
export async function signInAsDemo(page: Page) {
  const signIn = { email: DEMO_ADVERTISER.email, password: DEMO_ADVERTISER.password };
  expect((await page.request.post('/api/auth/login', { data: signIn })).status()).toBe(200);
}

/** The session cookie the context holds now, as a Cookie header. */
export async function sessionCookieHeader(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(e2eEnv.baseUrl);
  expect(cookies.length).toBeGreaterThan(0);
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** The server's status for the session check with this Cookie header, outside the browser. */
export async function checkAuthStatus(cookieHeader: string): Promise<number> {
  const answer = await fetch(`${e2eEnv.baseUrl}/api/auth/check-auth`, {
    headers: { cookie: cookieHeader },
  });
  return answer.status;
}

/** The sidebar's Logout (the account page has one more among its quick actions). */
export async function clickSidebarLogout(page: Page) {
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('button', { name: 'Logout' })
    .click();
}

/** Where a logout left nothing of the user: the kept API answers and local storage. */
export async function storedData(page: Page) {
  return page.evaluate(async () => {
    const answers: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('api-answers-')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) answers.push(request.url);
    }
    return { answers, local: JSON.stringify(localStorage) };
  });
}
