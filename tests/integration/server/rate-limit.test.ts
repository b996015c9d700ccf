import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPartnerSimulator, type PartnerSimulator } from '@/dev/partner-simulator';
import {
  changePassword,
  checkResetLink,
  forgotPassword,
  loginWithPartner,
  register as registerEndpoint,
  verifyEmail,
} from '@/shared/contract/auth';
import { login as loginEndpoint } from '@/shared/contract/login';
import { databaseKinds, newRegistration, startTestApp, type TestApp } from '../../helpers/server';
import { useTestDatabase } from '../../helpers/fixtures';

/** The partner's slug in the call's path: login-with-partner (PARTNER_SLUG's default). */
const AS_PARTNER = { params: { product: 'partner' } };

const TOO_MANY = {
  success: false,
  message: 'Too many attempts. Please wait a few minutes and try again.',
};

describe.each(databaseKinds())('rate limits on %s', (kind) => {
  const database = useTestDatabase(kind);
  let partner: PartnerSimulator;

  beforeAll(async () => {
    partner = await startPartnerSimulator({
      accounts: [
        { username: 'limited', password: 'limited-secret', email: 'limited@partner.example' },
      ],
    });
  });
  afterAll(() => partner?.stop());

  /** Each test gets its own app, so its counters start at zero. */
  async function appWithLimits(perIp: number, perAccount: number): Promise<TestApp> {
    return startTestApp(database.db, {
      PARTNER_URL: partner.url,
      RATE_LIMIT_PER_IP: String(perIp),
      RATE_LIMIT_PER_ACCOUNT: String(perAccount),
    });
  }

  async function withApp(
    perIp: number,
    perAccount: number,
    run: (server: TestApp) => Promise<void>,
  ): Promise<void> {
    const server = await appWithLimits(perIp, perAccount);
    try {
      await run(server);
    } finally {
      await server.close();
    }
  }

  it('locks an account after its failed logins, even with the right password', () =>
    withApp(100, 3, async (server) => {
      const registration = newRegistration();
      await server.client().call(registerEndpoint, registration);
      const wrong = { email: registration.email, password: 'wrong-password' };
      for (let i = 0; i < 3; i++) {
        expect((await server.client().call(loginEndpoint, wrong)).status).toBe(401);
      }
      const locked = await server
        .client()
        .call(loginEndpoint, { email: registration.email, password: registration.password });
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual(TOO_MANY);
      // Another account from the same IP is not affected.
      const other = newRegistration();
      await server.client().call(registerEndpoint, other);
      const ok = await server
        .client()
        .call(loginEndpoint, { email: other.email, password: other.password });
      expect(ok.status).toBe(200);
    }));

  it('does not count successful logins against the account', () =>
    withApp(100, 2, async (server) => {
      const registration = newRegistration();
      await server.client().call(registerEndpoint, registration);
      const right = { email: registration.email, password: registration.password };
      for (let i = 0; i < 4; i++) {
        expect((await server.client().call(loginEndpoint, right)).status).toBe(200);
      }
    }));

  it('limits logins per IP', () =>
    withApp(3, 100, async (server) => {
      for (let i = 0; i < 3; i++) {
        const response = await server
          .client()
          .call(loginEndpoint, { email: `ip${i}@example.com`, password: 'whatever-123' });
        expect(response.status).toBe(401);
      }
      const response = await server
        .client()
        .call(loginEndpoint, { email: 'ip9@example.com', password: 'whatever-123' });
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    }));

  it('limits partner logins per IP and per partner username', () =>
    withApp(100, 2, async (server) => {
      for (let i = 0; i < 2; i++) {
        const response = await server
          .client()
          .call(loginWithPartner, { username: 'limited', password: 'wrong-secret' }, AS_PARTNER);
        expect(response.status).toBe(401);
      }
      const locked = await server
        .client()
        .call(loginWithPartner, { username: 'LIMITED', password: 'limited-secret' }, AS_PARTNER);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual(TOO_MANY);
    }));

  it('limits partner logins per IP', () =>
    withApp(2, 100, async (server) => {
      for (let i = 0; i < 2; i++) {
        await server
          .client()
          .call(loginWithPartner, { username: `someone${i}`, password: 'x' }, AS_PARTNER);
      }
      const response = await server
        .client()
        .call(loginWithPartner, { username: 'limited', password: 'limited-secret' }, AS_PARTNER);
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    }));

  it('limits registrations per IP', () =>
    withApp(2, 100, async (server) => {
      for (let i = 0; i < 2; i++) {
        const response = await server.client().call(registerEndpoint, newRegistration());
        expect(response.status).toBe(201);
      }
      const response = await server.client().call(registerEndpoint, newRegistration());
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    }));

  it('limits registrations per e-mail', () =>
    withApp(100, 2, async (server) => {
      const email = newRegistration().email;
      for (let i = 0; i < 2; i++) {
        await server.client().call(registerEndpoint, newRegistration({ email }));
      }
      const response = await server.client().call(registerEndpoint, newRegistration({ email }));
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    }));

  it('limits forgot-password per e-mail with the same answer for known and unknown ones', () =>
    withApp(100, 2, async (server) => {
      for (let i = 0; i < 2; i++) {
        const response = await server
          .client()
          .call(forgotPassword, { email: 'mailbomb@example.com' });
        expect(response.status).toBe(200);
      }
      const response = await server
        .client()
        .call(forgotPassword, { email: 'MailBomb@example.com' });
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    }));

  it('limits forgot-password per IP', () =>
    withApp(2, 100, async (server) => {
      for (let i = 0; i < 2; i++) {
        await server.client().call(forgotPassword, { email: `f${i}@example.com` });
      }
      const response = await server.client().call(forgotPassword, { email: 'f9@example.com' });
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    }));

  it('limits verify-email per IP', () =>
    withApp(2, 100, async (server) => {
      for (let i = 0; i < 2; i++) {
        const response = await server.client().call(verifyEmail, { code: `bad${i}` });
        expect(response.status).toBe(400);
      }
      const response = await server.client().call(verifyEmail, { code: 'bad9' });
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    }));

  it('limits the reset link check per IP', () =>
    withApp(2, 100, async (server) => {
      for (let i = 0; i < 2; i++) {
        const response = await server
          .client()
          .call(checkResetLink, { resetPasswordToken: `bad${i}` });
        expect(response.status).toBe(400);
      }
      const response = await server.client().call(checkResetLink, { resetPasswordToken: 'bad9' });
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    }));

  it("limits a signed-in account's failed verify-email codes", () =>
    withApp(100, 2, async (server) => {
      const client = server.client();
      await client.call(registerEndpoint, newRegistration());
      for (let i = 0; i < 2; i++) {
        expect((await client.call(verifyEmail, { code: `bad${i}` })).status).toBe(400);
      }
      const response = await client.call(verifyEmail, { code: 'bad9' });
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    }));

  it("limits a signed-in account's wrong current passwords on change-password", () =>
    withApp(100, 2, async (server) => {
      const client = server.client();
      const registration = newRegistration();
      await client.call(registerEndpoint, registration);
      const wrong = { oldPassword: 'not-my-password', newPassword: 'changed-password' };
      for (let i = 0; i < 2; i++) {
        expect((await client.call(changePassword, wrong)).status).toBe(400);
      }
      const response = await client.call(changePassword, {
        oldPassword: registration.password,
        newPassword: 'changed-password',
      });
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    }));
});
