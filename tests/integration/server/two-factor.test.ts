import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPartnerSimulator, type PartnerSimulator } from '@/dev/partner-simulator';
import { loginWithPartner, register as registerEndpoint } from '@/shared/contract/auth';
import { login as loginEndpoint } from '@/shared/contract/login';
import {
  disableTwoFactor,
  enableTwoFactor,
  loginSecondFactor,
  setUpTwoFactor,
  twoFactorStatus,
} from '@/shared/contract/two-factor';
import { checkAuth, logout as logoutEndpoint } from '@/shared/contract/user';
import {
  answerOf,
  confirmIdentity,
  databaseKinds,
  newRegistration,
  registerUser,
  startTestApp,
  type TestClient,
  waitForMail,
} from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

/** Issue 16 point 6: two-factor sign-in with TOTP and recovery codes. */

const CHALLENGE = {
  success: true,
  message: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  secondFactor: { totp: true, passkey: false },
};
const INVALID_CODE = {
  success: false,
  message: 'The code is not valid. Check your authenticator app and try again.',
};
const NO_CHALLENGE = {
  success: false,
  message: 'Your sign-in has expired. Please sign in again.',
};
const TOO_MANY = {
  success: false,
  message: 'Too many attempts. Please wait a few minutes and try again.',
};
const WRONG_PASSWORD = { success: false, message: 'Current password is incorrect' };
const TOO_MANY_CODES = { success: false, message: 'Too many wrong codes. Please sign in again.' };

