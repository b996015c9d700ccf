import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '@/server/db/change-listener';
import { openPostgres, type Db } from '@/server/db/db';
import { signPartnerRequest } from '@/server/domain/auth/partner-signature';
import { changePassword } from '@/shared/contract/auth';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import {
  allAdPackages,
  campaignHistory,
  checkModelAvailability,
  expireAdPackage,
  getAllCategories,
  newCampaign,
  removeAdPackage,
  searchProfiles,
  topUpMoneyDeposited,
} from '@/shared/contract/campaigns';
import { getAllUserTransactions } from '@/shared/contract/deposits';
import { login as loginEndpoint } from '@/shared/contract/login';
import { getNotifications } from '@/shared/contract/notifications';
import { unreadNotificationsCount } from '@/shared/contract/unread-count';
import { checkAuth, logout as logoutEndpoint } from '@/shared/contract/user';
import { getUserDetails } from '@/shared/contract/user-details';
import {
  answerOf,
  databaseKinds,
  registerUser,
  startTestApp,
  type TestApp,
  type TestClient,
} from '../../helpers/server';
import { grant } from '../../helpers/factories';
import { useTestApp, useTestDatabase } from '../../helpers/fixtures';
import { clickId } from '../../helpers/click-ids';
import { startTcpProxy } from '../../helpers/tcp-proxy';

/**
 * Issue 6: check-auth and the campaign list answer from a read cache (src/server/db/read-cache.ts).
 * Whatever the cache keeps, every write shows in the very next answer. Each check below asks twice
 * before the write, so the answer is a kept one when the write happens.
 */

const PARTNER_SECRET = 'read-cache-partner-secret';
const NOT_AUTHENTICATED = { success: false, message: 'Not authenticated' };

/** The parts of the campaign list that the writes below change. */
async function campaignList(client: TestClient) {
  const list = await client.call(boughtAdsByClient);
  expect(list.status).toBe(200);
  return answerOf(list).data.map((c) => ({
    profile: c.profile_id,
    status: c.status,
    clicks: [c.clicks_purchased, c.clicks_count, c.remaining_clicks],
    dollars: [c.amount_deposit, c.amount_remaining, c.amount_refunded],
  }));
}

async function userFigures(client: TestClient) {
  const details = await client.call(getUserDetails);
  expect(details.status).toBe(200);
  return {
    campaigns: answerOf(details).data.campaigns,
    balance: answerOf(details).data.crypto_balance,
  };
}

/** Asks twice: the second answer is the kept one. */
async function twice<T>(ask: () => Promise<T>): Promise<T> {
  await ask();
  return ask();
}

