import type { Page } from 'playwright-core';
import { DEMO_ADVERTISER } from '@/dev/environment';
import { SHELL_TITLES } from '@/features/shell/static-shell';
import { expect, test } from './support/fixtures';

/**
 * Holds back the app's code (every script but the boot script, src/boot.ts) until the returned
 * function is called, so the app shell of index.html can be looked at on its own.
 */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function headingBox(page: Page, name: string) {
  const box = await page.getByRole('heading', { level: 1, name }).boundingBox();
  if (!box) throw new Error(`no heading "${name}" on screen`);
  return box;
}

test('the sign-in page shows its frame, title and a spinner before its code runs, then the form in their place', async ({
  page,
}) => {
  const release = await holdAppCode(page);
  await page.goto('/login');
  const shellHeading = await headingBox(page, 'Welcome back');
  expect(await page.getByText('Sign in to your account').isVisible()).toBe(true);
  expect(await page.getByRole('status').innerText()).toBe('Loading...');
  expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);

  release();
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  const pageHeading = await headingBox(page, 'Welcome back');
  expect(pageHeading.x).toBe(shellHeading.x);
  expect(pageHeading.width).toBe(shellHeading.width);
  expect(pageHeading.height).toBe(shellHeading.height);
  // The shell's card is about as tall as the form that takes its place: the title barely moves.
  expect(Math.abs(pageHeading.y - shellHeading.y)).toBeLessThan(1);
  expect(await page.locator('#shell > *').count()).toBe(0);
  expect(await page.getByText('Loading...').count()).toBe(0);
});

test('the dashboard shows its frame and title before its code runs, exactly where the page draws them', async ({
  context,
  page,
}) => {
  const signIn = await context.request.post('/api/auth/login', {
    data: { email: DEMO_ADVERTISER.email, password: DEMO_ADVERTISER.password },
  });
  expect(signIn.status()).toBe(200);
  const release = await holdAppCode(page);
  await page.goto('/dashboard');
  const shellHeading = await headingBox(page, 'Campaign Dashboard');
  expect(await page.getByText('An overview of your promotion campaigns').isVisible()).toBe(true);
  expect(await page.getByRole('status').innerText()).toBe('Loading...');
  expect(await page.getByRole('link', { name: 'New Campaign' }).count()).toBe(0);

  release();
  await page.getByRole('link', { name: 'New Campaign' }).first().waitFor();
  expect(await headingBox(page, 'Campaign Dashboard')).toEqual(shellHeading);
  expect(await page.locator('#shell > *').count()).toBe(0);
  expect(await page.getByText('Loading...').count()).toBe(0);
});

test('a page the shell has no title for shows its frame and the spinner, then the page', async ({
  page,
}) => {
  const release = await holdAppCode(page);
  await page.goto('/forgot-password');
  expect(await page.getByText('PromoClicks').isVisible()).toBe(true);
  expect(await page.getByRole('status').innerText()).toBe('Loading...');
  expect(await page.getByRole('heading').count()).toBe(0);

  release();
  await page.getByRole('heading', { level: 1, name: 'Forgot password?' }).waitFor();
  expect(await page.locator('#shell > *').count()).toBe(0);
});

test("the shell's titles are the pages' own", async ({ context, page }) => {
  const signIn = await context.request.post('/api/auth/login', {
    data: { email: DEMO_ADVERTISER.email, password: DEMO_ADVERTISER.password },
  });
  expect(signIn.status()).toBe(200);
  const signedOutOnly = ['/login', '/register'];
  for (const [path, [title, subtitle]] of Object.entries(SHELL_TITLES)) {
    if (signedOutOnly.includes(path)) continue;
    await page.goto(path);
    await page.locator('#root h1').waitFor();
    expect(await page.locator('#root h1').innerText(), path).toBe(title);
    expect(await page.locator('#root h1 + p').innerText(), path).toBe(subtitle);
  }
  await context.clearCookies();
  for (const path of signedOutOnly) {
    await page.goto(path);
    await page.locator('#root h1').waitFor();
    expect(await page.locator('#root h1').innerText(), path).toBe(SHELL_TITLES[path]![0]);
    expect(await page.locator('#root h1 + p').innerText(), path).toBe(SHELL_TITLES[path]![1]);
  }
});