/** The code an authenticator app shows now, or `steps` periods later. */
function codeOf(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

describe.each(databaseKinds())('two-factor sign-in on %s', (kind) => {
  let partner: PartnerSimulator;

  beforeAll(async () => {
    partner = await startPartnerSimulator({
      port: 0,
      accounts: [{ username: 'tf_partner', password: 'tf-secret', email: 'tf@partner.example' }],
    });
  });
  afterAll(() => partner?.stop());
  const t = useTestApp(kind, () => ({ PARTNER_URL: partner.url }));

  /**
   * A user with two-factor sign-in on, turned on after "Confirm it's you" with `password` (issue 32
   * point 8); returns the secret and the recovery codes.
   */
  async function userWithTwoFactor(client: TestClient, password = 'correct-horse-1') {
    await confirmIdentity(client, { password });
    const setup = await client.call(setUpTwoFactor);
    expect(setup.status).toBe(200);
    const enabled = await client.call(enableTwoFactor, {
      code: codeOf(answerOf(setup).secret),
    });
    expect(enabled.status).toBe(200);
    return { secret: answerOf(setup).secret, recoveryCodes: answerOf(enabled).recoveryCodes };
  }

  it('sets up with a QR code and a first code, and shows ten recovery codes once, stored hashed', async () => {
    const { client, registration, userId } = await registerUser(t.server);
    expect(await client.call(twoFactorStatus)).toMatchObject({
      status: 200,
      body: { success: true, enabled: false, recoveryCodesLeft: 0, hasPassword: true },
    });
    await confirmIdentity(client);
    const setup = await client.call(setUpTwoFactor);
    expect(setup.status).toBe(200);
    expect(answerOf(setup).secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(answerOf(setup).uri).toBe(
      `otpauth://totp/PromoClicks:${encodeURIComponent(registration.email)}?issuer=PromoClicks&secret=${answerOf(setup).secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(answerOf(setup).qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const wrong = await client.call(enableTwoFactor, { code: '000000' });
    expect(wrong).toMatchObject({ status: 400, body: INVALID_CODE });
    const enabled = await client.call(enableTwoFactor, { code: codeOf(answerOf(setup).secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.message).toBe(
      'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
    );
    expect(answerOf(enabled).recoveryCodes).toHaveLength(10);
    expect(new Set(answerOf(enabled).recoveryCodes).size).toBe(10);
    for (const code of answerOf(enabled).recoveryCodes)
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await client.call(twoFactorStatus)).toMatchObject({
      body: { enabled: true, recoveryCodesLeft: 10 },
    });
    // The owner hears of it (a stolen session could have done it).
    const told = await waitForMail(
      t.server.outboxDir,
      registration.email,
      'Your PromoClicks sign-in settings changed',
    );
    expect(told.text).toContain('Two-factor sign-in was turned on on your account just now.');

    // Neither the secret nor a recovery code is readable in the database.
    const [row] = await t.db.query<{ totp_secret: string }>(
      'SELECT totp_secret FROM users WHERE id = $1',
      [userId],
    );
    expect(row!.totp_secret).toMatch(/^v1\./);
    expect(row!.totp_secret).not.toContain(answerOf(setup).secret);
    const stored = await t.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes WHERE user_id = $1',
      [userId],
    );
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(answerOf(enabled).recoveryCodes.map((code) => code.replace('-', ''))).not.toContain(
        code_hash,
      );
    }
    // Once on, set-up cannot start over.
    expect(await client.call(setUpTwoFactor)).toMatchObject({
      status: 400,
      body: { success: false, message: 'Two-factor sign-in is already on.' },
    });
  });

  it('asks for a code at every sign-in; a code works once', async () => {
    const { client, registration } = await registerUser(t.server);
    const { secret } = await userWithTwoFactor(client);

    const browser = t.server.client();
    const first = await browser.call(loginEndpoint, registration);
    expect(first).toMatchObject({ status: 200, body: CHALLENGE });
    expect(browser.cookies.has('sid')).toBe(false);
    expect((await browser.call(checkAuth)).body).toEqual({ success: true, user: null });

    expect(await browser.call(loginSecondFactor, { code: '123456' })).toMatchObject({
      status: 401,
      body: INVALID_CODE,
    });
    // The enabling code's step was used: the next step's code signs in.
    const code = codeOf(secret, 1);
    const signedIn = await browser.call(loginSecondFactor, { code });
    expect(signedIn).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Logged in successfully',
        user: { email: registration.email },
      },
    });
    expect((await browser.call(checkAuth)).status).toBe(200);
    // The challenge is spent, and the same code does not work for a new sign-in.
    expect(await browser.call(loginSecondFactor, { code })).toMatchObject({
      status: 401,
      body: NO_CHALLENGE,
    });
    const again = t.server.client();
    await again.call(loginEndpoint, registration);
    expect(await again.call(loginSecondFactor, { code })).toMatchObject({
      status: 401,
      body: INVALID_CODE,
    });
  });

  it('takes each recovery code once', async () => {
    const { client, registration } = await registerUser(t.server);
    const { recoveryCodes } = await userWithTwoFactor(client);
    const browser = t.server.client();
    await browser.call(loginEndpoint, registration);
    const signedIn = await browser.call(loginSecondFactor, {
      code: ` ${recoveryCodes[3]!.toUpperCase()} `,
    });
    expect(signedIn.status).toBe(200);
    expect(await client.call(twoFactorStatus)).toMatchObject({
      body: { enabled: true, recoveryCodesLeft: 9 },
    });
    const again = t.server.client();
    await again.call(loginEndpoint, registration);
    expect(await again.call(loginSecondFactor, { code: recoveryCodes[3]! })).toMatchObject({
      status: 401,
      body: INVALID_CODE,
    });
  });

  it('answers a second step without a sign-in under way with 401', async () => {
    expect(await t.server.client().call(loginSecondFactor, { code: '123456' })).toMatchObject({
      status: 401,
      body: NO_CHALLENGE,
    });
  });

  it('limits wrong codes like passwords: then even the right code gets 429', async () => {
    const limited = await startTestApp(t.db, { RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      const { client, registration } = await registerUser(limited);
      const { secret } = await userWithTwoFactor(client);
      const browser = limited.client();
      await browser.call(loginEndpoint, registration);
      const guesses = await Promise.all(
        ['111111', '222222', '333333', '444444', '555555'].map((code) =>
          browser.call(loginSecondFactor, { code }),
        ),
      );
      expect(guesses.map((guess) => guess.status).sort()).toEqual([401, 401, 401, 429, 429]);
      expect(await browser.call(loginSecondFactor, { code: codeOf(secret, 1) })).toMatchObject({
        status: 429,
        body: TOO_MANY,
      });
    } finally {
      await limited.close();
    }
  });

  it('turns off only with the password and a code', async () => {
    const { client, registration } = await registerUser(t.server);
    const { secret } = await userWithTwoFactor(client);
    const code = codeOf(secret, 1);
    expect(await client.call(disableTwoFactor, { password: 'wrong-password', code })).toMatchObject(
      { status: 400, body: WRONG_PASSWORD },
    );
    expect(
      await client.call(disableTwoFactor, {
        password: registration.password,
        code: '000000',
      }),
    ).toMatchObject({ status: 400, body: INVALID_CODE });
    expect(await client.call(twoFactorStatus)).toMatchObject({ body: { enabled: true } });
    expect(
      await client.call(disableTwoFactor, { password: registration.password, code }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: 'Two-factor sign-in is off.' },
    });
    expect(await client.call(twoFactorStatus)).toMatchObject({
      body: { enabled: false, recoveryCodesLeft: 0 },
    });
    const browser = t.server.client();
    const login = await browser.call(loginEndpoint, registration);
    expect(login).toMatchObject({ status: 200, body: { user: { email: registration.email } } });
  });

  it('asks a partner sign-in for the code too', async () => {
    const browser = t.server.client();
    const partnerLogin = { username: 'tf_partner', password: 'tf-secret' };
    expect(
      (await browser.call(loginWithPartner, partnerLogin, { params: { product: 'partner' } }))
        .status,
    ).toBe(200);
    const { secret } = await userWithTwoFactor(browser, partnerLogin.password);
    await browser.call(logoutEndpoint);

    const next = t.server.client();
    const first = await next.call(loginWithPartner, partnerLogin, {
      params: { product: 'partner' },
    });
    expect(first).toMatchObject({ status: 200, body: CHALLENGE });
    expect(next.cookies.has('sid')).toBe(false);
    const signedIn = await next.call(loginSecondFactor, { code: codeOf(secret, 1) });
    expect(signedIn).toMatchObject({
      status: 200,
      body: { user: { email: 'tf@partner.example' } },
    });
    // No password to give: the code alone turns it off.
    expect(await next.call(twoFactorStatus)).toMatchObject({
      body: { enabled: true, hasPassword: false },
    });
  });

  it('a replayed registration signs in no more once two-factor sign-in is on', async () => {
    const client = t.server.client();
    const body = newRegistration();
    const key = { 'idempotency-key': crypto.randomUUID() };
    expect((await client.call(registerEndpoint, body, { headers: key })).status).toBe(201);
    await confirmIdentity(client);
    const setup = await client.call(setUpTwoFactor);
    await client.call(enableTwoFactor, { code: codeOf(answerOf(setup).secret) });

    const stranger = t.server.client();
    const replay = await stranger.call(registerEndpoint, body, { headers: key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(stranger.cookies.has('sid')).toBe(false);
    expect((await stranger.call(checkAuth)).body).toEqual({
      success: true,
      user: null,
    });
  });

  /** Counts the second factors the server checks (each check reads the user's TOTP secret). */
  function countCodeChecks() {
    const db = t.server.app.db;
    const query = db.query.bind(db);
    let checks = 0;
    const spy = vi.spyOn(db, 'query').mockImplementation((sql, ...rest) => {
      if (String(sql).includes('totp_secret AS secret')) checks += 1;
      return query(sql, ...rest);
    });
    return {
      get checks() {
        return checks;
      },
      restore: () => spy.mockRestore(),
    };
  }

  it('issue 32: of 20 codes sent at once to one half-done sign-in at most 5 are checked, and a refused right code is answered as a wrong one', async () => {
    const { client, registration } = await registerUser(t.server);
    const { secret } = await userWithTwoFactor(client);
    const browser = t.server.client();
    await browser.call(loginEndpoint, registration);
    const right = codeOf(secret, 1);
    const near = new Set([-1, 0, 1, 2, 3].map((steps) => codeOf(secret, steps)));
    const wrong = Array.from({ length: 40 }, (_, i) => String(100_000 + i * 7_919))
      .filter((code) => !near.has(code))
      .slice(0, 19);
    const counter = countCodeChecks();
    let answers;
    try {
      answers = await Promise.all(
        [...wrong, right].map((code) => browser.clone().call(loginSecondFactor, { code })),
      );
    } finally {
      counter.restore();
    }
    expect(counter.checks).toBeLessThanOrEqual(5);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBeGreaterThanOrEqual(19);
    for (const answer of refused) {
      expect(answer.status).toBe(401);
      expect([INVALID_CODE, TOO_MANY_CODES]).toContainEqual(answer.body);
    }
    // Once the five are used, every code gets the same answer, the right one too, and it is not
    // spent: the owner's next sign-in takes it.
    const later = await Promise.all(
      [right, wrong[0]!].map((code) => browser.clone().call(loginSecondFactor, { code })),
    );
    expect(later.map((answer) => answer.body)).toEqual([TOO_MANY_CODES, TOO_MANY_CODES]);
    if (answers.at(-1)!.status !== 200) {
      const owner = t.server.client();
      await owner.call(loginEndpoint, registration);
      expect((await owner.call(loginSecondFactor, { code: right })).status).toBe(200);
    }
  });

  it('ends a half-done sign-in after 5 wrong codes: the password is asked again', async () => {
    const { client, registration } = await registerUser(t.server);
    const { secret } = await userWithTwoFactor(client);
    const browser = t.server.client();
    await browser.call(loginEndpoint, registration);
    const answers = [];
    for (const code of ['111111', '222222', '333333', '444444', '555555']) {
      answers.push(await browser.call(loginSecondFactor, { code }));
    }
    expect(answers.map((answer) => answer.body)).toEqual([
      ...Array(4).fill(INVALID_CODE),
      { success: false, message: 'Too many wrong codes. Please sign in again.' },
    ]);
    expect(await browser.call(loginSecondFactor, { code: codeOf(secret, 1) })).toMatchObject({
      status: 401,
      body: NO_CHALLENGE,
    });
    expect(browser.cookies.has('sid')).toBe(false);
  });
});
