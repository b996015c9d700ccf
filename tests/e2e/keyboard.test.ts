import type { Page } from 'playwright-core';
import { generateDemoCatalogue } from '@/dev/demo-catalogue';
import { DEMO_ADVERTISER } from '@/dev/environment';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';

/**
 * Issue 17 point 2: sign-in, the sidebar and a dialog with the keyboard alone; the skip link, the
 * phone menu's focus, the focus ring of a text field, a dialog giving focus back to its opener.
 */

/** What has the focus: its role-ish tag and its accessible text, e.g. `button "Pause"`. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name =
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement
        ? (element.labels?.[0]?.textContent ?? '')
        : (element.textContent ?? ''));
    return `${element.tagName.toLowerCase()} "${name.trim()}"`;
  });
}

/** The dashboard, drawn by the app (not the static shell before it, which has no controls). */
async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await page.locator('#root #sidebar').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
}

/** Presses Tab until `target` has the focus (at most `limit` times); fails naming where it went. */
async function tabTo(page: Page, target: string, limit = 30) {
  const visited: string[] = [];
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now === target) return;
    visited.push(now);
  }
  expect(visited, `Tab never reached ${target}`).toContain(target);
}

test('sign-in, the skip link, the sidebar and a dialog with the keyboard alone', async ({
  page,
}) => {
  const creator = generateDemoCatalogue().filter((profile) => profile.listed)[3]!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await page.getByLabel('Email').waitFor();

  // The first stop skips to the content; the form is next.
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('a "Skip to content"');
  await tabTo(page, 'input "Email"', 3);
  // A text field's ring: the 3 px outline of every control, not a faint shadow.
  expect(
    await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
    }),
  ).toBe('solid 3px rgb(99, 102, 241)');
  await page.keyboard.type(DEMO_ADVERTISER.email);
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('input "Password"');
  await page.keyboard.type(DEMO_ADVERTISER.password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();

  const created = await page.request.post('/api/new-campaign', {
    headers: { origin: e2eEnv.baseUrl },
    data: { username: creator.username, package_id: 1, amount_deposit: 100 },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The skip link takes the focus past the sidebar's links to the page.
  await openDashboard(page);
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('a "Skip to content"');
  await page.keyboard.press('Enter');
  // The content region itself takes the focus (screen readers follow it there), then its first stop.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement)),
  ).toBe(true);

  // The sidebar by keyboard: Campaigns opens its group, Your Campaigns opens the page.
  await openDashboard(page);
  await tabTo(page, 'button "Campaigns"');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('a "Your Campaigns"');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Your Campaigns' }).waitFor();

  // A dialog opened from the keyboard gives the focus back to its opener when Escape closes it.
  const card = page.getByRole('article', { name: `Campaign for ${creator.username}` });
  await card.getByRole('button', { name: 'Pause' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Deactivate Campaign' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  expect(
    await card
      .getByRole('button', { name: 'Pause' })
      .evaluate((button) => button === document.activeElement),
  ).toBe(true);

  // Give the budget back: the other browser tests count the demo balance.
  const paused = await page.request.post('/api/expire-ad-package', {
    headers: { origin: e2eEnv.baseUrl },
    data: { username: creator.username },
  });
  expect(paused.status(), await paused.text()).toBe(200);
});

test('the phone menu keeps the focus while open, and Escape closes it onto its button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const signIn = { email: DEMO_ADVERTISER.email, password: DEMO_ADVERTISER.password };
  expect((await page.request.post('/api/auth/login', { data: signIn })).status()).toBe(200);
  await openDashboard(page);

  // The logo in the top bar and the menu is the app icon's: the letter P on the brand colour.
  const favicon = await (await page.request.get('/favicon.svg')).text();
  expect(favicon).toContain('<path d="M20 46V18h14a10 10 0 0 1 0 20h-7v8z" fill="#fff"/>');
  expect(await page.locator('#root .frame-logo').allTextContents()).toEqual(['P', 'P']);

  await tabTo(page, 'button "Open menu"', 3);
  await page.keyboard.press('Enter');
  expect(await focused(page)).toBe('button "Close menu"');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const stops: string[] = [];
  for (let step = 0; step < 25; step += 1) {
    await page.keyboard.press('Tab');
    const inMenu = await page.evaluate(() => {
      const element = document.activeElement;
      return (
        element === document.querySelector('[aria-controls="sidebar"]') ||
        document.getElementById('sidebar')!.contains(element)
      );
    });
    stops.push(inMenu ? 'menu' : await focused(page));
  }
  // Past the last link the browser's own controls come ("body" here), then the menu again.
  expect(stops.filter((stop) => stop !== 'menu' && stop !== 'body')).toEqual([]);
  expect(stops.filter((stop) => stop === 'menu').length).toBeGreaterThan(20);
  await sidebar.getByRole('link', { name: 'Transactions' }).focus();
  await page.keyboard.press('Escape');
  expect(await focused(page)).toBe('button "Open menu"');
  expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe(
    'false',
  );
});

/** The text a screen reader reads as the field's description: its aria-describedby, in order. */
async function descriptionOf(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((field) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => {
        // As the accessible description is computed: the texts, hidden ones left out.
        const described = document.getElementById(id);
        if (!described) return `#${id} missing`;
        const walker = document.createTreeWalker(described, NodeFilter.SHOW_TEXT);
        const texts: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.parentElement?.closest('[aria-hidden="true"]')) texts.push(node.textContent!);
        }
        return texts
          .map((text) => text.trim())
          .filter(Boolean)
          .join(' ');
      })
      .join(' | '),
  );
}

test('a new password shows its rule before it is typed, and an error names its field', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow({ text: /status of 401/, url: /\/api\/auth\/login$/ });
  await page.goto('/register');
  await page.getByLabel('Username').waitFor();
  expect(await descriptionOf(page, 'Password')).toBe('At least 8 characters.');
  await page.getByText('At least 8 characters.').waitFor();
  expect(
    await page.getByLabel('Confirm Password', { exact: true }).getAttribute('aria-invalid'),
  ).toBeNull();

  await page.getByLabel('Username').fill('someone');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('first-password');
  await page.getByLabel('Confirm Password', { exact: true }).fill('other-password');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('alert').filter({ hasText: "Passwords don't match!" }).waitFor();
  const confirm = page.getByLabel('Confirm Password', { exact: true });
  expect(await confirm.getAttribute('aria-invalid')).toBe('true');
  expect(await descriptionOf(page, 'Confirm Password')).toBe("Error Passwords don't match!");
  // The other fields are not blamed.
  expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBeNull();
  expect(await descriptionOf(page, 'Password')).toBe('At least 8 characters.');

  // A refused sign-in is about both of its fields.
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('alert').waitFor();
  for (const label of ['Email', 'Password']) {
    expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), label).toBe(
      'true',
    );
    expect(await descriptionOf(page, label), label).toBe('Error Invalid email or password');
  }
});
