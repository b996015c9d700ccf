import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPartnerSimulator, type PartnerSimulator } from '@/dev/partner-simulator';
import { loginWithPartner, register as registerEndpoint } from '@/shared/contract/auth';
import { login as loginEndpoint } from '@/shared/contract/login';
import { checkAuth } from '@/shared/contract/user';
import { databaseKinds, newRegistration, startTestApp, type TestApp } from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

/** The partner's slug in the call's path: login-with-partner (PARTNER_SLUG's default). */
const AS_PARTNER = { params: { product: 'partner' } };
const INVALID = { success: false, message: 'Invalid username or password' };
const UNREACHABLE = {
  success: false,
  message: 'The partner site is not reachable right now. Please try again later.',
};

const ACCOUNTS = [
  { username: 'Anna_Partner', password: 'anna-secret', email: 'anna@partner.example' },
  { username: 'maria', password: 'maria-secret', email: 'maria@partner.example' },
  { username: 'clash', password: 'clash-secret', email: 'clash@example.com' },
  { username: 'race', password: 'race-secret', email: 'race@partner.example' },
];

describe.each(databaseKinds())('login with the partner account on %s', (kind) => {
  let partner: PartnerSimulator;

  beforeAll(async () => {
    partner = await startPartnerSimulator({ port: 0, accounts: ACCOUNTS });
  });
  afterAll(() => partner?.stop());
  const t = useTestApp(kind, () => ({ PARTNER_URL: partner.url }));

  async function userRows(email: string) {
    return t.db.query<{
      username: string;
      partner_username: string;
      password_hash: string | null;
      is_verified: boolean;
      balance_cents: number;
    }>('SELECT * FROM users WHERE email = $1', [email]);
  }

  it('creates the local account on first use, verified, without password, balance 0', async () => {
    const client = t.server.client();
    const response = await client.call(
      loginWithPartner,
      { username: 'Anna_Partner', password: 'anna-secret' },
      AS_PARTNER,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Logged in successfully',
      user: {
        username: 'Anna_Partner',
        email: 'anna@partner.example',
        isVerified: true,
        crypto_balance: 0,
        campaigns: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(client.cookies.get('sid')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await client.call(checkAuth)).body).toMatchObject({
      user: { username: 'Anna_Partner' },
    });
    const rows = await userRows('anna@partner.example');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: 'Anna_Partner',
      partner_username: 'Anna_Partner',
      password_hash: null,
      is_verified: true,
      balance_cents: 0,
    });
  });

  it('signs in to the same account later, whatever the letter case, with a new session', async () => {
    const first = t.server.client();
    await first.call(
      loginWithPartner,
      { username: 'Anna_Partner', password: 'anna-secret' },
      AS_PARTNER,
    );
    const second = t.server.client();
    const response = await second.call(
      loginWithPartner,
      { username: 'anna_partner', password: 'anna-secret' },
      AS_PARTNER,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ user: { username: 'Anna_Partner' } });
    expect(second.cookies.get('sid')).not.toBe(first.cookies.get('sid'));
    expect(await userRows('anna@partner.example')).toHaveLength(1);
  });

  it('makes the username unique when a local account has it', async () => {
    const local = newRegistration({ username: 'maria' });
    expect((await t.server.client().call(registerEndpoint, local)).status).toBe(201);
    const response = await t.server
      .client()
      .call(loginWithPartner, { username: 'maria', password: 'maria-secret' }, AS_PARTNER);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      user: { username: 'maria_2', email: 'maria@partner.example', isVerified: true },
    });
  });

  it('creates one account when two first logins race', async () => {
    const [a, b] = await Promise.all([
      t.server
        .client()
        .call(loginWithPartner, { username: 'race', password: 'race-secret' }, AS_PARTNER),
      t.server
        .client()
        .call(loginWithPartner, { username: 'race', password: 'race-secret' }, AS_PARTNER),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await userRows('race@partner.example')).toHaveLength(1);
  });

  // Issue 16 point 5: its owner is mailed a link instead (partner-link.test.ts).
  it('does not sign in to a local account that has the partner account e-mail', async () => {
    const local = newRegistration({ email: 'clash@example.com' });
    expect((await t.server.client().call(registerEndpoint, local)).status).toBe(201);
    const client = t.server.client();
    const response = await client.call(
      loginWithPartner,
      { username: 'clash', password: 'clash-secret' },
      AS_PARTNER,
    );
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      success: false,
      message:
        'An account with this e-mail already exists. We sent it a link: open it while signed in to that account to link your CreatorFinder account.',
    });
    expect(client.cookies.has('sid')).toBe(false);
    expect(await userRows('clash@example.com')).toMatchObject([{ partner_username: null }]);
  });

  it('answers 401 when the partner refuses the password', async () => {
    const client = t.server.client();
    const response = await client.call(
      loginWithPartner,
      { username: 'Anna_Partner', password: 'wrong' },
      AS_PARTNER,
    );
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID);
    expect(client.cookies.has('sid')).toBe(false);
  });

  it('answers 401 for an unknown partner username', async () => {
    const response = await t.server
      .client()
      .call(loginWithPartner, { username: 'ghost', password: 'whatever' }, AS_PARTNER);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID);
  });

  it('answers 400 without a username', async () => {
    const response = await t.server
      .client()
      .call(loginWithPartner, { username: ' ', password: 'whatever' }, AS_PARTNER);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: 'Username is required' });
  });

  it('answers 502 when the partner site fails with 5xx', async () => {
    partner.failLogins(503);
    try {
      const response = await t.server
        .client()
        .call(loginWithPartner, { username: 'Anna_Partner', password: 'anna-secret' }, AS_PARTNER);
      expect(response.status).toBe(502);
      expect(response.body).toEqual(UNREACHABLE);
    } finally {
      partner.failLogins();
    }
  });

  it('does not let a partner account sign in with e-mail and an empty password hash', async () => {
    const response = await t.server
      .client()
      .call(loginEndpoint, { email: 'anna@partner.example', password: 'anna-secret' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, message: 'Invalid email or password' });
  });

  describe('when the partner site is down or silent', () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    let down: TestApp;
    let hanging: TestApp;

    beforeAll(async () => {
      // Accepts connections and never answers.
      silent = createServer((socket) => {
        sockets.add(socket);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      down = await startTestApp(t.db, { PARTNER_URL: 'http://127.0.0.1:9' });
      hanging = await startTestApp(t.db, {
        PARTNER_URL: `http://127.0.0.1:${port}`,
        PARTNER_TIMEOUT_MS: '200',
      });
    });
    afterAll(async () => {
      await down?.close();
      await hanging?.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent?.close(resolve));
    });

    it('answers 502 when nothing listens', async () => {
      const response = await down
        .client()
        .call(loginWithPartner, { username: 'Anna_Partner', password: 'anna-secret' }, AS_PARTNER);
      expect(response.status).toBe(502);
      expect(response.body).toEqual(UNREACHABLE);
    });

    it('answers 502 when the partner does not answer in time', async () => {
      const response = await hanging
        .client()
        .call(loginWithPartner, { username: 'Anna_Partner', password: 'anna-secret' }, AS_PARTNER);
      expect(response.status).toBe(502);
      expect(response.body).toEqual(UNREACHABLE);
    });
  });

  describe('with another partner slug', () => {
    let renamed: TestApp;
    beforeAll(async () => {
      renamed = await startTestApp(t.db, {
        PARTNER_URL: partner.url,
        PARTNER_SLUG: 'creatorfinder',
      });
    });
    afterAll(() => renamed?.close());

    it('serves the call at /api/auth/login-with-{slug}', async () => {
      const response = await renamed.client().call(
        loginWithPartner,
        {
          username: 'Anna_Partner',
          password: 'anna-secret',
        },
        { params: { product: 'creatorfinder' } },
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ user: { username: 'Anna_Partner' } });
      const old = await renamed
        .client()
        .call(loginWithPartner, { username: 'Anna_Partner', password: 'anna-secret' }, AS_PARTNER);
      expect(old.status).toBe(404);
    });
  });
});
