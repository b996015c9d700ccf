import { describe, expect, it } from 'vitest';
import { hashSecret } from '@/server/domain/auth/secrets';
import { register as registerEndpoint } from '@/shared/contract/auth';
import { login as loginEndpoint } from '@/shared/contract/login';
import { endOtherSessions, endSession, getSessions } from '@/shared/contract/sessions';
import { checkAuth as checkAuthEndpoint } from '@/shared/contract/user';
import {
  answerOf,
  databaseKinds,
  newRegistration,
  PRODUCTION_TEST_ENV,
  readOutbox,
  startTestApp,
  TEST_APP_URL,
  type TestClient,
  waitForMail,
} from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

/** Issue 16 point 7: the sessions list on /account, ending sessions, and the new-browser mail. */

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAFARI_ON_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const NEW_SIGN_IN = 'New sign-in to your PromoClicks account';
const NOT_FOUND = { success: false, message: 'Session not found' };
const NOT_AUTHENTICATED = { success: false, message: 'Not authenticated' };

interface ListedSession {
  id: string;
  browser: string | null;
  system: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

describe.each(databaseKinds())('the sessions list on %s', (kind) => {
  const t = useTestApp(kind);

  /** A new account, registered from a browser with this User-Agent. */
  async function registered(userAgent = CHROME_ON_WINDOWS) {
    const client = t.server.client();
    const registration = newRegistration();
    const response = await client.call(registerEndpoint, registration, {
      headers: {
        'user-agent': userAgent,
      },
    });
    expect(response.status).toBe(201);
    return { client, registration };
  }

  /** Another browser (a cookie jar of its own) signed in to the account. */
  async function signedInElsewhere(
    registration: { email: string; password: string },
    userAgent: string,
  ): Promise<TestClient> {
    const client = t.server.client();
    const response = await login(client, registration, userAgent);
    expect(response.status).toBe(200);
    return client;
  }

  const login = (
    client: TestClient,
    { email, password }: { email: string; password: string },
    userAgent: string,
  ) => client.call(loginEndpoint, { email, password }, { headers: { 'user-agent': userAgent } });

  async function sessionsOf(client: TestClient): Promise<ListedSession[]> {
    const response = await client.call(getSessions);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Sessions fetched successfully',
    });
    return answerOf(response).data;
  }

  const checkAuth = (client: TestClient) => client.call(checkAuthEndpoint);

