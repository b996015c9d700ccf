import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forgotPassword } from '@/shared/contract/auth';
import { logout as logoutEndpoint } from '@/shared/contract/user';
import { databaseKinds, registerUser, type TestClient } from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

/**
 * Issue 32 finding 5: the Idempotency-Keys of signed-out callers shared one owner (`anonymous`), so a
 * key one browser used was another's too: its kept answer replayed, or a 422 for another body. Design
 * §2 and the README: keys are kept per user, and before sign-in per client.
 */
describe.each(databaseKinds())('whose Idempotency-Keys before sign-in, on %s', (kind) => {
  const t = useTestApp(kind, { TRUST_PROXY: '127.0.0.1' });

  const forgot = (client: TestClient, email: string, key: string, from = '198.51.100.1') =>
    client.call(
      forgotPassword,
      { email },
      { headers: { 'idempotency-key': key, 'x-forwarded-for': from } },
    );
  const queuedOrIssued = async (email: string) =>
    Number(
      (
        await t.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM auth_mail_queue WHERE email = $1)
                + (SELECT count(*) FROM auth_tokens t JOIN users u ON u.id = t.user_id
                    WHERE u.email = $1 AND t.purpose = 'reset-password') AS n`,
          [email],
        )
      )[0]!.n,
    );

  /** A browser that signed in before (it holds its random `did` cookie), signed out now. */
  async function signedOutBrowser() {
    const { client, registration } = await registerUser(t.server);
    expect((await client.call(logoutEndpoint)).status).toBe(200);
    expect(client.cookies.has('did')).toBe(true);
    return { client, email: registration.email };
  }

  it("another browser's same key does that browser's own write, from the same address too", async () => {
    const first = await signedOutBrowser();
    const second = await signedOutBrowser();
    const key = randomUUID();
    expect((await forgot(first.client, first.email, key)).status).toBe(200);

    const sameBody = await forgot(second.client, first.email, key);
    expect(sameBody.status).toBe(200);
    expect(sameBody.headers.get('idempotent-replayed')).toBeNull();
    expect(await queuedOrIssued(first.email)).toBe(2);

    const otherBody = await forgot(second.client, second.email, randomUUID());
    expect(otherBody.status).toBe(200);
    const sharedKey = await forgot(t.server.client(), second.email, key, '198.51.100.2');
    expect(sharedKey.status).toBe(200);

    // The browser's own repeat still gets its kept answer, and does nothing again.
    const repeat = await forgot(first.client, first.email, key, '203.0.113.9');
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await queuedOrIssued(first.email)).toBe(2);
  });

  it('a caller with no browser cookie yet owns its keys by its address: its retry is replayed, another address does its own write', async () => {
    const { email } = await signedOutBrowser();
    const key = randomUUID();
    expect((await forgot(t.server.client(), email, key, '198.51.100.20')).status).toBe(200);
    // The first answer was lost: the retry comes as the first did, from the same address.
    const retry = await forgot(t.server.client(), email, key, '198.51.100.20');
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await queuedOrIssued(email)).toBe(1);

    const elsewhere = await forgot(t.server.client(), email, key, '198.51.100.21');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
    const another = await forgot(
      t.server.client(),
      'someone-else@example.com',
      key,
      '198.51.100.22',
    );
    expect(another.status).toBe(200);
    expect(await queuedOrIssued(email)).toBe(2);
  });

  it('keeps no browser cookie in the database: a signed-out owner is a hash', async () => {
    const { client, email } = await signedOutBrowser();
    const key = randomUUID();
    await forgot(client, email, key);
    const owners = await t.db.query<{ owner: string }>(
      'SELECT owner FROM idempotency_keys WHERE key = $1',
      [key],
    );
    expect(owners).toHaveLength(1);
    expect(owners[0]!.owner).not.toContain(client.cookies.get('did')!);
  });
});
