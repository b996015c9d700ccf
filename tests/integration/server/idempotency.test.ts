import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSumCents } from '@/server/domain/ledger';
import { sweepIdempotencyKeys } from '@/server/idempotency';
import { IDEMPOTENCY_MESSAGES } from '@/shared/idempotency';
import { REQUESTED_WITH, REQUESTED_WITH_HEADER } from '@/shared/requested-with';
import {
  changePassword,
  forgotPassword,
  register as registerEndpoint,
} from '@/shared/contract/auth';
import { expireAdPackage, newCampaign } from '@/shared/contract/campaigns';
import { topUpBalance } from '@/shared/contract/deposits';
import { login as loginEndpoint } from '@/shared/contract/login';
import { checkAuth } from '@/shared/contract/user';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import {
  answerOf,
  databaseKinds,
  newRegistration,
  type TestClient,
  type TestResponse,
  tokenOf,
  waitForMail,
} from '../../helpers/server';
import { grant } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';

/**
 * Issue 14: every write of the dashboard takes an Idempotency-Key. A repeat with the same key and body
 * gets the kept answer and the write is done once; the key rules (another body, a first request still
 * running, expiry, another user, a crash between the claim and the commit) hold on both databases.
 * Sign-in and deposit verification take the key without keeping it: they run again on a repeat.
 */
