import type { Page } from 'playwright-core';
import { generateDemoCatalogue } from '@/dev/demo-catalogue';
import {
  newAdvertiser,
  REFUSED_MADE_UP_LINKS,
  registerByApi,
  SIGNED_OUT_PAGES,
  signInAsDemo,
} from './support/app';
import { accessibilityViolations } from './support/axe';
import { payOnDevChain } from './support/dev-pay';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';

/**
 * Issue 17 point 1: axe-core on every route of the spec and every dialog, signed in and out, at a
 * phone's and a laptop's width; any violation of impact moderate or higher fails.
 */
const WIDTHS = [390, 1280];

/** Opens `path` at `width`, waits for the app's page (not the static shell before it) and its data. */
async function open(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(path);
  await page.locator('#root h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function expectAccessible(page: Page, what: string) {
  expect(await accessibilityViolations(page), what).toEqual([]);
}

/** A write of the demo advertiser through the API, as the page would send it. */
async function post(page: Page, path: string, data: object, status = 200) {
  const answer = await page.request.post(path, { headers: { origin: e2eEnv.baseUrl }, data });
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as { data: { id: number } };
}

test('the check finds a violation: grey text too faint on white', async ({ page }) => {
  await open(page, '/login', 390);
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.textContent = 'Too faint to read';
    faint.style.color = '#b0b0b0';
    document.querySelector('#root .frame-auth-card')!.append(faint);
  });
  const violations = await accessibilityViolations(page);
  expect(violations).toHaveLength(1);
  expect(violations[0]).toMatch(
    /^color-contrast \(serious\): p\S*: Fix any of the following:\n {2}Element has insufficient color contrast of 2\.\d+ /,
  );
});

test('every signed-out page, its errors shown too, at 390 and 1280 px', async ({
  page,
  consoleErrors,
}) => {
  // The made-up links are refused by the server (400), and so is the wrong password (401).
  consoleErrors.allow(REFUSED_MADE_UP_LINKS);
  consoleErrors.allow({ text: /status of 401/, url: /\/api\/auth\/login$/ });
  // Issue 17 point 5: a visitor's session check is an ordinary answer, never an error the browser
  // logs (Lighthouse best practices).
  const sessionChecks: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/check-auth')) sessionChecks.push(response.status());
  });
  for (const width of WIDTHS) {
    for (const path of SIGNED_OUT_PAGES) {
      await open(page, path, width);
      await expectAccessible(page, `${path} at ${width} px`);
    }
    // The forms with their errors showing.
    await open(page, '/login', width);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').first().waitFor();
    await expectAccessible(page, `/login refused at ${width} px`);
    await open(page, '/register', width);
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByLabel('Confirm Password', { exact: true }).fill('other-password');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').first().waitFor();
    await expectAccessible(page, `/register refused at ${width} px`);
  }
  expect(sessionChecks.length).toBeGreaterThan(0);
  expect(sessionChecks.filter((status) => status !== 200)).toEqual([]);
});

test('every signed-in page, the phone menu open, an unverified account, at 390 and 1280 px', async ({
  page,
}) => {
  const [creator, formCreator] = generateDemoCatalogue().filter((profile) => profile.listed);
  await signInAsDemo(page);
  await post(
    page,
    '/api/new-campaign',
    {
      username: creator!.username,
      package_id: 1,
      amount_deposit: 100,
    },
    201,
  );
  const waiting = (
    await post(page, '/api/top-up-balance-v2', { amount: 100, coinType: 'eth' }, 201)
  ).data.id;
  const paid = (await post(page, '/api/top-up-balance-v2', { amount: 100, coinType: 'usdt' }, 201))
    .data.id;
  await payOnDevChain(paid);
  await expect
    .poll(
      async () => {
        const answer = await post(page, '/api/get-transaction', { transaction_id: paid });
        return (answer.data as unknown as { status: string }).status;
      },
      { timeout: 15_000 },
    )
    .toBe('confirmed');

  const routes = [
    '/dashboard',
    '/create-campaign',
    `/create-campaign/profile/${formCreator!.username}`,
    '/campaigns',
    '/campaign-history',
    `/analytics/${creator!.username}`,
    '/topup-balance',
    `/topup-balance/${waiting}`,
    `/topup-balance/${paid}?view=receipt`,
    '/transactions',
    // Issue 35: the statement, and this month's printable one.
    '/statement',
    `/statement?month=${new Date().toISOString().slice(0, 7)}`,
    '/notifications',
    '/support',
    '/account',
  ];
  for (const width of WIDTHS) {
    for (const path of routes) {
      await open(page, path, width);
      await expectAccessible(page, `${path} at ${width} px`);
    }
  }
  await open(page, '/dashboard', 390);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectAccessible(page, 'the phone menu open');

  await post(page, '/api/expire-ad-package', { username: creator!.username });

  // A new account: the banner asking to verify the e-mail.
  await page.context().clearCookies();
  await registerByApi(page, newAdvertiser());
  for (const width of WIDTHS) {
    await open(page, '/dashboard', width);
    await page.getByText('Please verify your account').waitFor();
    await expectAccessible(page, `an unverified account's dashboard at ${width} px`);
  }
});

test('every dialog of a campaign, at 390 and 1280 px', async ({ page }) => {
  const creator = generateDemoCatalogue().filter((profile) => profile.listed)[2]!;
  await signInAsDemo(page);
  await post(
    page,
    '/api/new-campaign',
    {
      username: creator.username,
      package_id: 1,
      amount_deposit: 100,
    },
    201,
  );
  const card = () => page.getByRole('article', { name: `Campaign for ${creator.username}` });
  const dialog = async (opener: string, title: string, what: string) => {
    await card().getByRole('button', { name: opener }).click();
    await page.getByRole('dialog', { name: title }).waitFor();
    await expectAccessible(page, what);
  };
  for (const width of WIDTHS) {
    await open(page, '/campaigns', width);
    await dialog('Pause', 'Deactivate Campaign', `Deactivate at ${width} px`);
    await page.keyboard.press('Escape');
    await dialog('Top-up', 'Top Up Campaign', `Top-up at ${width} px`);
    await page.keyboard.press('Escape');
    await dialog('Settings', 'Campaign Settings', `Settings at ${width} px`);
    await page.keyboard.press('Escape');
  }
  await post(page, '/api/expire-ad-package', { username: creator.username });
  for (const width of WIDTHS) {
    await open(page, '/campaigns', width);
    await dialog('Reactivate', 'Reactivate Campaign', `Reactivate at ${width} px`);
    await page.getByRole('button', { name: /^New Package/ }).click();
    await page.getByRole('dialog', { name: 'Assign Ad Package' }).waitFor();
    await expectAccessible(page, `Assign Ad Package at ${width} px`);
    await page.keyboard.press('Escape');
    await dialog('Delete', 'Delete Campaign', `Delete at ${width} px`);
    await page.keyboard.press('Escape');
  }
});
