import { describe, expect, it } from 'vitest';
import { issueToken } from '@/server/domain/auth/tokens';
import { PASSWORD_RULE_MESSAGES } from '@/shared/rules/account';
import { register as registerEndpoint, resetPassword } from '@/shared/contract/auth';
import { setPassword } from '@/shared/contract/profile';
import { databaseKinds, newRegistration, registerUser } from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

/**
 * Issue 32 point 1 (NIST SP 800-63B §3.1.1.2): registration, password change, reset and a first
 * password accepted `password`, `12345678`, `qwertyui`, `iloveyou` and `11111111`. A new password is
 * refused when it is among the 100,000 most common or contains the username or the e-mail's name
 * (4+ characters, any case), with a message that says why, and the refusal changes nothing.
 */

const FOUND_COMMON = ['password', '12345678', 'qwertyui', 'iloveyou', '11111111'];
const refused = (message: string) => ({ status: 400, body: { success: false, message } });

describe.each(databaseKinds())('new passwords on %s', (kind) => {
  const t = useTestApp(kind);

  async function answer(promise: Promise<{ status: number; body: unknown }>) {
    const { status, body } = await promise;
    return { status, body };
  }

  async function hashOf(userId: number) {
    const [row] = await t.db.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [userId],
    );
    return row!.password_hash;
  }

  it('refuses a common password at registration, and creates no account', async () => {
    for (const password of [...FOUND_COMMON, 'PassWord', 'Iloveyou']) {
      const registration = newRegistration({ password, confirmPassword: password });
      expect(
        await answer(t.server.client().call(registerEndpoint, registration)),
        password,
      ).toEqual(refused(PASSWORD_RULE_MESSAGES.common));
      const rows = await t.db.query('SELECT 1 FROM users WHERE email = $1', [registration.email]);
      expect(rows).toEqual([]);
    }
  });

  it('refuses a password holding the username or the e-mail name, in any case', async () => {
    const registration = newRegistration({
      username: `Marguerite${kind}`,
      email: `m.duval.${kind}@example.com`,
    });
    const withUsername = `x-${registration.username.toUpperCase()}-9`;
    expect(
      await answer(
        t.server.client().call(registerEndpoint, {
          ...registration,
          password: withUsername,
          confirmPassword: withUsername,
        }),
      ),
    ).toEqual(refused(PASSWORD_RULE_MESSAGES.containsUsername));
    const withEmailName = `M.Duval.${kind}!2026`;
    expect(
      await answer(
        t.server.client().call(registerEndpoint, {
          ...registration,
          password: withEmailName,
          confirmPassword: withEmailName,
        }),
      ),
    ).toEqual(refused(PASSWORD_RULE_MESSAGES.containsEmailName));
    // A name of 3 characters is too short to refuse for.
    const short = newRegistration({ username: `bo${kind.length}`, email: `bo${kind.length}@x.io` });
    const password = `${short.username}-kettle-drum`;
    expect(
      (
        await t.server
          .client()
          .call(registerEndpoint, { ...short, password, confirmPassword: password })
      ).status,
    ).toBe(201);
  });

  it('refuses a common password or the username on change, keeping the old one', async () => {
    const { client, registration, userId } = await registerUser(t.server);
    const before = await hashOf(userId);
    for (const [newPassword, message] of [
      ['iloveyou', PASSWORD_RULE_MESSAGES.common],
      [`my-${registration.username}`, PASSWORD_RULE_MESSAGES.containsUsername],
    ] as const) {
      expect(
        await answer(
          client.post('/api/auth/change-password', {
            oldPassword: registration.password,
            newPassword,
            confirmPassword: newPassword,
          }),
        ),
      ).toEqual(refused(message));
    }
    expect(await hashOf(userId)).toBe(before);
  });

  it('refuses a common password on reset, and the link still works for a good one', async () => {
    const { userId } = await registerUser(t.server);
    const token = await t.db.transaction((tx) => issueToken(tx, userId, 'reset-password'));
    const before = await hashOf(userId);
    const reset = (newPassword: string) =>
      answer(t.server.client().call(resetPassword, { resetPasswordToken: token, newPassword }));
    expect(await reset('qwertyui')).toEqual(refused(PASSWORD_RULE_MESSAGES.common));
    expect(await hashOf(userId)).toBe(before);
    expect((await reset('a-far-better-secret')).status).toBe(200);
  });

  it('refuses a common first password, and the link still works for a good one', async () => {
    const { userId } = await registerUser(t.server);
    await t.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [userId]);
    const token = await t.db.transaction((tx) => issueToken(tx, userId, 'set-password'));
    const set = (newPassword: string) =>
      answer(t.server.client().call(setPassword, { token, newPassword }));
    expect(await set('11111111')).toEqual(refused(PASSWORD_RULE_MESSAGES.common));
    expect(await hashOf(userId)).toBeNull();
    expect((await set('a-far-better-secret')).status).toBe(200);
  });
});