describe.each(databaseKinds())('read cache on %s', (kind) => {
  const t = useTestApp(kind, { PARTNER_SECRET });

  beforeAll(async () => {
    await t.db.query(
      "INSERT INTO profiles (username, full_name, avatar) VALUES ('cached_creator', 'Cached Creator', '/a.svg')",
    );
    await listening(t.db);
  });

  it('refuses the session at once after logout', async () => {
    const { client } = await registerUser(t.server);
    const otherTab = client.clone();
    expect((await twice(() => otherTab.call(checkAuth))).status).toBe(200);

    expect((await client.call(logoutEndpoint)).status).toBe(200);
    const after = await otherTab.call(checkAuth);
    expect([after.status, after.body]).toEqual([401, NOT_AUTHENTICATED]);
  });

  it('ends the other sessions at once when the password changes', async () => {
    const { client, registration } = await registerUser(t.server);
    const laptop = t.server.client();
    const login = { email: registration.email, password: registration.password };
    expect((await laptop.call(loginEndpoint, login)).status).toBe(200);
    expect((await twice(() => laptop.call(checkAuth))).status).toBe(200);
    expect((await twice(() => client.call(checkAuth))).status).toBe(200);

    const changed = await client.call(changePassword, {
      oldPassword: registration.password,
      newPassword: 'another-horse-2',
    });
    expect(changed.status).toBe(200);
    const onLaptop = await laptop.call(checkAuth);
    expect([onLaptop.status, onLaptop.body]).toEqual([401, NOT_AUTHENTICATED]);
    expect((await client.call(checkAuth)).status).toBe(200);
  });

  it('shows a campaign created, topped up, billed, paused and deleted at once', async () => {
    const { client, userId } = await registerUser(t.server);
    await grant(t.db, userId, 50_000);
    expect(await twice(() => campaignList(client))).toEqual([]);
    expect(await twice(() => userFigures(client))).toEqual({ campaigns: 0, balance: 500 });

    const created = await client.call(newCampaign, {
      username: 'cached_creator',
      package_id: 2,
      amount_deposit: 100,
    });
    expect(created.status).toBe(201);
    expect(await twice(() => campaignList(client))).toEqual([
      { profile: 'cached_creator', status: true, clicks: [166, 0, 166], dollars: [100, 100, 0] },
    ]);
    expect(await twice(() => userFigures(client))).toEqual({ campaigns: 1, balance: 400 });

    const toppedUp = await client.call(topUpMoneyDeposited, {
      username: 'cached_creator',
      package_id: 2,
      amount: 50,
    });
    expect(toppedUp.status).toBe(200);
    expect(await twice(() => campaignList(client))).toEqual([
      { profile: 'cached_creator', status: true, clicks: [250, 0, 250], dollars: [150, 150, 0] },
    ]);
    expect(await twice(() => userFigures(client))).toEqual({ campaigns: 1, balance: 350 });

    const clicks = await sendClicks(
      t.server,
      ['c1', 'c2', 'c3'].map((id) => ({
        id: clickId(`${kind}-${id}-${userId}`),
        username: 'cached_creator',
        at: new Date().toISOString(),
        visitor_id: `visitor-${id}`,
      })),
    );
    expect([clicks.status, clicks.body.billed]).toEqual([200, 3]);
    expect(await twice(() => campaignList(client))).toEqual([
      { profile: 'cached_creator', status: true, clicks: [250, 3, 247], dollars: [150, 148.2, 0] },
    ]);

    const paused = await client.call(expireAdPackage, { username: 'cached_creator' });
    expect(paused.status).toBe(200);
    expect(await twice(() => campaignList(client))).toEqual([
      // Ended: the 247 clicks not used were refunded with the $148.20 (issue 13: per period).
      { profile: 'cached_creator', status: false, clicks: [250, 3, 247], dollars: [150, 0, 148.2] },
    ]);
    expect(await twice(() => userFigures(client))).toEqual({ campaigns: 1, balance: 498.2 });

    const removed = await client.call(removeAdPackage, { username: 'cached_creator' });
    expect(removed.status).toBe(200);
    expect(await campaignList(client)).toEqual([]);
    expect(await userFigures(client)).toEqual({ campaigns: 0, balance: 498.2 });
  });

  it('refuses a kept session once it has expired', async () => {
    const { client, userId } = await registerUser(t.server);
    const expiresAt = Date.now() + 300;
    await t.db.query('UPDATE sessions SET expires_at = $2 WHERE user_id = $1', [
      userId,
      new Date(expiresAt),
    ]);
    // get-user-details does not slide the expiry (check-auth would).
    expect((await twice(() => client.call(getUserDetails))).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 20));
    const after = await client.call(getUserDetails);
    expect([after.status, after.body]).toEqual([401, NOT_AUTHENTICATED]);
  });
  it('keeps its answers through the calls that only read', async () => {
    const { client, userId } = await registerUser(t.server);
    // Searching creators needs a balance above $90.
    await grant(t.db, userId, 10_000);
    await twice(() => client.call(checkAuth));
    const kept = t.db.changes.stamp();
    const reads = [
      () => client.call(getUserDetails),
      () => client.call(boughtAdsByClient),
      () => client.call(campaignHistory),
      () => client.call(allAdPackages),
      () => client.call(getAllCategories),
      () => client.call(searchProfiles, { query: 'cached' }),
      () => client.call(checkModelAvailability, { username: 'cached_creator' }),
      () => client.call(getNotifications, { page: 1 }),
      () => client.call(unreadNotificationsCount),
      () => client.call(getAllUserTransactions, { action: 'all' }),
    ];
    const statuses = [];
    for (const read of reads) statuses.push((await read()).status);
    expect(statuses).toEqual(reads.map(() => 200));
    expect(kept).toEqual(expect.any(Number));
    expect(t.db.changes.stamp()).toBe(kept);
  });
  it("keeps a cached session through the partner's placement and category polls", async () => {
    const { client } = await registerUser(t.server);
    await twice(() => client.call(checkAuth));
    const kept = t.db.changes.stamp();
    const polls = ['/api/partner/placements?category=top', '/api/partner/categories'];
    const statuses = [];
    for (const path of polls) statuses.push((await signedPartnerGet(t.server, path)).status);
    expect(statuses).toEqual([200, 200]);
    expect(kept).toEqual(expect.any(Number));
    expect(t.db.changes.stamp()).toBe(kept);
  });
});

