import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPartnerSimulator, type PartnerSimulator } from '@/dev/partner-simulator';
import { forgotPassword, loginWithPartner, resetPassword } from '@/shared/contract/auth';
import { confirmIdentity as confirmIdentityEndpoint } from '@/shared/contract/identity';
import { login as loginEndpoint } from '@/shared/contract/login';
import {
  addPasskey,
  getPasskeys,
  passkeyAddOptions,
  removePasskey,
} from '@/shared/contract/passkeys';
import { changeEmail } from '@/shared/contract/profile';
import { enableTwoFactor, setUpTwoFactor, twoFactorStatus } from '@/shared/contract/two-factor';
import { SoftAuthenticator } from '../../helpers/soft-authenticator';
import {
  answerOf,
  confirmIdentity,
  databaseKinds,
  MAIL_WAIT_MS,
  readOutbox,
  registerUser,
  TEST_APP_URL,
  type TestClient,
  tokenOf,
  waitForMail,
} from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

/**
 * Issue 32 points 8 and 10: a session alone changes nothing of how the account signs in (a recent
 * proof of the owner is needed, the sign-in not counting), and a password change or reset mails
 * the owner.
 */

const PROOF_REQUIRED = {
  success: false,
  message:
    "Please confirm it's you first: this change needs your password or a code from your authenticator app.",
  code: 'proof_required',
};
const CONFIRMED = {
  success: true,
  message: "Thanks, it's you. For the next 10 minutes you can change how you sign in.",
};
const WRONG_PASSWORD = { success: false, message: 'Current password is incorrect' };
const INVALID_CODE = {
  success: false,
  message: 'The code is not valid. Check your authenticator app and try again.',
};
const PASSWORD = 'correct-horse-1';

type Options = { challenge: string; user: { id: string } };

async function optionsOf(client: TestClient): Promise<Options> {
  const answer = await client.call(passkeyAddOptions);
  expect(answer.status).toBe(200);
  return JSON.parse(answerOf(answer).options) as Options;
}

