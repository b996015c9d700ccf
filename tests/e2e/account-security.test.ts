import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';

/** Issue 16: two-factor sign-in and passkeys, set up on /account and used to sign in, on a phone. */

function newAdvertiser() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `sec_${id}`, email: `sec-${id}@example.com`, password: `first-pass-${id}` };
}

async function registerAndSignIn(page: Page) {
  const advertiser = newAdvertiser();
  const registered = await fetch(`${e2eEnv.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...advertiser, confirmPassword: advertiser.password, agreeTerms: true }),
  });
  expect(registered.status).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signInWithPassword(page, advertiser.email, advertiser.password);
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();
  return advertiser;
}

/** A card of /account, by its heading. */
function cardOf(page: Page, title: string) {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) });
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Issue 32 point 8: a change to how the account signs in asks "Confirm it's you" first. */
async function confirmItsMe(page: Page, password: string) {
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The account page's Logout (quick actions), then back to the sign-in form. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).last().click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/login');
}

test('two-factor sign-in: set up with the key and a first code, then every sign-in asks for a code', async ({
  page,
  consoleErrors,
}) => {
  // The set-up's first answer: "Confirm it's you" (issue 32 point 8).
  consoleErrors.allow({ text: /status of 403/, url: /\/api\/auth\/two-factor\/setup$/ });
  const advertiser = await registerAndSignIn(page);
  await page.goto('/account');
  const card = cardOf(page, 'Two-factor sign-in');
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await confirmItsMe(page, advertiser.password);
  await card
    .getByRole('img', { name: 'QR code to add PromoClicks to your authenticator app' })
    .waitFor();
  const key = (await card.getByText(/^[A-Z2-7]{32}$/).textContent())!;
  const totp = new TOTP({ secret: Secret.fromBase32(key) });
  await card.getByLabel('6-digit code').fill(totp.generate());
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  await card.getByRole('button', { name: 'I saved my codes' }).click();
  await card.getByText('Recovery codes left: 10.', { exact: false }).waitFor();

  await signOut(page);
  await signInWithPassword(page, advertiser.email, advertiser.password);
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  // The code of the next period: the one that turned it on was used.
  await page
    .getByLabel('Authentication code')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();
});

test('passkeys: added on /account with the device, then a sign-in with no password', async ({
  page,
  context,
  consoleErrors,
}) => {
  // The ceremony's first answer: "Confirm it's you" (issue 32 point 8).
  consoleErrors.allow({ text: /status of 403/, url: /\/api\/auth\/passkeys\/options$/ });
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const advertiser = await registerAndSignIn(page);
  await page.goto('/account');
  const card = cardOf(page, 'Passkeys');
  await card.getByText('No passkeys yet.').waitFor();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await confirmItsMe(page, advertiser.password);
  await card.getByText('Passkey added. You can now sign in with it.').waitFor();
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await list.getByRole('button', { name: /^Rename Passkey on / }).waitFor();
  await card.getByRole('button', { name: /^Rename/ }).click();
  await card.getByLabel('Passkey name').fill('My phone');
  await card.getByRole('button', { name: 'Save' }).click();
  await list.getByRole('button', { name: 'Rename My phone' }).waitFor();

  await signOut(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await page.getByRole('heading', { name: 'Campaign Dashboard' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
});
