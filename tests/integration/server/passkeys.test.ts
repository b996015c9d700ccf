import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../helpers/soft-authenticator';
import {
  confirmIdentity,
  databaseKinds,
  registerUser,
  TEST_APP_URL,
  type TestClient,
  waitForMail,
} from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

/** Issue 16 point 6: passkeys added, named, removed, signed in with, and as a second factor. */

type Options = { challenge: string; user: { id: string } };
const FAILED = { success: false, message: 'The passkey could not be checked. Please try again.' };
const EXPIRED = {
  success: false,
  message: 'The passkey request has expired. Please try again.',
};
const NOT_FOUND = { success: false, message: 'Passkey not found' };
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A ceremony's options: JSON text in the answer, for the browser as they are. */
async function optionsOf<T = Options>(client: TestClient, path: string): Promise<T> {
  const answer = await client.post<{ options: string }>(path);
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body.options) as T;
}

describe.each(databaseKinds())('passkeys on %s', (kind) => {
  const t = useTestApp(kind);

  /** Adds a passkey after "Confirm it's you" (issue 32 point 8). */
  async function addPasskey(client: TestClient, authenticator: SoftAuthenticator, name?: string) {
    await confirmIdentity(client);
    const credential = authenticator.create(await optionsOf(client, '/api/auth/passkeys/options'));
    return client.post<{ passkey: { id: string; name: string } }>(
      '/api/auth/passkeys/add',
      { credential, ...(name === undefined ? {} : { name }) },
      { 'user-agent': CHROME_MAC },
    );
  }

  async function signInWith(browser: TestClient, authenticator: SoftAuthenticator) {
    const options = await optionsOf(browser, '/api/auth/passkey-sign-in/options');
    return browser.post('/api/auth/passkey-sign-in', { credential: authenticator.get(options) });
  }

  it('adds a passkey named after the browser, and signs in with it without a password', async () => {
    const { client, registration } = await registerUser(t.server);
    const authenticator = new SoftAuthenticator(TEST_APP_URL);
    const added = await addPasskey(client, authenticator);
    expect(added).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Passkey added. You can now sign in with it.',
        passkey: { id: authenticator.passkeys[0]!.id, name: 'Passkey on Chrome on macOS' },
      },
    });
    const told = await waitForMail(
      t.server.outboxDir,
      registration.email,
      'Your PromoClicks sign-in settings changed',
    );
    expect(told.text).toContain(
      'A passkey ("Passkey on Chrome on macOS") was added on your account just now.',
    );
    const listed = await client.get<{ data: { id: string; name: string; lastUsedAt: null }[] }>(
      '/api/auth/passkeys',
    );
    expect(listed.body.data).toEqual([
      {
        id: authenticator.passkeys[0]!.id,
        name: 'Passkey on Chrome on macOS',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);

    const browser = t.server.client();
    const signedIn = await signInWith(browser, authenticator);
    expect(signedIn).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Logged in successfully',
        user: { email: registration.email },
      },
    });
    expect((await browser.get('/api/auth/check-auth')).status).toBe(200);
    const after = await client.get<{ data: { lastUsedAt: string | null }[] }>('/api/auth/passkeys');
    expect(after.body.data[0]!.lastUsedAt).not.toBeNull();
  });

  it('refuses an answer for another origin, a replayed answer, and one without a ceremony', async () => {
    const { client } = await registerUser(t.server);
    const authenticator = new SoftAuthenticator(TEST_APP_URL);
    await addPasskey(client, authenticator);
    const browser = t.server.client();

    const options = await optionsOf(browser, '/api/auth/passkey-sign-in/options');
    const phished = authenticator.get(options, undefined, {
      origin: 'https://app.test.evil.example',
    });
    expect(await browser.post('/api/auth/passkey-sign-in', { credential: phished })).toMatchObject({
      status: 400,
      body: FAILED,
    });
    // The ceremony answered once, even wrongly: the same challenge cannot be tried again.
    const retry = authenticator.get(options);
    expect(await browser.post('/api/auth/passkey-sign-in', { credential: retry })).toMatchObject({
      status: 400,
      body: EXPIRED,
    });
    expect(
      await t.server.client().post('/api/auth/passkey-sign-in', { credential: retry }),
    ).toMatchObject({ status: 400, body: EXPIRED });
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('refuses a signature counter that went back (a cloned authenticator)', async () => {
    const { client } = await registerUser(t.server);
    const authenticator = new SoftAuthenticator(TEST_APP_URL);
    await addPasskey(client, authenticator);
    expect((await signInWith(t.server.client(), authenticator)).status).toBe(200);
    const browser = t.server.client();
    const options = await optionsOf(browser, '/api/auth/passkey-sign-in/options');
    const cloned = authenticator.get(options, undefined, { counter: 1 });
    expect(await browser.post('/api/auth/passkey-sign-in', { credential: cloned })).toMatchObject({
      status: 400,
      body: FAILED,
    });
  });

  it('renames and removes only the caller’s own passkeys', async () => {
    const alice = await registerUser(t.server);
    const bob = await registerUser(t.server);
    const authenticator = new SoftAuthenticator(TEST_APP_URL);
    const added = await addPasskey(alice.client, authenticator, 'Work laptop');
    const id = added.body.passkey.id;
    expect(added.body.passkey.name).toBe('Work laptop');
    // Bob proved himself too: what refuses him is that the passkey is not his.
    await confirmIdentity(bob.client);

    expect(
      await bob.client.post('/api/auth/passkeys/rename', { id, name: 'Mine now' }),
    ).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await bob.client.post('/api/auth/passkeys/remove', { id })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(
      await alice.client.post('/api/auth/passkeys/rename', { id, name: '  Phone  ' }),
    ).toMatchObject({ status: 200, body: { success: true, message: 'Passkey renamed.' } });
    expect(
      await alice.client.get<{ data: { name: string }[] }>('/api/auth/passkeys'),
    ).toMatchObject({ body: { data: [{ name: 'Phone' }] } });
    expect(await alice.client.post('/api/auth/passkeys/remove', { id })).toMatchObject({
      status: 200,
      body: { success: true, message: 'Passkey removed.' },
    });
    // A removed passkey signs in no more.
    expect(await signInWith(t.server.client(), authenticator)).toMatchObject({
      status: 400,
      body: FAILED,
    });
  });

  it('is a second factor: with two-factor sign-in on, a passkey of that account ends the sign-in', async () => {
    const { client, registration } = await registerUser(t.server);
    const other = await registerUser(t.server);
    const authenticator = new SoftAuthenticator(TEST_APP_URL);
    await addPasskey(client, authenticator);
    const othersKey = new SoftAuthenticator(TEST_APP_URL);
    await addPasskey(other.client, othersKey);
    const setup = await client.post<{ secret: string }>('/api/auth/two-factor/setup');
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.secret) });
    expect(
      (await client.post('/api/auth/two-factor/enable', { code: totp.generate() })).status,
    ).toBe(200);

    const browser = t.server.client();
    expect(await browser.post('/api/auth/login', registration)).toMatchObject({
      status: 200,
      body: { secondFactor: { totp: true, passkey: true } },
    });
    // The options name only this account's passkeys; another account's is refused.
    const options = await optionsOf<{ allowCredentials: { id: string }[] } & Options>(
      browser,
      '/api/auth/passkey-sign-in/options',
    );
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.passkeys[0]!.id]);
    expect(
      await browser.post('/api/auth/passkey-sign-in', {
        credential: othersKey.get(options),
      }),
    ).toMatchObject({
      status: 400,
      body: { success: false, message: 'This passkey belongs to another account.' },
    });
    const again = await optionsOf(browser, '/api/auth/passkey-sign-in/options');
    const signedIn = await browser.post('/api/auth/passkey-sign-in', {
      credential: authenticator.get(again),
    });
    expect(signedIn).toMatchObject({ status: 200, body: { user: { email: registration.email } } });
    // The half-done sign-in is over: its second step cannot be used again.
    expect(
      await browser.post('/api/auth/login-second-factor', { code: totp.generate() }),
    ).toMatchObject({ status: 401 });
  });

  it('needs a signed-in caller to add, list, rename or remove', async () => {
    const anonymous = t.server.client();
    for (const path of [
      '/api/auth/passkeys/options',
      '/api/auth/passkeys/add',
      '/api/auth/passkeys/rename',
      '/api/auth/passkeys/remove',
    ]) {
      expect((await anonymous.post(path, {})).status).toBe(401);
    }
    expect((await anonymous.get('/api/auth/passkeys')).status).toBe(401);
  });
});
