import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postLedgerEntry } from '@/server/domain/ledger';
import {
  changePassword,
  checkResetLink,
  forgotPassword,
  register as registerEndpoint,
  resetPassword,
  verifyEmail,
} from '@/shared/contract/auth';
import { newCampaign } from '@/shared/contract/campaigns';
import { login as loginEndpoint } from '@/shared/contract/login';
import { readAllNotifications } from '@/shared/contract/notifications';
import {
  addPasskey,
  passkeyAddOptions,
  passkeySignIn,
  passkeySignInOptions,
} from '@/shared/contract/passkeys';
import { changeEmail, confirmEmail } from '@/shared/contract/profile';
import { endOtherSessions, getSessions } from '@/shared/contract/sessions';
import { enableTwoFactor, loginSecondFactor, setUpTwoFactor } from '@/shared/contract/two-factor';
import { checkAuth, logout as logoutEndpoint } from '@/shared/contract/user';
import { getUserDetails } from '@/shared/contract/user-details';
import {
  answerOf,
  confirmIdentity,
  databaseKinds,
  openTestDatabase,
  PRODUCTION_TEST_ENV,
  registerUser,
  startTestApp,
  TEST_APP_URL,
  type TestApp,
  type TestClient,
  type TestDatabase,
  tokenOf,
  waitForMail,
} from '../helpers/server';
import { SoftAuthenticator } from '../helpers/soft-authenticator';

/**
 * Issue 6: the auth checks of OWASP ASVS 4.0 that design §3 names, one test each, named by the
 * requirement. The integration tests in tests/integration/server cover the same calls in more cases.
 */

const NOT_AUTHENTICATED = { success: false, message: 'Not authenticated' };
const CROSS_ORIGIN = { success: false, message: 'Cross-origin requests are not allowed' };
const NOT_JSON = { success: false, message: 'Requests must be sent as JSON' };
const TOO_MANY = {
  success: false,
  message: 'Too many attempts. Please wait a few minutes and try again.',
};
const SIGN_IN_LIMITED = {
  success: false,
  message:
    'Too many failed sign-ins to this account from new browsers. To get in now, use a sign-in link we email you, a passkey, or a browser you have signed in from before.',
  code: 'sign_in_limited',
};
const INVALID_VERIFICATION = {
  success: false,
  message: 'The verification link is invalid or has expired',
};
const INVALID_RESET = { success: false, message: 'The reset link is invalid or has expired' };

const sidOf = (client: TestClient) => client.cookies.get('sid');

