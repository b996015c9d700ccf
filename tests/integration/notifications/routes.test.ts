import { beforeAll, describe, expect, it } from 'vitest';
import { signPartnerRequest } from '@/server/domain/auth/partner-signature';
import { REQUESTED_WITH, REQUESTED_WITH_HEADER } from '@/shared/requested-with';
import {
  assignAdPackage,
  expireAdPackage,
  newCampaign,
  topUpMoneyDeposited,
} from '@/shared/contract/campaigns';
import {
  deleteNotification,
  getNotifications,
  type GetNotificationsBody,
  readAllNotifications,
  readNotification,
} from '@/shared/contract/notifications';
import { unreadNotificationsCount } from '@/shared/contract/unread-count';
import { answerOf, databaseKinds, type TestClient } from '../../helpers/server';
import { advertiser as newAdvertiser } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';
import { clickId } from '../../helpers/click-ids';

const PARTNER_SECRET = 'test-partner-secret';

/** What our own pages send with read-all-notifications (src/shared/requested-with.ts). */
const OWN_PAGE = { [REQUESTED_WITH_HEADER]: REQUESTED_WITH };
const CROSS_ORIGIN = { success: false, message: 'Cross-origin requests are not allowed' };

describe.each(databaseKinds())('notification calls on %s', (kind) => {
  const t = useTestApp(kind, { PARTNER_SECRET });

  /** A signed-in advertiser holding `balanceCents`. */
  const advertiser = (balanceCents = 0): Promise<{ client: TestClient; id: number }> =>
    newAdvertiser(t.server, { balanceCents });

  /** Writes notifications "message 1" … "message n", one minute apart, the last one newest. */
  async function seed(userId: number, count: number, read = false): Promise<number[]> {
    const ids: number[] = [];
    for (let n = 1; n <= count; n++) {
      const [row] = await t.db.query<{ id: number }>(
        `INSERT INTO notifications (user_id, message, read, created_at, updated_at)
         VALUES ($1, $2, $3, now() - make_interval(mins => $4), now() - make_interval(mins => $4))
         RETURNING id`,
        [userId, `message ${n}`, read, 1000 - n],
      );
      ids.push(Number(row!.id));
    }
    return ids;
  }

  async function rows(userId: number) {
    return t.db.query<{ id: number; message: string; read: boolean; updated_at: Date }>(
      'SELECT id, message, read, updated_at FROM notifications WHERE user_id = $1 ORDER BY id',
      [userId],
    );
  }

  async function messages(userId: number): Promise<string[]> {
    const list = await t.db.query<{ message: string }>(
      'SELECT message FROM notifications WHERE user_id = $1 ORDER BY id',
      [userId],
    );
    return list.map((row) => row.message);
  }

  beforeAll(async () => {
    await t.db.query(
      `INSERT INTO profiles (username, full_name, avatar) VALUES
         ('nina', 'Nina N', '/avatars/nina.svg'), ('omar', 'Omar O', '/avatars/omar.svg')`,
    );
  });

  it('refuses every notification call without a session', async () => {
    const anonymous = t.server.client();
    const calls = [
      anonymous.call(getNotifications, {}),
      anonymous.call(unreadNotificationsCount),
      anonymous.call(readNotification, { notification_id: 1 }),
      anonymous.call(readAllNotifications),
      anonymous.call(deleteNotification, { notification_ids: [1] }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response).toMatchObject({
        status: 401,
        body: { success: false, message: 'Not authenticated' },
      });
    }
  });

  it('lists an empty first page', async () => {
    const { client } = await advertiser();
    expect(await client.call(getNotifications, {})).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Notifications fetched successfully',
        data: [],
        pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 5 },
      },
    });
    expect((await client.call(unreadNotificationsCount)).body).toEqual({
      success: true,
      count: 0,
    });
  });

  it('pages by 5, newest first, and answers the last page for a page past it', async () => {
    const { client, id } = await advertiser();
    const ids = await seed(id, 12);
    const first = await client.call(getNotifications, { page: 1 });
    expect(answerOf(first).data.map((n) => n.message)).toEqual([
      'message 12',
      'message 11',
      'message 10',
      'message 9',
      'message 8',
    ]);
    expect(answerOf(first).pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalItems: 12,
      itemsPerPage: 5,
    });
    expect(answerOf(first).data[0]).toEqual({
      id: ids[11],
      message: 'message 12',
      read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: answerOf(first).data[0]!.createdAt,
    });
    const last = await client.call(getNotifications, { page: 3 });
    expect(answerOf(last).data.map((n) => n.message)).toEqual(['message 2', 'message 1']);
    const past = await client.call(getNotifications, { page: 9 });
    expect(answerOf(past).pagination.currentPage).toBe(3);
    expect(answerOf(past).data.map((n) => n.message)).toEqual(['message 2', 'message 1']);
  });

  it('filters by read true, false, omitted or null', async () => {
    const { client, id } = await advertiser();
    await seed(id, 3, false);
    const [readId] = await seed(id, 1, true);
    const list = async (body: GetNotificationsBody) => {
      const response = await client.call(getNotifications, body);
      return [answerOf(response).data.map((n) => n.read), answerOf(response).pagination.totalItems];
    };
    expect(await list({ read: true })).toEqual([[true], 1]);
    expect(await list({ read: false })).toEqual([[false, false, false], 3]);
    expect(await list({})).toEqual([[false, false, true, false], 4]);
    expect(await list({ read: null, page: 1 })).toEqual([[false, false, true, false], 4]);
    expect((await client.call(unreadNotificationsCount)).body).toEqual({
      success: true,
      count: 3,
    });
    expect(readId).toBeGreaterThan(0);
  });

  it('answers 400 with a message for invalid bodies', async () => {
    const { client } = await advertiser();
    const cases: [string, unknown, string][] = [
      ['/api/get-notifications', { page: 0 }, 'Page must be a whole number of at least 1'],
      ['/api/get-notifications', { page: 1.5 }, 'Page must be a whole number of at least 1'],
      ['/api/get-notifications', { read: 'yes' }, 'read must be true, false or omitted'],
      ['/api/read-notification', {}, 'Please choose a notification'],
      ['/api/read-notification', { notification_id: 'abc' }, 'Please choose a notification'],
      ['/api/delete-notification', {}, 'Please choose at least one notification'],
      [
        '/api/delete-notification',
        { notification_ids: [] },
        'Please choose at least one notification',
      ],
      ['/api/delete-notification', { notification_ids: [0] }, 'Please choose a notification'],
    ];
    for (const [path, body, message] of cases) {
      expect(await client.post(path, body), `${path} ${JSON.stringify(body)}`).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
  });

  it("read-notification marks the caller's own as read once and never another user's", async () => {
    const alice = await advertiser();
    const bob = await advertiser();
    const [aliceId] = await seed(alice.id, 1);
    const [bobId] = await seed(bob.id, 1);

    expect(await alice.client.call(readNotification, { notification_id: bobId! })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Notification not found' },
    });
    expect(await alice.client.call(readNotification, { notification_id: 999_999 })).toMatchObject({
      status: 404,
      body: { message: 'Notification not found' },
    });
    expect((await rows(bob.id))[0]!.read).toBe(false);

    const before = (await rows(alice.id))[0]!.updated_at;
    expect(
      await alice.client.call(readNotification, { notification_id: String(aliceId) }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: 'Notification marked as read', count: 1 },
    });
    const opened = (await rows(alice.id))[0]!;
    expect(opened.read).toBe(true);
    expect(new Date(opened.updated_at).getTime()).toBeGreaterThan(new Date(before).getTime());
    // "Opened On" stays the first opening.
    await alice.client.call(readNotification, { notification_id: aliceId! });
    expect((await rows(alice.id))[0]!.updated_at).toEqual(opened.updated_at);
    const listed = await alice.client.call(getNotifications, { read: true });
    expect(answerOf(listed).data[0]!.updatedAt).toBe(new Date(opened.updated_at).toISOString());
  });

  it("read-all-notifications marks every one of the caller's and no one else's", async () => {
    const alice = await advertiser();
    const bob = await advertiser();
    await seed(alice.id, 7);
    await seed(bob.id, 2);
    expect(
      await alice.client.call(readAllNotifications, undefined, { headers: OWN_PAGE }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: 'All notifications marked as read', count: 7 },
    });
    expect((await rows(alice.id)).every((row) => row.read)).toBe(true);
    expect((await rows(bob.id)).map((row) => row.read)).toEqual([false, false]);
    expect(
      (await alice.client.call(readAllNotifications, undefined, { headers: OWN_PAGE })).body,
    ).toMatchObject({
      count: 0,
    });
    expect(answerOf(await bob.client.call(unreadNotificationsCount)).count).toBe(2);
  });

  it('read-all-notifications refuses a request another site started', async () => {
    const { client, id } = await advertiser();
    await seed(id, 1);
    expect(
      await client.call(readAllNotifications, undefined, {
        headers: {
          ...OWN_PAGE,
          'sec-fetch-site': 'cross-site',
        },
      }),
    ).toMatchObject({ status: 403, body: CROSS_ORIGIN });
    expect((await rows(id))[0]!.read).toBe(false);
  });

  it('read-all-notifications refuses a request without the header only our pages send', async () => {
    const { client, id } = await advertiser();
    await seed(id, 2);
    // A cross-site <img>, link or form sends the cookie but can set no header; a page's fetch
    // could, only after a CORS preflight this server never allows. Older browsers send no
    // Sec-Fetch-Site at all, so that check alone is not enough.
    const refusals = await Promise.all([
      client.call(readAllNotifications),
      client.call(readAllNotifications, undefined, {
        headers: { [REQUESTED_WITH_HEADER]: 'XMLHttpRequest' },
      }),
      client.call(readAllNotifications, undefined, { headers: { [REQUESTED_WITH_HEADER]: '' } }),
    ]);
    for (const response of refusals) {
      expect(response).toMatchObject({ status: 403, body: CROSS_ORIGIN });
    }
    // Fastify answers HEAD with the GET handler: it is refused the same way.
    expect((await client.request('HEAD', '/api/read-all-notifications')).status).toBe(403);
    expect((await rows(id)).map((row) => row.read)).toEqual([false, false]);
    expect(answerOf(await client.call(unreadNotificationsCount)).count).toBe(2);
  });

  it("delete-notification deletes only the caller's own ids", async () => {
    const alice = await advertiser();
    const bob = await advertiser();
    const aliceIds = await seed(alice.id, 3);
    const bobIds = await seed(bob.id, 2);
    expect(await alice.client.call(deleteNotification, { notification_ids: bobIds })).toMatchObject(
      { status: 200, body: { success: true, count: 0 } },
    );
    expect(await messages(bob.id)).toEqual(['message 1', 'message 2']);

    expect(
      await alice.client.call(deleteNotification, {
        notification_ids: [aliceIds[0]!, bobIds[0]!, aliceIds[2]!],
      }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: 'Notifications deleted successfully', count: 2 },
    });
    expect(await messages(alice.id)).toEqual(['message 2']);
    expect(await messages(bob.id)).toEqual(['message 1', 'message 2']);
  });

  it('writes notifications on campaign events and a low balance', async () => {
    const { client, id } = await advertiser(25_000);
    await client.call(newCampaign, {
      username: 'nina',
      package_id: 2,
      amount_deposit: 100,
      category_name: null,
    });
    await client.call(newCampaign, {
      username: 'omar',
      package_id: 2,
      amount_deposit: 100,
      category_name: null,
    });
    expect(await messages(id)).toEqual([
      'Your campaign for nina was created with Site-Wide: $100.00 buys 166 clicks.',
      'Your campaign for omar was created with Site-Wide: $100.00 buys 166 clicks.',
      'Your balance is now $50.00, below $100.00. Top up your balance to keep using all features.',
    ]);

    await client.call(expireAdPackage, { username: 'nina', packageId: 2 });
    await client.call(topUpMoneyDeposited, {
      username: 'nina',
      package_id: 2,
      amount: 3,
    });
    await client.call(expireAdPackage, { username: 'nina', packageId: 2 });
    // A new package replaces the paused campaign in one call (issue 13), at least $100 (§9).
    await client.call(assignAdPackage, {
      username: 'nina',
      package_id: 4,
      category_name: null,
      amount_deposit: 100,
    });
    expect((await messages(id)).slice(3)).toEqual([
      'Your campaign for nina was paused. $100.00 left of its budget went back to your balance.',
      'Your campaign for nina was reactivated with $3.00: 5 clicks remaining.',
      'Your campaign for nina was paused. $3.00 left of its budget went back to your balance.',
      'Your campaign for nina was reactivated with a new package, Main Categories 2nd tier: $100.00 buys 250 clicks.',
      'Your balance is now $50.00, below $100.00. Top up your balance to keep using all features.',
    ]);

    // A top-up of an active campaign is no reactivation; clicks running out end the campaign.
    const count = (await messages(id)).length;
    await client.call(topUpMoneyDeposited, {
      username: 'nina',
      package_id: 4,
      amount: 1,
    });
    expect(await messages(id)).toHaveLength(count);
    const body = JSON.stringify({
      events: Array.from({ length: 252 }, (_, n) => ({
        id: clickId(`${kind}-nina-${n}`),
        username: 'nina',
        at: new Date().toISOString(),
        visitor_id: `nina-visitor-${n}`,
      })),
    });
    const ts = Math.floor(Date.now() / 1000);
    const clicks = await t.server.client().request('POST', '/api/partner/clicks', {
      raw: body,
      headers: {
        'content-type': 'application/json',
        'x-partner-timestamp': String(ts),
        'x-partner-signature': signPartnerRequest(PARTNER_SECRET, ts, body),
      },
    });
    expect(clicks.status).toBe(200);
    expect((await messages(id)).slice(count)).toEqual([
      'Your campaign for nina ended: all 252 clicks purchased were used.',
    ]);
  });

  it('notifies a low balance only when a debit crosses $100', async () => {
    const { client, id } = await advertiser(20_000);
    await client.call(newCampaign, {
      username: 'omar',
      package_id: 2,
      amount_deposit: 100,
      category_name: null,
    });
    // Exactly $100 left is not below $100.
    expect(await messages(id)).toHaveLength(1);
    await client.call(topUpMoneyDeposited, {
      username: 'omar',
      package_id: 2,
      amount: 10,
    });
    await client.call(topUpMoneyDeposited, {
      username: 'omar',
      package_id: 2,
      amount: 5,
    });
    expect((await messages(id)).slice(1)).toEqual([
      'Your balance is now $90.00, below $100.00. Top up your balance to keep using all features.',
    ]);
  });
});
