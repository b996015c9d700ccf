import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { login as loginEndpoint } from '@/shared/contract/login';
import {
  addPasskey as addPasskeyEndpoint,
  getPasskeys,
  passkeyAddOptions,
  passkeySignInOptions,
  passkeySignIn,
  removePasskey,
  renamePasskey,
} from '@/shared/contract/passkeys';
import { enableTwoFactor, loginSecondFactor, setUpTwoFactor } from '@/shared/contract/two-factor';
import { checkAuth } from '@/shared/contract/user';
import { SoftAuthenticator } from '../../helpers/soft-authenticator';
import {
  answerOf,
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
async function optionsOf<T = Options>(
  client: TestClient,
  ceremony: typeof passkeyAddOptions | typeof passkeySignInOptions,
): Promise<T> {
  const answer = await client.call(ceremony);
  expect(answer.status).toBe(200);
  return JSON.parse(answerOf(answer).options) as T;
}

describe.each(databaseKinds())('passkeys on %s', (kind) => {
  const t = useTestApp(kind);

  /** Adds a passkey after "Confirm it's you" (issue 32 point 8). */
  async function addPasskey(client: TestClient, authenticator: SoftAuthenticator, name?: string) {
    await confirmIdentity(client);
    const credential = authenticator.create(await optionsOf(client, passkeyAddOptions));
    return client.call(
      addPasskeyEndpoint,
      { credential, ...(name === undefined ? {} : { name }) },
      { headers: { 'user-agent': CHROME_MAC } },
    );
  }

  async function signInWith(browser: TestClient, authenticator: SoftAuthenticator) {
    const options = await optionsOf(browser, passkeySignInOptions);
    return browser.call(passkeySignIn, { credential: authenticator.get(options) });
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
    const listed = await client.call(getPasskeys);
    expect(answerOf(listed).data).toEqual([
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
    expect((await browser.call(checkAuth)).status).toBe(200);
    const after = await client.call(getPasskeys);
    expect(answerOf(after).data[0]!.lastUsedAt).not.toBeNull();
  });

  it('refuses an answer for another origin, a replayed answer, and one without a ceremony', async () => {
    const { client } = await registerUser(t.server);
    const authenticator = new SoftAuthenticator(TEST_APP_URL);
    await addPasskey(client, authenticator);
    const browser = t.server.client();

    const options = await optionsOf(browser, passkeySignInOptions);
    const phished = authenticator.get(options, undefined, {
      origin: 'https://app.test.evil.example',
    });
    expect(await browser.call(passkeySignIn, { credential: phished })).toMatchObject({
      status: 400,
      body: FAILED,
    });
    // The ceremony answered once, even wrongly: the same challenge cannot be tried again.
    const retry = authenticator.get(options);
    expect(await browser.call(passkeySignIn, { credential: retry })).toMatchObject({
      status: 400,
      body: EXPIRED,
    });
    expect(await t.server.client().call(passkeySignIn, { credential: retry })).toMatchObject({
      status: 400,
      body: EXPIRED,
    });
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('refuses a signature counter that went back (a cloned authenticator)', async () => {
    const { client } = await registerUser(t.server);
    const authenticator = new SoftAuthenticator(TEST_APP_URL);
    await addPasskey(client, authenticator);
    expect((await signInWith(t.server.client(), authenticator)).status).toBe(200);
    const browser = t.server.client();
    const options = await optionsOf(browser, passkeySignInOptions);
    const cloned = authenticator.get(options, undefined, { counter: 1 });
    expect(await browser.call(passkeySignIn, { credential: cloned })).toMatchObject({
      status: 400,
      body: FAILED,
    });
  });

  it('renames and removes only the caller’s own passkeys', async () => {
    const alice = await registerUser(t.server);
    const bob = await registerUser(t.server);
    const authenticator = new SoftAuthenticator(TEST_APP_URL);
    const added = await addPasskey(alice.client, authenticator, 'Work laptop');
    const id = answerOf(added).passkey.id;
    expect(answerOf(added).passkey.name).toBe('Work laptop');
    // Bob proved himself too: what refuses him is that the passkey is not his.
    await confirmIdentity(bob.client);

    expect(await bob.client.call(renamePasskey, { id, name: 'Mine now' })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await bob.client.call(removePasskey, { id })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await alice.client.call(renamePasskey, { id, name: '  Phone  ' })).toMatchObject({
      status: 200,
      body: { success: true, message: 'Passkey renamed.' },
    });
    expect(await alice.client.call(getPasskeys)).toMatchObject({
      body: { data: [{ name: 'Phone' }] },
    });
    expect(await alice.client.call(removePasskey, { id })).toMatchObject({
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
    const setup = await client.call(setUpTwoFactor);
    const totp = new TOTP({ secret: Secret.fromBase32(answerOf(setup).secret) });
    expect((await client.call(enableTwoFactor, { code: totp.generate() })).status).toBe(200);

    const browser = t.server.client();
    expect(await browser.call(loginEndpoint, registration)).toMatchObject({
      status: 200,
      body: { secondFactor: { totp: true, passkey: true } },
    });
    // The options name only this account's passkeys; another account's is refused.
    const options = await optionsOf<{ allowCredentials: { id: string }[] } & Options>(
      browser,
      passkeySignInOptions,
    );
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.passkeys[0]!.id]);
    expect(
      await browser.call(passkeySignIn, {
        credential: othersKey.get(options),
      }),
    ).toMatchObject({
      status: 400,
      body: { success: false, message: 'This passkey belongs to another account.' },
    });
    const again = await optionsOf(browser, passkeySignInOptions);
    const signedIn = await browser.call(passkeySignIn, {
      credential: authenticator.get(again),
    });
    expect(signedIn).toMatchObject({ status: 200, body: { user: { email: registration.email } } });
    // The half-done sign-in is over: its second step cannot be used again.
    expect(await browser.call(loginSecondFactor, { code: totp.generate() })).toMatchObject({
      status: 401,
    });
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
    expect((await anonymous.call(getPasskeys)).status).toBe(401);
  });
});