/** The Set-Cookie header of the session cookie. */
function sessionCookie(setCookies: string[]): string {
  const cookie = setCookies.find((header) => header.startsWith('sid='));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(setCookies)}`);
  return cookie;
}

/** A POST whose answer is kept as the exact bytes sent back. */
async function rawPost(server: TestApp, path: string, body: unknown) {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    length: response.headers.get('content-length'),
    bytes: Buffer.from(await response.arrayBuffer()).toString('hex'),
  };
}

describe.each(databaseKinds())('OWASP ASVS auth checks on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestApp(database.db);
    await database.db.query(
      `INSERT INTO profiles (username, full_name, avatar) VALUES ('asvs_creator', 'Asvs Creator', '/a.svg')`,
    );
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const login = (client: TestClient, email: string, password: string) =>
    client.call(loginEndpoint, { email, password });

  /** What a refused request must leave as it was. */
  const state = () =>
    Promise.all([
      database.db.query(
        'SELECT id, balance_cents::text AS balance, password_hash FROM users ORDER BY id',
      ),
      database.db.query('SELECT * FROM campaigns ORDER BY id'),
      database.db.query('SELECT id_hash, user_id FROM sessions ORDER BY id_hash'),
    ]);

  describe('V3.4 cookie-based session management', () => {
    it('V3.4.2 / V3.4.3 / V3.4.5 the session cookie is HttpOnly, SameSite=Lax, Path=/', async () => {
      const { registration } = await registerUser(server);
      const response = await login(server.client(), registration.email, registration.password);
      expect(response.status).toBe(200);
      const attributes = sessionCookie(response.setCookies).split('; ').slice(1);
      expect(attributes).toEqual([
        'Path=/',
        expect.stringMatching(/^Expires=\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/),
        'HttpOnly',
        'SameSite=Lax',
      ]);
    });

    it('V3.4.1 the session cookie is Secure in production', async () => {
      const { registration } = await registerUser(server);
      const production = await startTestApp(database.db, PRODUCTION_TEST_ENV);
      try {
        const response = await login(
          production.client(),
          registration.email,
          registration.password,
        );
        expect(response.status).toBe(200);
        const attributes = sessionCookie(response.setCookies).split('; ').slice(1);
        expect(attributes).toEqual([
          'Path=/',
          expect.stringMatching(/^Expires=/),
          'HttpOnly',
          'Secure',
          'SameSite=Lax',
        ]);
      } finally {
        await production.close();
      }
    });
  });

  it('V3.1.1 the session id is never in a URL or a response body, and a URL cannot carry one', async () => {
    const client = server.client();
    const registration = (await registerUser(server)).registration;
    const responses = [
      await login(client, registration.email, registration.password),
      await client.call(checkAuth),
      await client.call(getUserDetails),
    ];
    const sid = sidOf(client)!;
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain(sid);
      expect(response.headers.get('location')).toBeNull();
    }
    const mail = await waitForMail(server.outboxDir, registration.email, 'Verify');
    expect(mail.link).not.toContain(sid);
    // Only the cookie counts: the same id in the query string or a header signs nobody in (a visitor
    // without the cookie is answered as signed out, issue 17).
    const anonymous = server.client();
    expect(await anonymous.get(`/api/auth/check-auth?sid=${sid}`)).toMatchObject({
      status: 200,
      body: { success: true, user: null },
    });
    expect(
      await anonymous.call(checkAuth, undefined, {
        headers: { authorization: `Bearer ${sid}`, sid },
      }),
    ).toMatchObject({ status: 200, body: { success: true, user: null } });
    expect(
      await anonymous.call(getUserDetails, undefined, {
        headers: { authorization: `Bearer ${sid}`, sid },
      }),
    ).toMatchObject({
      status: 401,
      body: NOT_AUTHENTICATED,
    });
  });

  it('V3.2.1 new session token on authentication: a cookie held before login is not reused', async () => {
    const { client, registration } = await registerUser(server);
    const fromRegistration = sidOf(client)!;
    // An id an attacker planted in the browser before the victim signs in (session fixation).
    const planted = server.client();
    planted.cookies.set('sid', 'planted-by-an-attacker-0000000000000000000');

    expect((await login(client, registration.email, registration.password)).status).toBe(200);
    expect((await login(planted, registration.email, registration.password)).status).toBe(200);
    const afterLogin = sidOf(client)!;
    expect(afterLogin).not.toBe(fromRegistration);
    expect(sidOf(planted)).not.toBe('planted-by-an-attacker-0000000000000000000');
    expect(sidOf(planted)).not.toBe(afterLogin);

    const stale = server.client();
    stale.cookies.set('sid', fromRegistration);
    expect(await stale.call(checkAuth)).toMatchObject({
      status: 401,
      body: NOT_AUTHENTICATED,
    });
    expect((await client.call(checkAuth)).status).toBe(200);
  });

  it('V3.3.1 logout ends the session on the server: the old cookie then gets 401', async () => {
    const { client, userId } = await registerUser(server);
    const sid = sidOf(client)!;
    expect(await client.call(logoutEndpoint)).toMatchObject({
      status: 200,
      body: { success: true, message: 'Logged out successfully' },
    });
    const replay = server.client();
    replay.cookies.set('sid', sid);
    expect(await replay.call(checkAuth)).toMatchObject({
      status: 401,
      body: NOT_AUTHENTICATED,
    });
    expect(await database.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [userId])).toEqual(
      [],
    );
  });

  describe('V4.2.2 / V13.1.5 cross-site requests and content types', () => {
    async function fundedAdvertiser() {
      const advertiser = await registerUser(server);
      await database.db.transaction((tx) =>
        postLedgerEntry(tx, { userId: advertiser.userId, amountCents: 50_000, kind: 'demo-grant' }),
      );
      return advertiser;
    }
    const campaign = { username: 'asvs_creator', package_id: 1, amount_deposit: 100 };

    it('V4.2.2 a POST with the Origin of another site gets 403 and changes nothing', async () => {
      const { client, registration } = await fundedAdvertiser();
      const before = await state();
      for (const origin of ['https://evil.example', 'http://app.test.evil.example', 'null']) {
        expect(await client.call(newCampaign, campaign, { headers: { origin } })).toMatchObject({
          status: 403,
          body: CROSS_ORIGIN,
        });
        expect(
          await client.call(
            changePassword,
            { oldPassword: registration.password, newPassword: 'taken-over-1' },
            { headers: { origin } },
          ),
        ).toMatchObject({ status: 403, body: CROSS_ORIGIN });
      }
      expect(await state()).toEqual(before);
    });

    it('V13.1.5 text/plain and form-encoded POSTs get 415 and change nothing', async () => {
      const { client, registration } = await fundedAdvertiser();
      const before = await state();
      const bodies = {
        'text/plain': JSON.stringify(campaign),
        'application/x-www-form-urlencoded':
          'username=asvs_creator&package_id=1&amount_deposit=100',
        'multipart/form-data; boundary=x':
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      };
      for (const [type, raw] of Object.entries(bodies)) {
        expect(
          await client.request('POST', '/api/new-campaign', {
            raw,
            headers: { 'content-type': type },
          }),
        ).toMatchObject({ status: 415, body: NOT_JSON });
        const loginForm = await server.client().request('POST', '/api/auth/login', {
          raw: `email=${registration.email}&password=${registration.password}`,
          headers: { 'content-type': type },
        });
        expect(loginForm).toMatchObject({ status: 415, body: NOT_JSON, setCookies: [] });
      }
      expect(await state()).toEqual(before);
    });
  });

  it('V2.3.1 / V2.7.3 an e-mail verification code works once, and not after it expires', async () => {
    const first = await registerUser(server);
    const code = tokenOf(
      (await waitForMail(server.outboxDir, first.registration.email, 'Verify')).link,
    );
    const verify = (value: string) => server.client().call(verifyEmail, { code: value });
    expect(await verify(code)).toMatchObject({
      status: 200,
      body: { success: true, message: 'Account verified successfully!', alreadyVerified: false },
    });
    // Issue 17: used again, it verifies nothing and says the account is verified already.
    expect(await verify(code)).toMatchObject({
      status: 200,
      body: { success: true, message: 'Your account is already verified', alreadyVerified: true },
    });

    const second = await registerUser(server);
    const expiring = tokenOf(
      (await waitForMail(server.outboxDir, second.registration.email, 'Verify')).link,
    );
    await database.db.query(
      `UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [second.userId],
    );
    expect(await verify(expiring)).toMatchObject({ status: 400, body: INVALID_VERIFICATION });
    const [row] = await database.db.query<{ is_verified: boolean }>(
      'SELECT is_verified FROM users WHERE id = $1',
      [second.userId],
    );
    expect(row!.is_verified).toBe(false);
  });

  it('V2.5.6 / V2.7.3 a reset link works once, not after it expires, and using one voids the others', async () => {
    const { registration, userId } = await registerUser(server);
    const email = registration.email;
    const seen: string[] = [];
    const resetLink = async () => {
      await server.client().call(forgotPassword, { email });
      const { link } = await waitForMail(server.outboxDir, email, 'Reset', seen);
      seen.push(link);
      return tokenOf(link);
    };
    const reset = (token: string, newPassword: string) =>
      server.client().call(resetPassword, { resetPasswordToken: token, newPassword });
    const loginStatus = async (password: string) =>
      (await login(server.client(), email, password)).status;

    // Issue 32 point 3: a newer link leaves the older one valid (anyone may ask for one).
    const older = await resetLink();
    const newer = await resetLink();
    expect(await server.client().call(checkResetLink, { resetPasswordToken: older })).toMatchObject(
      { status: 200 },
    );
    expect(await reset(newer, 'newer-link-pw')).toMatchObject({ status: 200 });
    expect(await reset(newer, 'again-link-pw')).toMatchObject({ status: 400, body: INVALID_RESET });
    expect(await reset(older, 'older-link-pw')).toMatchObject({ status: 400, body: INVALID_RESET });
    expect(await loginStatus('newer-link-pw')).toBe(200);

    const expiring = await resetLink();
    await database.db.query(
      `UPDATE auth_tokens SET expires_at = now() - interval '1 second'
        WHERE user_id = $1 AND purpose = 'reset-password' AND used_at IS NULL`,
      [userId],
    );
    expect(await reset(expiring, 'expired-link-pw')).toMatchObject({
      status: 400,
      body: INVALID_RESET,
    });
    expect(await loginStatus('expired-link-pw')).toBe(401);
    expect(await loginStatus('newer-link-pw')).toBe(200);
  });

  // ASVS 4.0 dropped the account-enumeration requirement of 3.0.1 (V2.18); ASVS 5.0 has it as V6.3.8.
  describe('V6.3.8 (ASVS 5.0) no account enumeration', () => {
    it('forgot-password answers byte-identical bodies and the same status for a known and an unknown e-mail', async () => {
      const { registration } = await registerUser(server);
      const known = await rawPost(server, '/api/auth/forgot-password', {
        email: registration.email,
      });
      const unknown = await rawPost(server, '/api/auth/forgot-password', {
        email: `unknown-${registration.email}`,
      });
      expect(known.status).toBe(200);
      expect(unknown).toEqual(known);
      expect(Buffer.from(known.bytes, 'hex').toString()).toBe(
        '{"success":true,"message":"If an account exists for this email, a password reset link has been sent."}',
      );
    });

    it('a failed login answers the same for a wrong password and an unknown e-mail', async () => {
      const { registration } = await registerUser(server);
      const wrongPassword = await rawPost(server, '/api/auth/login', {
        email: registration.email,
        password: 'not-the-password',
      });
      const unknownEmail = await rawPost(server, '/api/auth/login', {
        email: `unknown-${registration.email}`,
        password: 'not-the-password',
      });
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail).toEqual(wrongPassword);
      expect(Buffer.from(wrongPassword.bytes, 'hex').toString()).toBe(
        '{"success":false,"message":"Invalid email or password"}',
      );
    });
  });

  describe('V2.2.1 brute force is throttled', () => {
    /** An app of its own, so its counters start at zero. */
    async function withLimits(
      perIp: number,
      perAccount: number,
      run: (app: TestApp) => Promise<void>,
    ) {
      const limited = await startTestApp(database.db, {
        RATE_LIMIT_PER_IP: String(perIp),
        RATE_LIMIT_PER_ACCOUNT: String(perAccount),
      });
      try {
        await run(limited);
      } finally {
        await limited.close();
      }
    }

    it('per account: after 5 wrong passwords even the right one gets 429', async () => {
      const { registration } = await registerUser(server);
      await withLimits(1000, 5, async (limited) => {
        for (let i = 0; i < 5; i++) {
          const wrong = await login(limited.client(), registration.email, `wrong-password-${i}`);
          expect(wrong.status).toBe(401);
        }
        const right = await login(limited.client(), registration.email, registration.password);
        expect(right).toMatchObject({ status: 429, body: TOO_MANY, setCookies: [] });
      });
    });

    it('per IP: after 5 logins for any accounts the next gets 429', async () => {
      const { registration } = await registerUser(server);
      await withLimits(5, 1000, async (limited) => {
        for (let i = 0; i < 5; i++) {
          const guess = await login(limited.client(), `guess-${i}@example.com`, 'password-123');
          expect(guess.status).toBe(401);
        }
        const right = await login(limited.client(), registration.email, registration.password);
        expect(right).toMatchObject({ status: 429, body: TOO_MANY, setCookies: [] });
      });
    });

    /** Issue 16: 40 parallel guesses against a limit of 10, on this database's store and Redis. */
    const stores: [string, Record<string, string>][] = [['the default store', {}]];
    if (process.env.TEST_REDIS_URL) {
      stores.push([
        'Redis',
        { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `asvs:${Date.now()}:` },
      ]);
    }
    it.each(stores)(
      'V2.2.1 / ASVS 5.0 6.3.1 the limit counts before the check: 40 parallel wrong passwords let 10 through (%s)',
      async (_store, env) => {
        const { registration } = await registerUser(server);
        const limited = await startTestApp(database.db, {
          ...env,
          RATE_LIMIT_PER_IP: '1000',
          RATE_LIMIT_PER_ACCOUNT: '10',
          RATE_LIMIT_PER_ACCOUNT_ANY_IP: '1000',
        });
        try {
          const guesses = await Promise.all(
            Array.from({ length: 40 }, (_, i) =>
              login(limited.client(), registration.email, `wrong-password-${i}`),
            ),
          );
          const statuses = guesses.map((guess) => guess.status).sort();
          expect(statuses).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
          const right = await login(limited.client(), registration.email, registration.password);
          expect(right).toMatchObject({ status: 429, body: TOO_MANY, setCookies: [] });
        } finally {
          await limited.close();
        }
      },
    );

    it('ASVS 5.0 6.3.5 a stranger cannot lock the owner out: failures count per account and address', async () => {
      const { registration } = await registerUser(server);
      const limited = await startTestApp(database.db, {
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_PER_IP: '1000',
        RATE_LIMIT_PER_ACCOUNT: '5',
        RATE_LIMIT_PER_ACCOUNT_ANY_IP: '1000',
      });
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      try {
        for (let i = 0; i < 5; i++) {
          const guess = await limited
            .client()
            .call(
              loginEndpoint,
              { ...registration, password: `x-${i}` },
              { headers: from('203.0.113.7') },
            );
          expect(guess.status).toBe(401);
        }
        const attacker = await limited
          .client()
          .call(loginEndpoint, registration, { headers: from('203.0.113.7') });
        expect(attacker).toMatchObject({ status: 429, body: TOO_MANY });
        const owner = await limited
          .client()
          .call(loginEndpoint, registration, { headers: from('198.51.100.2') });
        expect(owner.status).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('ASVS 5.0 6.3.5 guesses from many addresses are slowed by the account-wide limit, alike for an unknown account', async () => {
      const { registration } = await registerUser(server);
      const limited = await startTestApp(database.db, {
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_PER_IP: '1000',
        RATE_LIMIT_PER_ACCOUNT: '5',
        RATE_LIMIT_PER_ACCOUNT_ANY_IP: '3',
        RATE_LIMIT_PER_ACCOUNT_PER_DAY: '100',
      });
      try {
        for (const email of [registration.email, 'nobody-here@example.com']) {
          const answers = [];
          for (let i = 0; i < 4; i++) {
            answers.push(
              await limited
                .client()
                .call(
                  loginEndpoint,
                  { email, password: `x-${i}` },
                  { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
                ),
            );
          }
          expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 429]);
          expect(answers[3]!.body).toEqual(SIGN_IN_LIMITED);
        }
      } finally {
        await limited.close();
      }
    });
  });

  it('ASVS 5.0 6.3.5 the owner’s browser is not held to the account-wide limit that strangers used up', async () => {
    const { registration } = await registerUser(server);
    const limited = await startTestApp(database.db, {
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_IP: '1000',
      RATE_LIMIT_PER_ACCOUNT: '5',
      RATE_LIMIT_PER_ACCOUNT_ANY_IP: '3',
      RATE_LIMIT_PER_ACCOUNT_PER_DAY: '100',
    });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    try {
      // The owner signed in from this browser before (its device cookie is known).
      const owner = limited.client();
      expect(
        (await owner.call(loginEndpoint, registration, { headers: from('198.51.100.9') })).status,
      ).toBe(200);
      for (let i = 0; i < 3; i++) {
        await limited
          .client()
          .call(
            loginEndpoint,
            { ...registration, password: `x-${i}` },
            { headers: from(`203.0.113.${i + 1}`) },
          );
      }
      const stranger = await limited
        .client()
        .call(loginEndpoint, registration, { headers: from('203.0.113.50') });
      expect(stranger).toMatchObject({ status: 429, body: SIGN_IN_LIMITED });
      const again = await owner.call(loginEndpoint, registration, {
        headers: from('198.51.100.10'),
      });
      expect(again.status).toBe(200);
      // The way back in is never used up by strangers (issue 32 point 3): forgot-password counts
      // per e-mail and address only, and mails at most three links an hour whoever asks.
      for (let i = 0; i < 6; i++) {
        expect(
          (
            await limited
              .client()
              .call(
                forgotPassword,
                { email: registration.email },
                { headers: from(`203.0.113.${i + 10}`) },
              )
          ).status,
        ).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  describe('TRUST_PROXY', () => {
    it('with no proxy trusted (the default), a spoofed X-Forwarded-For changes nothing, and a warning is logged once', async () => {
      const limited = await startTestApp(database.db, { RATE_LIMIT_PER_IP: '5' });
      const warn = vi.spyOn(limited.app.log, 'warn');
      try {
        const answers = [];
        for (let i = 0; i < 6; i++) {
          answers.push(
            await limited
              .client()
              .call(
                loginEndpoint,
                { email: `spoof-${i}@example.com`, password: 'password-123' },
                { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } },
              ),
          );
        }
        expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429]);
        expect(warn).toHaveBeenCalledTimes(1);
        expect(warn.mock.calls[0]![0]).toBe(
          'Requests carry X-Forwarded-For but TRUST_PROXY is none: every client shares the rate limits of the proxy address. Set TRUST_PROXY (see the README).',
        );
      } finally {
        await limited.close();
      }
    });
  });

  describe('ASVS 5.0 6.3.8 no account enumeration (issue 16)', () => {
    it('registering a taken e-mail answers generically and mails its owner', async () => {
      const { registration } = await registerUser(server);
      const again = await server.client().call(registerEndpoint, {
        ...registration,
        username: `other_${Date.now()}`,
      });
      expect(again).toMatchObject({
        status: 409,
        body: {
          success: false,
          message:
            'Unable to register with these details. If you already have an account, sign in or reset your password.',
        },
      });
      const mail = await waitForMail(server.outboxDir, registration.email, 'Someone tried');
      expect(mail.subject).toBe('Someone tried to register with your e-mail');
    });

    it('forgot-password does the same work on the request for a known and an unknown e-mail: one queued row', async () => {
      const { registration } = await registerUser(server);
      // What the request itself runs: statements, reads and transactions (the queue is sent after).
      const db = server.app.db;
      const statements: string[] = [];
      const record =
        (kind: string) =>
        (sql: unknown): void => {
          statements.push(`${kind} ${String(sql).replace(/\s+/g, ' ').trim()}`);
        };
      const query = db.query.bind(db);
      const read = db.read.query.bind(db.read);
      const transaction = db.transaction.bind(db);
      const spyQuery = vi.spyOn(db, 'query').mockImplementation((sql, ...rest) => {
        record('query')(sql);
        return query(sql, ...rest);
      });
      const spyRead = vi.spyOn(db.read, 'query').mockImplementation((sql, ...rest) => {
        record('read')(sql);
        return read(sql, ...rest);
      });
      const spyTransaction = vi.spyOn(db, 'transaction').mockImplementation((fn) => {
        record('transaction')('');
        return transaction(fn);
      });
      try {
        const known = await server.client().call(forgotPassword, { email: registration.email });
        const knownStatements = statements.splice(0);
        const unknown = await server
          .client()
          .call(forgotPassword, { email: 'nobody-else@example.com' });
        expect(unknown).toMatchObject({ status: known.status, body: known.body });
        expect(knownStatements.filter((sql) => sql.includes('auth_mail_queue'))).toEqual([
          'query INSERT INTO auth_mail_queue (kind, email) VALUES ($1, $2)',
        ]);
        expect(statements).toEqual(knownStatements);
      } finally {
        spyQuery.mockRestore();
        spyRead.mockRestore();
        spyTransaction.mockRestore();
      }
    });
  });

  describe('issue 16: second factors, sessions, profile, small holes', () => {
    it('ASVS 5.0 6.6.1 once two-factor sign-in is on, the password alone gives no session', async () => {
      const { client, registration } = await registerUser(server);
      await confirmIdentity(client);
      const setup = await client.call(setUpTwoFactor);
      const totp = new TOTP({ secret: Secret.fromBase32(answerOf(setup).secret) });
      await client.call(enableTwoFactor, { code: totp.generate() });
      const browser = server.client();
      const first = await login(browser, registration.email, registration.password);
      expect(first).toMatchObject({ status: 200, body: { secondFactor: { totp: true } } });
      expect(first.setCookies.some((cookie) => cookie.startsWith('sid='))).toBe(false);
      expect((await browser.call(checkAuth)).body).toEqual({
        success: true,
        user: null,
      });
      const code = totp.generate({ timestamp: Date.now() + 30_000 });
      expect((await browser.call(loginSecondFactor, { code })).status).toBe(200);
      expect((await browser.call(checkAuth)).status).toBe(200);
    });

    it('ASVS 5.0 6.8.x a passkey signs in; its answer for another origin is refused', async () => {
      const { client } = await registerUser(server);
      await confirmIdentity(client);
      const authenticator = new SoftAuthenticator(TEST_APP_URL);
      const addOptions = await client.call(passkeyAddOptions);
      const credential = authenticator.create(JSON.parse(answerOf(addOptions).options));
      expect((await client.call(addPasskey, { credential })).status).toBe(200);
      const signIn = async (origin?: string) => {
        const browser = server.client();
        const options = await browser.call(passkeySignInOptions);
        const answer = authenticator.get(JSON.parse(answerOf(options).options), undefined, {
          origin: origin ?? TEST_APP_URL,
        });
        return browser.call(passkeySignIn, { credential: answer });
      };
      expect((await signIn('https://evil.example')).status).toBe(400);
      expect((await signIn()).status).toBe(200);
    });

    it('ASVS 5.0 7.5.2 the user sees the sessions and ends the others: their cookies get 401 at once', async () => {
      const { client, registration } = await registerUser(server);
      const phone = server.client();
      expect((await login(phone, registration.email, registration.password)).status).toBe(200);
      const listed = await client.call(getSessions);
      expect(answerOf(listed).data.map((session) => session.current)).toEqual([true, false]);
      expect((await client.call(endOtherSessions)).status).toBe(200);
      expect((await phone.call(checkAuth)).status).toBe(401);
      expect((await client.call(checkAuth)).status).toBe(200);
    });

    it('ASVS 5.0 6.x a new e-mail needs the current password and the link sent to it', async () => {
      const { client, registration } = await registerUser(server);
      const newEmail = `new-${registration.email}`;
      expect(
        await client.call(changeEmail, { newEmail, password: 'wrong-password' }),
      ).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });
      expect(
        (
          await client.call(changeEmail, {
            newEmail,
            password: registration.password,
          })
        ).status,
      ).toBe(200);
      expect(answerOf(await client.call(checkAuth)).user!.email).toBe(registration.email);
      const mail = await waitForMail(server.outboxDir, newEmail);
      const otherBrowser = server.client();
      expect((await login(otherBrowser, registration.email, registration.password)).status).toBe(
        200,
      );
      expect((await client.call(confirmEmail, { token: tokenOf(mail.link) })).status).toBe(200);
      // The account's way back in changed: its other sessions ended.
      expect((await otherBrowser.call(checkAuth)).status).toBe(401);
      expect(answerOf(await client.call(checkAuth)).user!.email).toBe(newEmail);
    });

    it('V4.2.2 read-all-notifications (a GET that writes) needs a header a cross-site page cannot send', async () => {
      const { client } = await registerUser(server);
      expect(await client.call(readAllNotifications)).toMatchObject({
        status: 403,
        body: CROSS_ORIGIN,
      });
      expect(
        (
          await client.call(readAllNotifications, undefined, {
            headers: { 'x-requested-with': 'PromoClicks' },
          })
        ).status,
      ).toBe(200);
    });

    it('V2.2.1 reset-password is limited per address', async () => {
      const limited = await startTestApp(database.db, { RATE_LIMIT_PER_IP: '3' });
      try {
        const answers = [];
        for (let i = 0; i < 4; i++) {
          answers.push(
            await limited.client().call(resetPassword, {
              resetPasswordToken: `guess-${i}`,
              newPassword: 'long-enough-1',
            }),
          );
        }
        expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 429]);
        expect(answers[3]!.body).toEqual(TOO_MANY);
      } finally {
        await limited.close();
      }
    });
  });
});