describe.each(databaseKinds())('proof of the owner on %s', (kind) => {
  let partner: PartnerSimulator;

  beforeAll(async () => {
    partner = await startPartnerSimulator({
      port: 0,
      accounts: [{ username: 'ip_partner', password: 'ip-secret', email: 'ip@partner.example' }],
    });
  });
  afterAll(() => partner?.stop());
  const t = useTestApp(kind, () => ({ PARTNER_URL: partner.url }));

  /** A new browser signed in with the password: a session fresh from its sign-in. */
  async function signedIn(email: string): Promise<TestClient> {
    const browser = t.server.client();
    expect((await browser.call(loginEndpoint, { email, password: PASSWORD })).status).toBe(200);
    return browser;
  }

  it('a stolen session cookie fresh from sign-in changes nothing of how the account signs in', async () => {
    const { client: owner, registration } = await registerUser(t.server);
    const authenticator = new SoftAuthenticator(TEST_APP_URL);
    await confirmIdentity(owner);
    const credential = authenticator.create(await optionsOf(owner));
    const added = await owner.call(addPasskey, {
      credential,
    });
    expect(added.status).toBe(200);

    // The owner signs in on another browser; its cookie is stolen.
    const thief = (await signedIn(registration.email)).clone();
    expect(await thief.call(setUpTwoFactor)).toMatchObject({
      status: 403,
      body: PROOF_REQUIRED,
    });
    expect(await thief.call(enableTwoFactor, { code: '123456' })).toMatchObject({
      status: 403,
      body: PROOF_REQUIRED,
    });
    expect(await thief.call(passkeyAddOptions)).toMatchObject({
      status: 403,
      body: PROOF_REQUIRED,
    });
    const thiefKey = new SoftAuthenticator(TEST_APP_URL).create({
      challenge: 'AAAA',
      user: { id: 'AAAA' },
    });
    expect(await thief.call(addPasskey, { credential: thiefKey })).toMatchObject({
      status: 403,
      body: PROOF_REQUIRED,
    });
    expect(await thief.call(removePasskey, { id: answerOf(added).passkey.id })).toMatchObject({
      status: 403,
      body: PROOF_REQUIRED,
    });
    expect(
      await thief.post('/api/account/change-email', { newEmail: 'thief@example.com' }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Please enter your current password' },
    });
    expect(
      await thief.call(changeEmail, {
        newEmail: 'thief@example.com',
        password: 'guess-1234',
      }),
    ).toMatchObject({ status: 400, body: WRONG_PASSWORD });
    expect(
      await thief.post('/api/auth/change-password', {
        oldPassword: 'guess-1234',
        newPassword: 'thief-owns-it-77',
        confirmNewPassword: 'thief-owns-it-77',
      }),
    ).toMatchObject({ status: 400, body: WRONG_PASSWORD });
    expect(await thief.call(confirmIdentityEndpoint, { password: 'guess-1234' })).toMatchObject({
      status: 400,
      body: WRONG_PASSWORD,
    });
    // Still refused after the wrong guesses.
    expect(await thief.call(setUpTwoFactor)).toMatchObject({ status: 403 });

    expect(await owner.call(twoFactorStatus)).toMatchObject({ body: { enabled: false } });
    expect(await owner.call(getPasskeys)).toMatchObject({
      body: { data: [{ id: answerOf(added).passkey.id }] },
    });
    const outbox = await readOutbox(t.server.outboxDir);
    expect(outbox.filter((mail) => mail.to === 'thief@example.com')).toEqual([]);
  });

  it('the password, given within the 10 minutes before, lets each change through', async () => {
    const { registration } = await registerUser(t.server);
    const browser = await signedIn(registration.email);
    expect(await browser.call(confirmIdentityEndpoint, { password: PASSWORD })).toEqual(
      expect.objectContaining({ status: 200, body: CONFIRMED }),
    );
    const setup = await browser.call(setUpTwoFactor);
    expect(setup.status).toBe(200);
    const totp = new TOTP({ secret: Secret.fromBase32(answerOf(setup).secret) });
    expect((await browser.call(enableTwoFactor, { code: totp.generate() })).status).toBe(200);
    const authenticator = new SoftAuthenticator(TEST_APP_URL);
    const added = await browser.call(addPasskey, {
      credential: authenticator.create(await optionsOf(browser)),
    });
    expect(added.status).toBe(200);
    expect((await browser.call(removePasskey, { id: answerOf(added).passkey.id })).status).toBe(
      200,
    );

    // Eleven minutes later the proof is spent.
    await t.db.query(
      `UPDATE sessions SET proved_at = now() - interval '11 minutes' WHERE proved_at IS NOT NULL
          AND user_id = (SELECT id FROM users WHERE email = $1)`,
      [registration.email],
    );
    expect(await browser.call(passkeyAddOptions)).toMatchObject({
      status: 403,
      body: PROOF_REQUIRED,
    });
    // A current code proves the owner as well; a wrong one does not.
    expect(await browser.call(confirmIdentityEndpoint, { code: '000000' })).toMatchObject({
      status: 400,
      body: INVALID_CODE,
    });
    // The next period's code: the one that turned it on is spent.
    const nextCode = totp.generate({ timestamp: Date.now() + 30_000 });
    expect(await browser.call(confirmIdentityEndpoint, { code: nextCode })).toMatchObject({
      status: 200,
      body: CONFIRMED,
    });
    expect((await browser.call(passkeyAddOptions)).status).toBe(200);

    // The e-mail change carries the password: it works, and proves the owner for what follows.
    expect(
      (
        await browser.call(changeEmail, {
          newEmail: `new-${registration.email}`,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it('a code of a set-up not yet turned on proves nothing', async () => {
    const { client } = await registerUser(t.server);
    await confirmIdentity(client);
    const setup = await client.call(setUpTwoFactor);
    const totp = new TOTP({ secret: Secret.fromBase32(answerOf(setup).secret) });
    const fresh = client.clone();
    await t.db.query('UPDATE sessions SET proved_at = NULL');
    expect(await fresh.call(confirmIdentityEndpoint, { code: totp.generate() })).toMatchObject({
      status: 400,
      body: INVALID_CODE,
    });
  });

  it('an account made by partner login proves itself with its partner password', async () => {
    const browser = t.server.client();
    const partnerLogin = { username: 'ip_partner', password: 'ip-secret' };
    expect(
      (await browser.call(loginWithPartner, partnerLogin, { params: { product: 'partner' } }))
        .status,
    ).toBe(200);
    expect(await browser.call(setUpTwoFactor)).toMatchObject({ status: 403 });
    expect(await browser.call(confirmIdentityEndpoint, { password: 'not-it-1234' })).toMatchObject({
      status: 400,
      body: WRONG_PASSWORD,
    });
    expect(await browser.call(confirmIdentityEndpoint, { password: 'ip-secret' })).toMatchObject({
      status: 200,
      body: CONFIRMED,
    });
    expect((await browser.call(setUpTwoFactor)).status).toBe(200);
  });

  it('mails the owner of a password change and of a reset, with a link to reset it', async () => {
    const { client, registration } = await registerUser(t.server);
    const changed = await client.post('/api/auth/change-password', {
      oldPassword: PASSWORD,
      newPassword: 'changed-horse-22',
      confirmNewPassword: 'changed-horse-22',
    });
    expect(changed.status).toBe(200);
    const changeMail = await waitForMail(
      t.server.outboxDir,
      registration.email,
      'Your PromoClicks password was changed',
    );
    expect(changeMail.link).toBe(`${TEST_APP_URL}/forgot-password`);
    expect(changeMail.text).toContain(
      'The password of your PromoClicks account was changed just now, with the current password.',
    );
    // The old password was the proof: this session may change its sign-in settings now.
    expect((await client.call(setUpTwoFactor)).status).toBe(200);

    await t.server.client().call(forgotPassword, { email: registration.email });
    const resetLink = await waitForMail(
      t.server.outboxDir,
      registration.email,
      'Reset your PromoClicks password',
    );
    const reset = await t.server.client().call(resetPassword, {
      resetPasswordToken: tokenOf(resetLink.link),
      newPassword: 'reset-horse-333',
    });
    expect(reset.status).toBe(200);
    const resetMail = await vi.waitFor(
      async () => {
        const mails = (await readOutbox(t.server.outboxDir)).filter(
          ({ to, subject }) =>
            to === registration.email && subject === 'Your PromoClicks password was changed',
        );
        expect(mails).toHaveLength(2);
        return mails[1]!;
      },
      { timeout: MAIL_WAIT_MS },
    );
    expect(resetMail.link).toBe(`${TEST_APP_URL}/forgot-password`);
    expect(resetMail.text).toContain(
      'The password of your PromoClicks account was reset just now, with a link mailed to this address.',
    );
  });
});
