import type { Page } from 'playwright-core';
import { clickSidebarLogout, newAdvertiser, registerByApi, storedData } from './support/app';
import { accessibilityViolations } from './support/axe';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { waitForMail, type OutboxMail } from './support/outbox';

/**
 * Issue 17: mailed links opened again. A spent reset link (or one voided when another was used: issue
 * 32) says so as its page opens, not after both passwords are typed; a verification link of a
 * verified account says it is verified.
 */

const RESET_SUBJECT = 'Reset your PromoClicks password';
const VERIFY_SUBJECT = 'Verify your PromoClicks account';

/** Asks for a reset link outside the browser, and waits for the mail that brings it. */
async function requestResetLink(email: string, previous?: OutboxMail): Promise<OutboxMail> {
  const answer = await fetch(`${e2eEnv.baseUrl}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(answer.status).toBe(200);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = await waitForMail(email, RESET_SUBJECT);
    if (mail.link !== previous?.link) return mail;
    if (Date.now() > deadline) throw new Error(`No new reset mail to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The invalid-link screen, shown with no form to fill in. */
async function expectInvalidResetLink(page: Page) {
  await page.getByRole('heading', { name: 'Invalid reset link' }).waitFor();
  await page.getByText('The reset link is invalid or has expired').waitFor();
  expect(await page.getByLabel('New Password', { exact: true }).count()).toBe(0);
}

test('a spent reset link says at once that it is invalid, and leads to a new one', async ({
  page,
  consoleErrors,
}) => {
  const advertiser = newAdvertiser();
  await registerByApi(page, advertiser);
  await page.context().clearCookies();
  const mail = await requestResetLink(advertiser.email);
  const newPassword = `${advertiser.password}-renewed`;

  await page.goto(mail.link);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByText('Your password has been reset. You can now sign in.').waitFor();

  // The refused check answers 400, which the browser logs by itself.
  consoleErrors.allow({ text: /status of 400/, url: /\/api\/auth\/reset-password\/check$/ });
  await page.goto(mail.link);
  await expectInvalidResetLink(page);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/forgot-password');
});

test('an older reset link still opens the form (issue 32); once one is used, the others say so as they open', async ({
  page,
  consoleErrors,
}) => {
  const advertiser = newAdvertiser();
  await registerByApi(page, advertiser);
  await page.context().clearCookies();
  const older = await requestResetLink(advertiser.email);
  const newer = await requestResetLink(advertiser.email, older);

  // A newer link does not void the one the owner already had: both open the form.
  await page.goto(older.link);
  await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
  await page.goto(newer.link);
  await page.getByLabel('New Password', { exact: true }).waitFor();
  await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
  // The working form passes axe too (issue 17 point 1), at a phone's width and a laptop's.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await accessibilityViolations(page), `reset form at ${width} px`).toEqual([]);
  }

  const newPassword = `${advertiser.password}-renewed`;
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByText('Your password has been reset. You can now sign in.').waitFor();

  // Using one voids them all: the older link now says so before anything is typed.
  consoleErrors.allow({ text: /status of 400/, url: /\/api\/auth\/reset-password\/check$/ });
  await page.goto(older.link);
  await expectInvalidResetLink(page);
});

test('a verification link opened again says the account is verified, signed in and out', async ({
  page,
}) => {
  const advertiser = newAdvertiser();
  await registerByApi(page, advertiser);
  const mail = await waitForMail(advertiser.email, VERIFY_SUBJECT);
  await page.goto(mail.link);
  await page.getByRole('heading', { name: 'Account verified successfully!' }).waitFor();

  // Signed in: the way on is the dashboard.
  await page.goto(mail.link);
  await page.getByRole('heading', { name: 'Your account is already verified' }).waitFor();
  expect(await page.getByText('Invalid verification code').count()).toBe(0);
  expect(await accessibilityViolations(page), 'already verified').toEqual([]);
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();
  expect(await page.getByText('Please verify your account').count()).toBe(0);

  // Signed out: the way on is the sign-in page. The logout leaves for `/` first and forgets the user
  // after (entities/session/api/logout.ts): the link is opened once nothing of them is kept, as a
  // person opening their mail would (opened at once, it failed once in a CI run of 2026-12-07).
  await clickSidebarLogout(page);
  await page.waitForURL((url) => url.pathname === '/');
  await expect
    .poll(async () => (await storedData(page)).local.includes(advertiser.email), {
      timeout: 10_000,
    })
    .toBe(false);
  await page.goto(mail.link);
  await page.getByRole('heading', { name: 'Your account is already verified' }).waitFor();
  await page.getByRole('link', { name: 'Go to login' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
});