  it('lists the caller’s sessions with browser, system, address and times, the current one first and marked', async () => {
    const { client, registration } = await registered(CHROME_ON_WINDOWS);
    const other = await signedInElsewhere(registration, FIREFOX_ON_LINUX);

    const sessions = await sessionsOf(client);
    const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        browser: 'Chrome',
        system: 'Windows',
        ip: '127.0.0.1',
        createdAt: iso,
        lastSeenAt: iso,
        current: true,
      },
      {
        id: expect.any(String),
        browser: 'Firefox',
        system: 'Linux',
        ip: '127.0.0.1',
        createdAt: iso,
        lastSeenAt: iso,
        current: false,
      },
    ]);
    // The other browser sees the same two sessions, with its own marked.
    expect((await sessionsOf(other)).map((session) => [session.browser, session.current])).toEqual([
      ['Firefox', true],
      ['Chrome', false],
    ]);
  });

  it('names sessions by a public id that is neither the cookie’s secret nor its hash', async () => {
    const { client, registration } = await registered();
    const other = await signedInElsewhere(registration, FIREFOX_ON_LINUX);
    const ids = (await sessionsOf(client)).map((session) => session.id);
    const secrets = [client, other].map((browser) => browser.cookies.get('sid')!);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      for (const secret of secrets) {
        expect(id).not.toBe(secret);
        expect(id).not.toBe(hashSecret(secret));
      }
    }
  });

  it.each([
    ['no User-Agent', ''],
    ['words of its own', 'Please reset your password at evil.example/1.0 (Windows NT 10.0)'],
  ])('names no browser for a User-Agent with %s', async (_case, userAgent) => {
    const { client } = await registered(userAgent);
    const [session] = await sessionsOf(client);
    expect(session).toMatchObject({
      browser: null,
      system: userAgent ? 'Windows' : null,
      ip: '127.0.0.1',
    });
  });

  it('moves last seen with the sliding expiry of check-auth', async () => {
    const { client } = await registered();
    // As if the session was last refreshed an hour ago.
    await t.db.query(
      `UPDATE sessions SET expires_at = expires_at - interval '1 hour',
              last_seen_at = now() - interval '1 hour'
        WHERE id_hash = $1`,
      [hashSecret(client.cookies.get('sid')!)],
    );
    const [before] = await sessionsOf(client);
    expect(Date.now() - Date.parse(before!.lastSeenAt)).toBeGreaterThan(59 * 60 * 1000);

    expect((await checkAuth(client)).status).toBe(200);
    const [after] = await sessionsOf(client);
    expect(Date.now() - Date.parse(after!.lastSeenAt)).toBeLessThan(60 * 1000);
  });

  it('ends one session: its cookie gets 401 at once, the caller’s stays', async () => {
    const { client, registration } = await registered();
    const other = await signedInElsewhere(registration, FIREFOX_ON_LINUX);
    // Checked once, so the session is in the read cache when it ends.
    expect((await checkAuth(other)).status).toBe(200);
    const target = (await sessionsOf(client)).find((session) => !session.current)!;

    const response = await client.call(endSession, { id: target.id });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'The session was signed out' });

    expect(await checkAuth(other)).toMatchObject({ status: 401, body: NOT_AUTHENTICATED });
    expect((await checkAuth(client)).status).toBe(200);
    expect((await sessionsOf(client)).map((session) => session.current)).toEqual([true]);
    // Ended once: the same id names nothing any more.
    expect(await client.call(endSession, { id: target.id })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
  });

  it('ends the caller’s own session by its id as logout does', async () => {
    const { client } = await registered();
    const [own] = await sessionsOf(client);
    const response = await client.call(endSession, { id: own!.id });
    expect(response.status).toBe(200);
    expect(response.setCookies.find((cookie) => cookie.startsWith('sid='))).toMatch(/^sid=;/);
    // The cookie is gone: the browser is a signed-out visitor now.
    expect(await checkAuth(client)).toMatchObject({
      status: 200,
      body: { success: true, user: null },
    });
  });

  it('ends all other sessions and keeps the current one', async () => {
    const { client, registration } = await registered();
    const others = [
      await signedInElsewhere(registration, FIREFOX_ON_LINUX),
      await signedInElsewhere(registration, SAFARI_ON_IOS),
    ];
    for (const other of others) expect((await checkAuth(other)).status).toBe(200);

    const response = await client.call(endOtherSessions);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Signed out 2 other sessions',
      count: 2,
    });

    for (const other of others) {
      expect(await checkAuth(other)).toMatchObject({ status: 401, body: NOT_AUTHENTICATED });
    }
    expect((await checkAuth(client)).status).toBe(200);
    const sessions = await sessionsOf(client);
    expect(sessions.map((session) => [session.browser, session.current])).toEqual([
      ['Chrome', true],
    ]);

    expect((await client.call(endOtherSessions)).body).toEqual({
      success: true,
      message: 'There were no other sessions to sign out',
      count: 0,
    });
  });

  it('answers the generic 404 for another user’s session id and ends nothing', async () => {
    const owner = await registered();
    const ownerSessions = await sessionsOf(owner.client);
    const stranger = await registered(FIREFOX_ON_LINUX);

    const response = await stranger.client.call(endSession, {
      id: ownerSessions[0]!.id,
    });
    expect(response).toMatchObject({ status: 404, body: NOT_FOUND });
    // The same answer as an id that names no session at all.
    expect(await stranger.client.call(endSession, { id: 'no-such-session' })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });

    expect((await checkAuth(owner.client)).status).toBe(200);
    expect(await sessionsOf(owner.client)).toEqual(ownerSessions);
    // And nobody's list shows another user's sessions.
    expect((await sessionsOf(stranger.client)).map((session) => session.browser)).toEqual([
      'Firefox',
    ]);
  });

  it('refuses a missing id with 400 and callers without a session with 401', async () => {
    const { client } = await registered();
    expect(await client.post('/api/auth/end-session', {})).toMatchObject({
      status: 400,
      body: { success: false, message: 'Please choose a session' },
    });
    const anonymous = t.server.client();
    for (const path of [
      '/api/auth/sessions',
      '/api/auth/end-session',
      '/api/auth/end-other-sessions',
    ]) {
      expect(await anonymous.post(path, { id: 'x' })).toMatchObject({
        status: 401,
        body: NOT_AUTHENTICATED,
      });
    }
  });

  describe('the new-browser mail', () => {
    const newSignInMails = async (to: string) =>
      (await readOutbox(t.server.outboxDir)).filter(
        (mail) => mail.to === to && mail.subject === NEW_SIGN_IN,
      );

    it('is sent for a sign-in from a new browser, not at registration nor from a known browser', async () => {
      const { client, registration } = await registered(CHROME_ON_WINDOWS);
      // The browser that registered signs in again: known.
      expect((await login(client, registration, CHROME_ON_WINDOWS)).status).toBe(200);

      const firefox = t.server.client();
      expect((await login(firefox, registration, FIREFOX_ON_LINUX)).status).toBe(200);
      const mail = await waitForMail(t.server.outboxDir, registration.email, NEW_SIGN_IN);
      expect(mail.text).toContain(`Hello ${registration.username},`);
      expect(mail.text).toContain('Browser: Firefox on Linux');
      expect(mail.text).toContain('Address: 127.0.0.1');
      expect(mail.text).toMatch(/Time: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      expect(mail.link).toBe(`${TEST_APP_URL}/account`);
      expect(mail.text).toContain(
        `If it was not you, change your password and sign out the other sessions on your account page: ${TEST_APP_URL}/account`,
      );
      expect(mail.html).toContain(`<a href="${TEST_APP_URL}/account">`);

      // Firefox is known now; a third browser is not.
      expect((await login(firefox, registration, FIREFOX_ON_LINUX)).status).toBe(200);
      const safari = t.server.client();
      expect((await login(safari, registration, SAFARI_ON_IOS)).status).toBe(200);
      await expect.poll(() => newSignInMails(registration.email)).toHaveLength(2);
      const texts = (await newSignInMails(registration.email)).map((sent) =>
        sent.text.split('\n').find((line) => line.startsWith('Browser:')),
      );
      expect(texts.sort()).toEqual(['Browser: Firefox on Linux', 'Browser: Safari on iOS']);
    });

    it('gives each browser a long-lived httpOnly device cookie, stored only as a hash', async () => {
      const client = t.server.client();
      const registration = newRegistration();
      const response = await client.call(registerEndpoint, registration);
      const cookie = response.setCookies.find((header) => header.startsWith('did='));
      expect(cookie?.split('; ').slice(1)).toEqual([
        'Max-Age=31536000',
        'Path=/',
        'HttpOnly',
        'SameSite=Lax',
      ]);
      const deviceId = client.cookies.get('did')!;
      expect(deviceId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await t.db.query<{ device_hash: string }>(
        `SELECT d.device_hash FROM user_devices d JOIN users u ON u.id = d.user_id
          WHERE u.email = $1`,
        [registration.email],
      );
      expect(rows).toEqual([{ device_hash: hashSecret(deviceId) }]);
    });

    it('says "Unknown browser" for a User-Agent with words of its own', async () => {
      const { registration } = await registered();
      const signIn = await login(
        t.server.client(),
        registration,
        'Please reset your password at evil.example/1.0',
      );
      expect(signIn.status).toBe(200);
      const mail = await waitForMail(t.server.outboxDir, registration.email, NEW_SIGN_IN);
      expect(mail.text).toContain('Browser: Unknown browser\n');
      expect(mail.text).not.toContain('evil.example');
    });

    it('comes with a device cookie that is Secure in production', async () => {
      const { registration } = await registered();
      const production = await startTestApp(t.db, PRODUCTION_TEST_ENV);
      try {
        const response = await login(production.client(), registration, FIREFOX_ON_LINUX);
        expect(response.status).toBe(200);
        const cookie = response.setCookies.find((header) => header.startsWith('did='));
        expect(cookie?.split('; ').slice(1)).toEqual([
          'Max-Age=31536000',
          'Path=/',
          'HttpOnly',
          'Secure',
          'SameSite=Lax',
        ]);
      } finally {
        await production.close();
      }
    });

    it('counts a made-up device cookie as a new browser and replaces it', async () => {
      const { registration } = await registered();
      const forged = t.server.client();
      forged.cookies.set('did', 'not-a-device-id');
      expect((await login(forged, registration, SAFARI_ON_IOS)).status).toBe(200);
      const mail = await waitForMail(t.server.outboxDir, registration.email, NEW_SIGN_IN);
      expect(mail.text).toContain('Browser: Safari on iOS');
      expect(forged.cookies.get('did')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });
  });
});