/**
 * Design §6: several server processes on one PostgreSQL. Each app here has its own Db (its own pool
 * and change listener) on the same database, as two processes would.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('read caches of two apps on one PostgreSQL', () => {
  const database = useTestDatabase('postgres');
  let otherDb: Db;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    otherDb = openPostgres(database.url!, 5);
    a = await startTestApp(database.db);
    b = await startTestApp(otherDb);
    await database.db.query(
      "INSERT INTO profiles (username, full_name, avatar) VALUES ('shared_creator', 'Shared Creator', '/s.svg')",
    );
    await Promise.all([listening(database.db), listening(otherDb)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await otherDb?.close();
  });

  it('shows a campaign made through one app in the other once notified', async () => {
    const { client, userId } = await registerUser(a);
    await grant(database.db, userId, 50_000);
    const onB = sameBrowser(client, b);
    expect(await twice(() => campaignList(onB))).toEqual([]);
    expect(await twice(() => userFigures(onB))).toEqual({ campaigns: 0, balance: 500 });

    const created = await client.call(newCampaign, {
      username: 'shared_creator',
      package_id: 1,
      amount_deposit: 100,
    });
    expect(created.status).toBe(201);
    expect(
      await until(
        () => campaignList(onB),
        (list) => list.length > 0,
      ),
    ).toEqual([
      { profile: 'shared_creator', status: true, clicks: [125, 0, 125], dollars: [100, 100, 0] },
    ]);
    expect(
      await until(
        () => userFigures(onB),
        (user) => user.campaigns > 0,
      ),
    ).toEqual({
      campaigns: 1,
      balance: 400,
    });
  });

  it('refuses a session logged out on the other app once notified', async () => {
    const { client } = await registerUser(a);
    const onB = sameBrowser(client, b);
    expect((await twice(() => onB.call(checkAuth))).status).toBe(200);

    expect((await client.call(logoutEndpoint)).status).toBe(200);
    const after = await until(
      () => onB.call(checkAuth),
      (answer) => answer.status !== 200,
    );
    expect([after.status, after.body]).toEqual([401, NOT_AUTHENTICATED]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('read cache while its listener is down', () => {
  const database = useTestDatabase('postgres', 1);
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let proxiedDb: Db;
  let server: TestApp;
  /** Writes as superuser with triggers off (session_replication_role): nobody is notified. */
  let unheard: postgres.Sql;

  beforeAll(async () => {
    const url = new URL(database.url!);
    proxy = await startTcpProxy(new URL(database.url!));
    url.host = `127.0.0.1:${proxy.port}`;
    // One pool connection, opened before the listener goes down; it stays open.
    proxiedDb = openPostgres(url.toString(), 1);
    server = await startTestApp(proxiedDb);
    unheard = postgres(database.url!, {
      max: 1,
      onnotice: () => undefined,
      connection: { session_replication_role: 'replica' },
    });
    await listening(proxiedDb);
  });
  afterAll(async () => {
    await server?.close();
    await proxiedDb?.close();
    await unheard?.end();
    await proxy?.close();
  });

  it('reads every answer from the database until the listener listens again', async () => {
    const { client, userId } = await registerUser(server);
    const isVerified = async () => answerOf(await client.call(checkAuth)).user!.isVerified;
    const setVerified = (verified: boolean) =>
      unheard.unsafe('UPDATE users SET is_verified = $2 WHERE id = $1', [userId, verified]);

    // Listening: a write nobody is told of stays unseen behind the kept answer.
    expect(await twice(isVerified)).toBe(false);
    await setVerified(true);
    expect(await isVerified()).toBe(false);

    // Down: every answer comes from the database, and none is kept.
    proxy.refuse(true);
    await database.db.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND client_port = ANY($2::int[])',
      [LISTENER_APPLICATION_NAME, proxy.upstreamPorts()],
    );
    expect(
      await until(
        async () => proxiedDb.changes.stamp(),
        (stamp) => stamp === undefined,
      ),
    ).toBeUndefined();
    expect(await isVerified()).toBe(true);
    await setVerified(false);
    expect(await isVerified()).toBe(false);

    // Listening again: answers are kept again.
    proxy.refuse(false);
    await listening(proxiedDb);
    expect(await twice(isVerified)).toBe(false);
    await setVerified(true);
    expect(await isVerified()).toBe(false);
  });
});

/** The same browser (cookie jar) talking to another app. */
function sameBrowser(client: TestClient, server: TestApp): TestClient {
  const other = server.client();
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/** Waits (up to 5 s) until the database's change listener listens: until then nothing is kept. */
async function listening(db: Db): Promise<void> {
  const stamp = await until(
    async () => db.changes.stamp(),
    (stamp) => stamp !== undefined,
  );
  expect(stamp, 'the change listener listens').toBeDefined();
}

/** Asks again (every 20 ms, up to 5 s) until the answer passes `done`, and returns it. */
async function until<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function sendClicks(
  server: TestApp,
  events: { id: string; username: string; at: string; visitor_id?: string }[],
) {
  const body = JSON.stringify({ events });
  const timestamp = Math.floor(Date.now() / 1000);
  return server.client().request<{ billed: number }>('POST', '/api/partner/clicks', {
    raw: body,
    headers: {
      'content-type': 'application/json',
      'x-partner-timestamp': String(timestamp),
      'x-partner-signature': signPartnerRequest(PARTNER_SECRET, timestamp, body),
    },
  });
}

/** A partner GET signed over its path and query (design §5). */
function signedPartnerGet(server: TestApp, path: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  return server.client().get(path, {
    'x-partner-timestamp': String(timestamp),
    'x-partner-signature': signPartnerRequest(PARTNER_SECRET, timestamp, path),
  });
}