describe.each(databaseKinds())('Idempotency-Key on %s', (kind) => {
  let chain: TestChain;
  let users = 0;
  const PASSWORD = 'long-enough-password';

  beforeAll(async () => {
    chain = await startTestChain();
  });
  afterAll(() => chain?.stop());
  const t = useTestApp(kind, () => ({
    ...chain.env(),
    IDEMPOTENCY_WAIT_SECONDS: '3',
    LOG_LEVEL: 'fatal',
  }));
  // Forty creators to buy campaigns on: creator0 … creator39.
  beforeAll(async () => {
    const values = Array.from(
      { length: 40 },
      (_, i) => `('creator${i}', 'Creator ${i}', '/a.svg')`,
    );
    await t.db.query(
      `INSERT INTO profiles (username, full_name, avatar) VALUES ${values.join(', ')}`,
    );
  });

  const query = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.db.query<T>(sql, params);
  const one = async (sql: string, params: unknown[] = []) =>
    Number(Object.values((await query(sql, params))[0]!)[0]);

  interface Advertiser {
    client: TestClient;
    id: number;
    email: string;
  }

  /** A registered, signed-in advertiser holding `balanceCents`. */
  async function advertiser(balanceCents = 0): Promise<Advertiser> {
    const n = ++users;
    const client = t.server.client();
    const email = `key${n}@example.com`;
    const registered = await client.call(registerEndpoint, {
      username: `key${n}`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreeTerms: true,
    });
    expect(registered.status).toBe(201);
    const id = await one('SELECT id FROM users WHERE email = $1', [email]);
    await grant(t.db, id, balanceCents);
    return { client, id, email };
  }

  const balance = (userId: number) =>
    one('SELECT balance_cents FROM users WHERE id = $1', [userId]);

  function send(
    client: TestClient,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    key: string | undefined,
  ): Promise<TestResponse> {
    return client.request(method, path, {
      ...(method === 'POST' ? { body } : {}),
      headers: {
        // The one GET that writes (read-all-notifications) needs the header our pages send.
        ...(method === 'GET' ? { [REQUESTED_WITH_HEADER]: REQUESTED_WITH } : {}),
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
    });
  }

  /** An advertiser with an active campaign for `creator<n>`, made without a key. */
  async function withCampaign(balanceCents = 100_000) {
    const user = await advertiser(balanceCents);
    const username = `creator${users}`;
    const created = await user.client.call(newCampaign, {
      username,
      package_id: 1,
      amount_deposit: 100,
    });
    expect(created.status).toBe(201);
    return { ...user, username };
  }

  const topUp = (user: { client: TestClient; username: string }, key?: string, amount = 25) =>
    send(
      user.client,
      'POST',
      '/api/top-up-money-deposited',
      { username: user.username, amount },
      key,
    );

  interface Write {
    name: string;
    method: 'GET' | 'POST';
    path: string;
    /** Makes the state the write needs: who sends it, its body, and what its effect is. */
    prepare(): Promise<{ client: TestClient; body: unknown; effect: () => Promise<unknown> }>;
    status: number;
  }

  const deposit = (client: TestClient) =>
    client.call(topUpBalance, { amount: 100, coinType: 'usdc' });
  const unread = (userId: number) =>
    one('SELECT count(*) FROM notifications WHERE user_id = $1 AND NOT read', [userId]);
  /** The caller's rows in `table`. */
  const rowsOf = (table: string, userId: number) =>
    one(`SELECT count(*) FROM ${table} WHERE user_id = $1`, [userId]);

  /**
   * A write on an advertiser's campaign (paused first when `paused`): its body names the campaign's
   * creator; its effect is the balance and `effect`'s figure.
   */
  function onCampaign(write: {
    name: string;
    path: string;
    paused?: boolean;
    body: (username: string) => unknown;
    effect: (userId: number) => Promise<number>;
  }): Write {
    return {
      name: write.name,
      method: 'POST',
      path: write.path,
      status: 200,
      prepare: async () => {
        const user = await withCampaign();
        if (write.paused) await user.client.call(expireAdPackage, { username: user.username });
        return {
          client: user.client,
          body: write.body(user.username),
          effect: async () => [await balance(user.id), await write.effect(user.id)],
        };
      },
    };
  }

  const writes: Write[] = [
    {
      name: 'new campaign',
      method: 'POST',
      path: '/api/new-campaign',
      status: 201,
      prepare: async () => {
        const user = await advertiser(100_000);
        return {
          client: user.client,
          body: { username: `creator${users}`, package_id: 1, amount_deposit: 150 },
          effect: async () => [await balance(user.id), await rowsOf('campaigns', user.id)],
        };
      },
    },
    onCampaign({
      name: 'campaign top-up',
      path: '/api/top-up-money-deposited',
      body: (username) => ({ username, amount: 40 }),
      effect: (userId) => ledgerSumCents(t.db.read, userId),
    }),
    onCampaign({
      name: 'pause',
      path: '/api/expire-ad-package',
      body: (username) => ({ username }),
      effect: (userId) => rowsOf('campaign_history', userId),
    }),
    onCampaign({
      name: 'reactivation with a new package',
      path: '/api/assign-ad-package',
      paused: true,
      body: (username) => ({ username, package_id: 2, amount_deposit: 120 }),
      effect: unread,
    }),
    onCampaign({
      name: 'delete campaign',
      path: '/api/remove-ad-package',
      paused: true,
      body: (username) => ({ username }),
      effect: (userId) => rowsOf('campaigns', userId),
    }),
    {
      name: 'deposit request',
      method: 'POST',
      path: '/api/top-up-balance-v2',
      status: 201,
      prepare: async () => {
        const user = await advertiser();
        return {
          client: user.client,
          body: { amount: 100, coinType: 'usdc' },
          effect: () => rowsOf('deposits', user.id),
        };
      },
    },
    {
      name: 'deposit deletion',
      method: 'POST',
      path: '/api/delete-transaction',
      status: 200,
      prepare: async () => {
        const user = await advertiser();
        const { data } = answerOf(await deposit(user.client), 201);
        return {
          client: user.client,
          body: { transaction_id: data.id },
          effect: () => rowsOf('deposits', user.id),
        };
      },
    },
    {
      name: 'mark a notification read',
      method: 'POST',
      path: '/api/read-notification',
      status: 200,
      prepare: async () => {
        const user = await withCampaign();
        const id = await one('SELECT min(id) FROM notifications WHERE user_id = $1', [user.id]);
        return {
          client: user.client,
          body: { notification_id: id },
          effect: () => unread(user.id),
        };
      },
    },
    {
      name: 'mark all notifications read',
      method: 'GET',
      path: '/api/read-all-notifications',
      status: 200,
      prepare: async () => {
        const user = await withCampaign();
        return { client: user.client, body: undefined, effect: () => unread(user.id) };
      },
    },
    {
      name: 'delete notifications',
      method: 'POST',
      path: '/api/delete-notification',
      status: 200,
      prepare: async () => {
        const user = await withCampaign();
        const id = await one('SELECT min(id) FROM notifications WHERE user_id = $1', [user.id]);
        return {
          client: user.client,
          body: { notification_ids: [id] },
          effect: () => rowsOf('notifications', user.id),
        };
      },
    },
    {
      name: 'change of password',
      method: 'POST',
      path: '/api/auth/change-password',
      status: 200,
      prepare: async () => {
        const user = await advertiser();
        const other = t.server.client();
        await other.call(loginEndpoint, { email: user.email, password: PASSWORD });
        return {
          client: user.client,
          body: { oldPassword: PASSWORD, newPassword: 'a-brand-new-password' },
          effect: () => rowsOf('sessions', user.id),
        };
      },
    },
    {
      name: 'forgot password',
      method: 'POST',
      path: '/api/auth/forgot-password',
      status: 200,
      prepare: async () => {
        const user = await advertiser();
        return {
          client: t.server.client(),
          body: { email: user.email },
          // The link is issued after the answer (design §3): a request counts once, queued or
          // issued, whichever the drain has reached (it moves one to the other in a transaction).
          effect: () =>
            one(
              `SELECT (SELECT count(*) FROM auth_mail_queue
                        WHERE email = $2 AND kind = 'password-reset')
                    + (SELECT count(*) FROM auth_tokens
                        WHERE user_id = $1 AND purpose = 'reset-password')`,
              [user.id, user.email],
            ),
        };
      },
    },
    {
      name: 'reset password',
      method: 'POST',
      path: '/api/auth/reset-password',
      status: 200,
      prepare: async () => {
        const user = await advertiser();
        const anonymous = t.server.client();
        await anonymous.call(forgotPassword, { email: user.email });
        const mail = await waitForMail(t.server.outboxDir, user.email, 'Reset');
        return {
          client: anonymous,
          body: { resetPasswordToken: tokenOf(mail.link), newPassword: 'reset-to-this-one' },
          effect: () =>
            one('SELECT count(*) FROM auth_tokens WHERE user_id = $1 AND used_at IS NOT NULL', [
              user.id,
            ]),
        };
      },
    },
    {
      name: 'e-mail verification',
      method: 'POST',
      path: '/api/auth/verify-email',
      status: 200,
      prepare: async () => {
        const user = await advertiser();
        const mail = await waitForMail(t.server.outboxDir, user.email, 'Verify');
        return {
          client: t.server.client(),
          body: { code: tokenOf(mail.link) },
          effect: () =>
            one('SELECT count(*) FROM auth_tokens WHERE user_id = $1 AND used_at IS NOT NULL', [
              user.id,
            ]),
        };
      },
    },
  ];

  it.each(writes)(
    '$name: a repeat gets the kept answer and the write is done once',
    async (write) => {
      const { client, body, effect } = await write.prepare();
      const before = await effect();
      const key = randomUUID();
      const first = await send(client, write.method, write.path, body, key);
      expect(first.status).toBe(write.status);
      expect(first.body.success).toBe(true);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const after = await effect();
      expect(after).not.toEqual(before);

      const again = await send(client, write.method, write.path, body, key);
      expect(again.status).toBe(write.status);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await effect()).toEqual(after);
    },
  );

  it('registration: a repeat makes no second account and signs the caller in again', async () => {
    const registration = newRegistration();
    const key = randomUUID();
    const first = await send(t.server.client(), 'POST', '/api/auth/register', registration, key);
    expect(first.status).toBe(201);
    const retry = t.server.client();
    const again = await send(retry, 'POST', '/api/auth/register', registration, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await one('SELECT count(*) FROM users WHERE email = $1', [registration.email])).toBe(1);
    expect((await retry.call(checkAuth)).body).toMatchObject({
      success: true,
      user: { email: registration.email },
    });
    // Another body under the key (another password) signs nobody in.
    const other = t.server.client();
    const refused = await send(
      other,
      'POST',
      '/api/auth/register',
      { ...registration, password: 'some-other-password', confirmPassword: 'some-other-password' },
      key,
    );
    expect(refused).toMatchObject({
      status: 422,
      body: { success: false, message: IDEMPOTENCY_MESSAGES.otherRequest },
    });
    expect(other.cookies.size).toBe(0);
  });

  it('registration with a stale cookie: the retry, whose cookie the first attempt ended, gets its answer', async () => {
    const previous = await advertiser();
    const stale = previous.client.clone();
    const registration = newRegistration();
    const key = randomUUID();
    const first = await send(previous.client, 'POST', '/api/auth/register', registration, key);
    expect(first.status).toBe(201);
    const again = await send(stale, 'POST', '/api/auth/register', registration, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await one('SELECT count(*) FROM users WHERE email = $1', [registration.email])).toBe(1);
  });

  it("a repeated registration signs in only while its password is still the account's", async () => {
    const registration = newRegistration();
    const key = randomUUID();
    const client = t.server.client();
    expect((await send(client, 'POST', '/api/auth/register', registration, key)).status).toBe(201);
    const changed = await client.call(changePassword, {
      oldPassword: registration.password,
      newPassword: 'changed-since-then',
    });
    expect(changed.status).toBe(200);
    const retry = t.server.client();
    const again = await send(retry, 'POST', '/api/auth/register', registration, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.cookies.size).toBe(0);
  });

  it('sign-in ignores the key: a repeat signs in again with a new session', async () => {
    const user = await advertiser();
    const key = randomUUID();
    const body = { email: user.email, password: PASSWORD };
    const client = t.server.client();
    const first = await send(client, 'POST', '/api/auth/login', body, key);
    const firstSession = client.cookies.get('sid');
    const again = await send(client, 'POST', '/api/auth/login', body, key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(client.cookies.get('sid')).not.toBe(firstSession);
    expect(await one('SELECT count(*) FROM idempotency_keys WHERE key = $1', [key])).toBe(0);
  });

  it('deposit verification ignores the key: a repeat runs again and answers the state of now', async () => {
    const user = await advertiser();
    const { data } = answerOf(await deposit(user.client), 201);
    const payer = chain.payers[0]!;
    const key = randomUUID();
    const verify = () =>
      send(
        user.client,
        'POST',
        '/api/verify-transaction-v2',
        { address: payer, crmTransactionId: data.id },
        key,
      );
    const unpaid = await verify();
    expect([unpaid.status, unpaid.body]).toEqual([
      400,
      { success: false, message: 'Payment not found yet. Please try again in a minute.' },
    ]);
    expect(unpaid.headers.get('idempotent-replayed')).toBeNull();

    // The watcher finds the payment by itself; the same key then gets the new state, not a kept 400.
    await chain.pay(payer, {
      coinType: data.coinType,
      to: data.to as Address,
      units: BigInt(data.amountUnits),
    });
    await t.server.app.depositWatcher!.syncNow();
    expect(await balance(user.id)).toBe(10_000);
    const paid = await verify();
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      success: true,
      message: 'Payment verification successful!',
      data: { id: data.id, status: 'confirmed', receivedAmount: '100.000000', creditedAmount: 100 },
    });
    expect(paid.headers.get('idempotent-replayed')).toBeNull();
    const again = await verify();
    // The same state, answered at its own time (serverTime: the deposit page's clock, issue 31).
    const body = paid.body as { data: Record<string, unknown> };
    expect(again.body).toEqual({
      ...body,
      data: { ...body.data, serverTime: expect.any(String) },
    });
    expect(again.headers.get('idempotent-replayed')).toBeNull();

    // Asked three times, credited once: one ledger row for the one transfer, and no key kept.
    expect(await balance(user.id)).toBe(10_000);
    expect(
      await one("SELECT count(*) FROM ledger_entries WHERE user_id = $1 AND kind = 'deposit'", [
        user.id,
      ]),
    ).toBe(1);
    expect(await one('SELECT count(*) FROM idempotency_keys WHERE key = $1', [key])).toBe(0);
  });

  it('without a key a repeat is done again, as the spec has it', async () => {
    const user = await withCampaign();
    const start = await balance(user.id);
    expect((await topUp(user)).status).toBe(200);
    expect((await topUp(user)).status).toBe(200);
    expect(await balance(user.id)).toBe(start - 5000);
  });

  it('refuses a malformed key and does nothing', async () => {
    const user = await withCampaign();
    const start = await balance(user.id);
    for (const key of ['', 'a'.repeat(256), 'with space', 'é']) {
      expect(await topUp(user, key)).toMatchObject({
        status: 400,
        body: { success: false, message: IDEMPOTENCY_MESSAGES.invalidKey },
      });
    }
    expect(await balance(user.id)).toBe(start);
  });

  it('takes the key quoted, as the IETF draft sends it, or bare', async () => {
    const user = await withCampaign();
    const start = await balance(user.id);
    const key = randomUUID();
    expect((await topUp(user, `"${key}"`)).status).toBe(200);
    const again = await topUp(user, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(user.id)).toBe(start - 2500);
  });

  it('answers 422 to the same key with another body or call, and keeps the first answer', async () => {
    const user = await withCampaign();
    const start = await balance(user.id);
    const key = randomUUID();
    const first = await topUp(user, key, 25);
    expect(first.status).toBe(200);
    expect(await topUp(user, key, 30)).toMatchObject({
      status: 422,
      body: { success: false, message: IDEMPOTENCY_MESSAGES.otherRequest },
    });
    expect(
      await send(user.client, 'POST', '/api/expire-ad-package', { username: user.username }, key),
    ).toMatchObject({ status: 422, body: { message: IDEMPOTENCY_MESSAGES.otherRequest } });
    expect(await balance(user.id)).toBe(start - 2500);
    expect((await topUp(user, key, 25)).body).toEqual(first.body);
    expect(
      await one('SELECT count(*) FROM campaigns WHERE user_id = $1 AND status', [user.id]),
    ).toBe(1);
  });

  it('keeps an answer the caller caused (4xx) and replays it even once the cause is gone', async () => {
    const user = await withCampaign(10_000);
    const key = randomUUID();
    const refused = await topUp(user, key, 500);
    expect(refused).toMatchObject({ status: 400, body: { success: false } });
    await grant(t.db, user.id, 100_000);
    const again = await topUp(user, key, 500);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(refused.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(user.id)).toBe(100_000);
    // A new intent, a new key: done.
    expect((await topUp(user, randomUUID(), 500)).status).toBe(200);
  });

  it("keys are the user's own: another user's same key does that user's own write", async () => {
    const first = await advertiser(100_000);
    const second = await advertiser(100_000);
    const key = randomUUID();
    const body = { username: 'creator39', package_id: 1, amount_deposit: 100 };
    expect((await send(first.client, 'POST', '/api/new-campaign', body, key)).status).toBe(201);
    const theirs = await send(second.client, 'POST', '/api/new-campaign', body, key);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect([await balance(first.id), await balance(second.id)]).toEqual([90_000, 90_000]);
  });

  it('forgets a key after its 24 hours: the same key then does the write again', async () => {
    const user = await withCampaign();
    const start = await balance(user.id);
    const key = randomUUID();
    await topUp(user, key);
    await query(
      "UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1",
      [key],
    );
    const again = await topUp(user, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await balance(user.id)).toBe(start - 5000);
    const [kept] = await query<{ hours: number }>(
      'SELECT round(extract(epoch FROM expires_at - now()) / 3600) AS hours FROM idempotency_keys WHERE key = $1',
      [key],
    );
    expect(Number(kept!.hours)).toBe(24);

    await query(
      "UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1",
      [key],
    );
    expect(await sweepIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    expect(await one('SELECT count(*) FROM idempotency_keys WHERE key = $1', [key])).toBe(0);
  });

  it('a repeat sent while the first runs waits for it and gets its answer', async () => {
    const user = await withCampaign();
    const start = await balance(user.id);
    const key = randomUUID();
    const answers = await Promise.all([topUp(user, key), topUp(user, key), topUp(user, key)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed')).length).toBe(2);
    expect(await balance(user.id)).toBe(start - 2500);
  });

  it('a crash between the claim and the commit keeps neither the work nor the key', async () => {
    const user = await withCampaign();
    const start = await balance(user.id);
    const key = randomUUID();
    // The write fails after its key was claimed: the ledger refuses its row.
    await t.db.exec(`
      CREATE FUNCTION fail_ledger() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'simulated crash'; END $$;
      CREATE TRIGGER fail_ledger BEFORE INSERT ON ledger_entries
        FOR EACH ROW EXECUTE FUNCTION fail_ledger();`);
    try {
      expect(await topUp(user, key)).toMatchObject({
        status: 500,
        body: { success: false, message: 'Internal server error' },
      });
    } finally {
      await t.db.exec('DROP TRIGGER fail_ledger ON ledger_entries; DROP FUNCTION fail_ledger();');
    }
    expect(await balance(user.id)).toBe(start);
    expect(await one('SELECT count(*) FROM idempotency_keys WHERE key = $1', [key])).toBe(0);
    // The retry does the work, once.
    const retry = await topUp(user, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect((await topUp(user, key)).headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(user.id)).toBe(start - 2500);
  });

  if (kind === 'postgres') {
    /** Holds the campaign's row locked until `release` is called, so a top-up waits inside its work. */
    async function holdCampaign(userId: number) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holding = t.db.transaction(async (tx) => {
        await tx.query('SELECT id FROM campaigns WHERE user_id = $1 FOR UPDATE', [userId]);
        locked();
        await released;
      });
      await isLocked;
      return { release, holding };
    }
    /** Waits until `count` requests wait for a lock. */
    async function waitersOnLocks(count: number) {
      for (let i = 0; i < 200; i++) {
        const waiting = await one(
          "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (waiting >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`fewer than ${count} requests waited for a lock`);
    }

    it('a repeat waits for a first request that is still running, then 409 past the wait', async () => {
      const user = await withCampaign();
      const start = await balance(user.id);
      const key = randomUUID();
      const { release, holding } = await holdCampaign(user.id);
      const first = topUp(user, key);
      await waitersOnLocks(1);
      // IDEMPOTENCY_WAIT_SECONDS is 3 in this test app.
      expect(await topUp(user, key)).toMatchObject({
        status: 409,
        body: { success: false, message: IDEMPOTENCY_MESSAGES.stillRunning },
      });
      const waiting = topUp(user, key);
      await waitersOnLocks(2);
      release();
      await holding;
      const [firstAnswer, waited] = await Promise.all([first, waiting]);
      expect(firstAnswer.status).toBe(200);
      expect(waited.body).toEqual(firstAnswer.body);
      expect(waited.headers.get('idempotent-replayed')).toBe('true');
      expect(await balance(user.id)).toBe(start - 2500);
    });
  }
});
