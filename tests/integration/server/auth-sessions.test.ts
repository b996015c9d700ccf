import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register as registerEndpoint } from '@/shared/contract/auth';
import { login as loginEndpoint } from '@/shared/contract/login';
import { checkAuth, logout as logoutEndpoint } from '@/shared/contract/user';
import { getUserDetails } from '@/shared/contract/user-details';
import {
  answerOf,
  databaseKinds,
  newRegistration,
  PRODUCTION_TEST_ENV,
  registerUser,
  startTestApp,
  TEST_APP_URL,
  type TestApp,
  type TestClient,
  waitForMail,
} from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

const REGISTERED = 'Account created successfully. Please check your email to verify your account.';

function sidOf(client: TestClient): string | undefined {
  return client.cookies.get('sid');
}

describe.each(databaseKinds())('register, login, sessions on %s', (kind) => {
  const t = useTestApp(kind);

  async function registered(overrides: Record<string, unknown> = {}) {
    const client = t.server.client();
    const registration = newRegistration(overrides);
    const response = await client.call(registerEndpoint, registration);
    expect(response.status).toBe(201);
    return { client, registration };
  }

  describe('POST /api/auth/register', () => {
    it('creates the account, signs in with a session cookie and sends the verification mail', async () => {
      const client = t.server.client();
      const registration = newRegistration({ email: 'New.Person@Example.com' });
      const response = await client.call(registerEndpoint, registration);

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        success: true,
        message: REGISTERED,
        user: {
          username: registration.username,
          email: 'new.person@example.com',
          isVerified: false,
          crypto_balance: 0,
          campaigns: 0,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      });
      const cookie = response.setCookies.find((header) => header.startsWith('sid='));
      expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Secure');

      const mail = await waitForMail(t.server.outboxDir, 'new.person@example.com');
      expect(mail.subject).toBe('Verify your PromoClicks account');
      expect(mail.link).toMatch(
        new RegExp(`^${TEST_APP_URL}/account/verification/[A-Za-z0-9_-]{43}$`),
      );
      expect(mail.text).toContain(mail.link);
      expect(mail.html).toContain(mail.link);

      const check = await client.call(checkAuth);
      expect(check.status).toBe(200);
      expect(answerOf(check).user).toEqual(answerOf(response, 201).user);
    });

    it('stores only the hash of the session id', async () => {
      const { client } = await registered();
      const rows = await t.db.query<{ id_hash: string }>('SELECT id_hash FROM sessions');
      expect(rows.map((row) => row.id_hash)).not.toContain(sidOf(client));
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id_hash))).toBe(true);
    });

    it("answers 400 with the first validation message when the passwords don't match", async () => {
      const response = await t.server
        .client()
        .call(registerEndpoint, newRegistration({ confirmPassword: 'something-else' }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: "Passwords don't match!" });
      expect(response.setCookies).toEqual([]);
    });

    it('answers 400 when the terms are not accepted', async () => {
      const response = await t.server
        .client()
        .post('/api/auth/register', { ...newRegistration(), agreeTerms: false });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: 'You must agree to the terms and privacy policy',
      });
    });

    it('answers 409 when the e-mail is taken, in any letter case', async () => {
      const { registration } = await registered();
      const response = await t.server
        .client()
        .call(registerEndpoint, newRegistration({ email: registration.email.toUpperCase() }));
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        success: false,
        message:
          'Unable to register with these details. If you already have an account, sign in or reset your password.',
      });
    });

    it('answers 409 when the username is taken', async () => {
      const { registration } = await registered();
      const response = await t.server
        .client()
        .call(registerEndpoint, newRegistration({ username: registration.username }));
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(
        'Unable to register with these details. If you already have an account, sign in or reset your password.',
      );
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with a new session id at each login', async () => {
      const { client, registration } = await registered();
      const firstSid = sidOf(client);

      const response = await client.call(loginEndpoint, {
        email: registration.email,
        password: registration.password,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Logged in successfully',
        user: { username: registration.username, email: registration.email },
      });
      const secondSid = sidOf(client);
      expect(secondSid).toBeDefined();
      expect(secondSid).not.toBe(firstSid);

      const again = await client.call(loginEndpoint, {
        email: registration.email,
        password: registration.password,
      });
      expect(again.status).toBe(200);
      expect(sidOf(client)).not.toBe(secondSid);

      // The session the login replaced is over.
      const stale = t.server.client();
      stale.cookies.set('sid', secondSid!);
      expect((await stale.call(checkAuth)).status).toBe(401);
    });

    it('answers 401 without telling that the password was wrong', async () => {
      const { registration } = await registered();
      const response = await t.server
        .client()
        .call(loginEndpoint, { email: registration.email, password: 'wrong-password' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Invalid email or password' });
      expect(response.setCookies).toEqual([]);
    });

    it('answers the same 401 for an unknown e-mail', async () => {
      const response = await t.server
        .client()
        .call(loginEndpoint, { email: 'nobody@example.com', password: 'whatever-123' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Invalid email or password' });
    });

    it('answers 400 for an invalid e-mail', async () => {
      const response = await t.server
        .client()
        .call(loginEndpoint, { email: 'not-an-email', password: 'whatever-123' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: 'Please enter a valid email address',
      });
    });

    it('answers 400 for a missing password', async () => {
      const response = await t.server
        .client()
        .post('/api/auth/login', { email: 'someone@example.com' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: 'Password is required' });
    });
  });

  describe('GET /api/auth/check-auth', () => {
    it('answers a visitor without a session as signed out, an ordinary answer (issue 17)', async () => {
      const response = await t.server.client().call(checkAuth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, user: null });
      expect(response.setCookies).toEqual([]);
    });

    it('answers 401 for an unknown session id', async () => {
      const client = t.server.client();
      client.cookies.set('sid', 'x'.repeat(43));
      const response = await client.call(checkAuth);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Not authenticated' });
      expect(response.setCookies).toEqual([]);
    });

    it('slides the session expiry forward to 14 days and renews the cookie', async () => {
      const { client, registration } = await registered();
      await t.db.query(
        `UPDATE sessions SET expires_at = now() + interval '1 hour'
          WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [registration.email],
      );
      const response = await client.call(checkAuth);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, user: { email: registration.email } });

      const [row] = await t.db.query<{ expires_at: Date }>(
        'SELECT s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
        [registration.email],
      );
      const days = (new Date(row!.expires_at).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.99);
      expect(days).toBeLessThanOrEqual(14);
      const cookie = response.setCookies.find((header) => header.startsWith('sid='));
      expect(cookie).toBe(
        `sid=${sidOf(client)}; Path=/; Expires=${new Date(row!.expires_at).toUTCString()}; HttpOnly; SameSite=Lax`,
      );
    });

    it('answers 401 once the session has expired', async () => {
      const { client, registration } = await registered();
      await t.db.query(
        `UPDATE sessions SET expires_at = now() - interval '1 second'
          WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [registration.email],
      );
      const response = await client.call(checkAuth);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Not authenticated' });
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the session: the old cookie then gets 401', async () => {
      const { client } = await registered();
      const oldSid = sidOf(client)!;
      const response = await client.call(logoutEndpoint);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'Logged out successfully' });
      expect(response.setCookies.find((header) => header.startsWith('sid='))).toMatch(
        /^sid=; .*Expires=Thu, 01 Jan 1970 00:00:00 GMT/,
      );
      expect(sidOf(client)).toBeUndefined();

      const replay = t.server.client();
      replay.cookies.set('sid', oldSid);
      const check = await replay.call(checkAuth);
      expect(check.status).toBe(401);
      expect(check.body).toEqual({ success: false, message: 'Not authenticated' });
    });

    it('answers 200 without a session too', async () => {
      const response = await t.server.client().call(logoutEndpoint);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'Logged out successfully' });
    });
  });

  describe('GET /api/get-user-details', () => {
    it('answers the signed-in user', async () => {
      const { client, registration } = await registered();
      await t.db.query('UPDATE users SET balance_cents = 12345 WHERE email = $1', [
        registration.email,
      ]);
      const response = await client.call(getUserDetails);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: 'User details fetched successfully',
        data: {
          username: registration.username,
          email: registration.email,
          isVerified: false,
          crypto_balance: 123.45,
          campaigns: 0,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });
    });

    it('answers 401 without a session', async () => {
      const response = await t.server.client().call(getUserDetails);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Not authenticated' });
    });
  });

  describe('request checks on state-changing calls', () => {
    it('refuses a cross-origin POST with 403', async () => {
      const response = await t.server
        .client()
        .call(
          loginEndpoint,
          { email: 'a@example.com', password: 'whatever-123' },
          { headers: { origin: 'https://evil.example' } },
        );
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        success: false,
        message: 'Cross-origin requests are not allowed',
      });
    });

    it('accepts a POST from the app origin', async () => {
      const response = await t.server
        .client()
        .call(
          loginEndpoint,
          { email: 'nobody@example.com', password: 'whatever-123' },
          { headers: { origin: TEST_APP_URL } },
        );
      expect(response.status).toBe(401);
    });

    it('refuses a text/plain POST with 415', async () => {
      const response = await t.server.client().request('POST', '/api/auth/login', {
        raw: JSON.stringify({ email: 'a@example.com', password: 'whatever-123' }),
        headers: { 'content-type': 'text/plain' },
      });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ success: false, message: 'Requests must be sent as JSON' });
    });

    it('answers 400 for malformed JSON', async () => {
      const response = await t.server.client().request('POST', '/api/auth/login', {
        raw: '{"email": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: 'Request body is not valid JSON' });
    });
  });

  describe('with two server instances on one database (design §6)', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await startTestApp(t.db);
    });
    afterAll(() => second?.close());

    it('a session started on one instance works on the other, and logout there ends it', async () => {
      const { client } = await registered();
      const elsewhere = second.client();
      elsewhere.cookies.set('sid', sidOf(client)!);
      expect((await elsewhere.call(checkAuth)).status).toBe(200);
      expect((await elsewhere.call(logoutEndpoint)).status).toBe(200);
      expect((await client.call(checkAuth)).status).toBe(401);
    });
  });

  describe('registerUser helper', () => {
    it('gives a signed-in client of a fresh, optionally verified account', async () => {
      const { client, registration, userId } = await registerUser(t.server, { verified: true });
      const response = await client.call(getUserDetails);
      expect(response.body).toMatchObject({
        data: { email: registration.email, isVerified: true },
      });
      expect(userId).toBeGreaterThan(0);
    });
  });

  describe('in production', () => {
    let production: TestApp;
    beforeAll(async () => {
      production = await startTestApp(t.db, PRODUCTION_TEST_ENV);
    });
    afterAll(() => production?.close());

    it('marks the session cookie Secure', async () => {
      const { registration } = await registered();
      const response = await production.client().call(loginEndpoint, {
        email: registration.email,
        password: registration.password,
      });
      expect(response.status).toBe(200);
      const cookie = response.setCookies.find((header) => header.startsWith('sid='));
      expect(cookie).toContain('; Secure');
      expect(cookie).toContain('; HttpOnly');
      expect(cookie).toContain('; SameSite=Lax');
    });

    it('still registers when the mail server is unreachable', async () => {
      const client = production.client();
      const response = await client.call(registerEndpoint, newRegistration());
      expect(response.status).toBe(201);
      expect(response.body.message).toBe(REGISTERED);
      expect((await client.call(checkAuth)).status).toBe(200);
    });
  });
});
