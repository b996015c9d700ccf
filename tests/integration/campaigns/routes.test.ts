import { beforeAll, describe, expect, it } from 'vitest';
import { signPartnerRequest } from '@/server/domain/auth/partner-signature';
import { ledgerSumCents } from '@/server/domain/ledger';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import {
  allAdPackages,
  assignAdPackage,
  campaignHistory,
  checkModelAvailability,
  expireAdPackage,
  getAllCategories,
  newCampaign,
  profileAdDetails,
  removeAdPackage,
  searchProfiles,
  topUpMoneyDeposited,
} from '@/shared/contract/campaigns';
import { partnerClicks } from '@/shared/contract/partner';
import { getUserDetails } from '@/shared/contract/user-details';
import { clickId, NO_INVALID } from '../../helpers/click-ids';
import { advertiser as newAdvertiser } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';
import { answerOf, databaseKinds, type TestClient } from '../../helpers/server';

const PARTNER_SECRET = 'test-partner-secret';

describe.each(databaseKinds())('campaign calls on %s', (kind) => {
  const t = useTestApp(kind, { PARTNER_SECRET });

  /** A registered, signed-in advertiser holding `balanceCents`. */
  const advertiser = (balanceCents: number): Promise<{ client: TestClient; id: number }> =>
    newAdvertiser(t.server, { balanceCents });

  async function balanceCents(userId: number): Promise<number> {
    const [row] = await t.db.query<{ balance_cents: number }>(
      'SELECT balance_cents FROM users WHERE id = $1',
      [userId],
    );
    return Number(row!.balance_cents);
  }

  /** A signed click report; `tamper` changes the signature sent. */
  function sendClicks(
    events: { id: string; username: string; at: string; visitor_id?: string }[],
    timestamp?: number,
    tamper: (signature: string) => string = (signature) => signature,
  ) {
    const body = JSON.stringify({ events });
    const ts = timestamp ?? Math.floor(Date.now() / 1000);
    return t.server.client().request('POST', '/api/partner/clicks', {
      raw: body,
      headers: {
        'content-type': 'application/json',
        'x-partner-timestamp': String(ts),
        'x-partner-signature': tamper(signPartnerRequest(PARTNER_SECRET, ts, body)),
      },
    });
  }

  beforeAll(async () => {
    const values = Array.from(
      { length: 30 },
      (_, i) => `('creator${i}', 'Creator Number ${i}', '/avatars/creator${i}.svg')`,
    );
    await t.db.query(
      `INSERT INTO profiles (username, full_name, avatar) VALUES ${values.join(', ')}`,
    );
  });

  it('refuses every campaign call without a session', async () => {
    const anonymous = t.server.client();
    expect(await anonymous.call(boughtAdsByClient)).toMatchObject({
      status: 401,
      body: { success: false, message: 'Not authenticated' },
    });
    expect((await anonymous.post('/api/new-campaign', {})).status).toBe(401);
  });

  it('lists packages and categories', async () => {
    const { client } = await advertiser(0);
    const packages = await client.call(allAdPackages);
    expect(answerOf(packages).data.map((p) => [p.id, p.name, p.click_rate])).toEqual([
      [1, 'Main Categories', 0.8],
      [2, 'Site-Wide', 0.6],
      [3, 'Category-Specific', 0.5],
      [4, 'Main Categories 2nd tier', 0.4],
    ]);
    const categories = await client.call(getAllCategories);
    expect(answerOf(categories).categories.slice(0, 5)).toEqual([
      { name: 'Top', slug: 'top' },
      { name: 'New', slug: 'new' },
      { name: 'Popular', slug: 'popular' },
      { name: 'Free', slug: 'free' },
      { name: 'Fitness', slug: 'fitness' },
    ]);
  });

  it('creates, reads, tops up, pauses, reactivates and deletes a campaign', async () => {
    const { client, id } = await advertiser(50_000);
    expect(await client.call(checkModelAvailability, { username: 'creator1' })).toMatchObject({
      status: 200,
      body: { success: true, message: 'Model is available' },
    });
    const created = await client.call(newCampaign, {
      username: 'creator1',
      package_id: 2,
      amount_deposit: 100,
      category_name: null,
    });
    expect(created).toMatchObject({
      status: 201,
      body: { success: true, message: 'Campaign for creator1 created successfully' },
    });
    expect(await client.call(checkModelAvailability, { username: 'creator1' })).toMatchObject({
      status: 400,
      body: { success: false, message: 'Model is not available' },
    });
    const details = await client.call(profileAdDetails, {
      username: 'creator1',
    });
    expect(answerOf(details).user).toMatchObject({
      clicks_purchased: 166,
      amount_deposit: 100,
      status: true,
    });

    expect(
      await client.call(topUpMoneyDeposited, {
        username: 'creator1',
        package_id: 2,
        amount: 50,
      }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Campaign for creator1 topped up successfully' },
    });
    expect(
      await client.call(expireAdPackage, { username: 'creator1', packageId: 2 }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Campaign for creator1 deactivated successfully' },
    });
    expect(await balanceCents(id)).toBe(50_000);
    expect(
      await client.call(topUpMoneyDeposited, {
        username: 'creator1',
        package_id: 2,
        amount: 60,
      }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Campaign for creator1 reactivated and topped up successfully!' },
    });
    expect(await client.call(removeAdPackage, { username: 'creator1' })).toMatchObject({
      status: 400,
      body: {
        success: false,
        message: 'Active campaigns cannot be deleted. Deactivate the campaign first.',
      },
    });
    await client.call(expireAdPackage, { username: 'creator1', packageId: 2 });
    // Reactivate with a new package: one call replaces the inactive campaign.
    expect(
      await client.call(assignAdPackage, {
        username: 'creator1',
        package_id: 3,
        category_name: 'Gaming',
        amount_deposit: 200,
      }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Campaign for creator1 reactivated successfully!' },
    });
    const list = await client.call(boughtAdsByClient);
    expect(answerOf(list).data.map((c) => [c.package_name, c.categories])).toEqual([
      ['Category-Specific', ['Gaming']],
    ]);
    const history = await client.call(campaignHistory);
    expect(answerOf(history).data).toHaveLength(2);
    expect(await balanceCents(id)).toBe(30_000);
    expect(await ledgerSumCents(t.db.read, id)).toBe(30_000);
    const me = await client.call(getUserDetails);
    expect(answerOf(me).data).toMatchObject({ campaigns: 1, crypto_balance: 300 });
  });

  it('searches creators only for a balance above $90 (spec §9), as the page allows', async () => {
    const refused = {
      status: 400,
      body: {
        success: false,
        message: 'Creator search is disabled until your balance is above $90.',
      },
    };
    for (const balance of [0, 9_000]) {
      const { client } = await advertiser(balance);
      expect(await client.call(searchProfiles, { query: 'creator1' })).toMatchObject(refused);
    }
    const { client } = await advertiser(9_001);
    const found = await client.call(searchProfiles, { query: 'creator1' });
    expect(found.status).toBe(200);
    expect(answerOf(found).success).toBe(true);
    expect(answerOf(found).data[0]!.username).toBe('creator1');
  });

  it('answers bad input with the spec messages and changes nothing', async () => {
    const { client, id } = await advertiser(15_000);
    const cases: [unknown, string][] = [
      [{ username: 'creator2', package_id: 3, amount_deposit: 100 }, 'Please select a category'],
      [
        { username: 'creator2', package_id: 3, amount_deposit: 100, category_name: 'Top' },
        'Top, New, Free and Popular categories are not available for this package',
      ],
      [
        { username: 'creator2', package_id: 2, amount_deposit: 99.99 },
        'Please enter a valid deposit amount (minimum $100)',
      ],
      [
        { username: 'creator2', package_id: 2, amount_deposit: 100.001 },
        'Amounts can have at most 2 decimals',
      ],
      [
        { username: 'creator2', package_id: 2, amount_deposit: '100' },
        'Please enter a valid deposit amount (minimum $100)',
      ],
      [{ username: 'creator2', package_id: 9, amount_deposit: 100 }, 'Please select a package'],
      [
        { username: 'creator2', package_id: 2, amount_deposit: 200 },
        'You do not have enough balance to create this campaign',
      ],
      [{ username: 'nobody', package_id: 2, amount_deposit: 100 }, 'Model is not available'],
    ];
    for (const [body, message] of cases) {
      expect(await client.post('/api/new-campaign', body)).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
    expect(
      await client.call(topUpMoneyDeposited, {
        username: 'creator2',
        package_id: 2,
        amount: 10,
      }),
    ).toMatchObject({ status: 404, body: { message: 'No campaign found for this profile' } });
    expect(await balanceCents(id)).toBe(15_000);
  });

  it('keeps each advertiser to their own campaigns', async () => {
    const owner = await advertiser(20_000);
    const other = await advertiser(20_000);
    await owner.client.call(newCampaign, {
      username: 'creator3',
      package_id: 1,
      amount_deposit: 100,
    });
    for (const send of [
      () => other.client.call(expireAdPackage, { username: 'creator3' }),
      () => other.client.call(topUpMoneyDeposited, { username: 'creator3', amount: 10 }),
      () => other.client.call(removeAdPackage, { username: 'creator3' }),
      () => other.client.call(profileAdDetails, { username: 'creator3' }),
    ]) {
      expect(await send()).toMatchObject({
        status: 404,
        body: { message: 'No campaign found for this profile' },
      });
    }
    expect(await balanceCents(owner.id)).toBe(10_000);
    expect(await balanceCents(other.id)).toBe(20_000);
  });

  it('lets exactly one of 20 parallel new campaigns through when the balance covers one', async () => {
    const { client, id } = await advertiser(15_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.call(newCampaign, {
          username: `creator${10 + i}`,
          package_id: 2,
          amount_deposit: 100,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.message)).toEqual(
      Array(19).fill('You do not have enough balance to create this campaign'),
    );
    expect(await balanceCents(id)).toBe(5_000);
    expect(await ledgerSumCents(t.db.read, id)).toBe(5_000);
  });

  it('bills signed click batches once and refuses unsigned or stale ones', async () => {
    const { client, id } = await advertiser(10_000);
    await client.call(newCampaign, {
      username: 'creator4',
      package_id: 1,
      amount_deposit: 100,
    });
    const at = new Date().toISOString();
    const events = Array.from({ length: 130 }, (_, i) => ({
      id: clickId(`${kind}-c4-${i}`),
      username: 'creator4',
      at,
      visitor_id: `c4-visitor-${i}`,
    }));
    expect(await sendClicks(events)).toMatchObject({
      status: 200,
      body: {
        success: true,
        received: 130,
        duplicates: 0,
        billed: 125,
        unbilled: 5,
        budgetReached: 0,
        ...NO_INVALID,
        endedCampaigns: 1,
      },
    });
    expect(await sendClicks(events.slice(0, 3))).toMatchObject({
      status: 200,
      body: { received: 3, duplicates: 3, billed: 0 },
    });
    expect(await sendClicks(events, Math.floor(Date.now() / 1000) - 600)).toMatchObject({
      status: 401,
      body: { success: false, message: 'Partner request timestamp is too old' },
    });
    const unsigned = await t.server.client().call(partnerClicks, { events });
    expect(unsigned).toMatchObject({ status: 401, body: { message: 'Missing partner signature' } });
    const details = await client.call(profileAdDetails, {
      username: 'creator4',
    });
    expect(answerOf(details).user).toMatchObject({
      status: false,
      clicks_count: 125,
      remaining_clicks: 0,
    });
    expect(await balanceCents(id)).toBe(0);
  });

  it('refuses a signature with anything after or missing from its 64 hex characters', async () => {
    const { client } = await advertiser(10_000);
    await client.call(newCampaign, {
      username: 'creator7',
      package_id: 1,
      amount_deposit: 100,
    });
    const at = new Date().toISOString();
    const events = Array.from({ length: 3 }, (_, i) => ({
      id: clickId(`${kind}-c7-${i}`),
      username: 'creator7',
      at,
      visitor_id: `c7-visitor-${i}`,
    }));
    const tampered = [
      (signature: string) => `${signature}zz`,
      (signature: string) => `${signature}0`,
      (signature: string) => signature.slice(0, 63),
    ];
    for (const tamper of tampered) {
      expect(await sendClicks(events, undefined, tamper)).toMatchObject({
        status: 401,
        body: { success: false, message: 'Invalid partner signature' },
      });
    }
    // None of them was recorded: the same events, signed exactly, are new and billed.
    expect(await sendClicks(events)).toMatchObject({
      status: 200,
      body: { success: true, received: 3, duplicates: 0, billed: 3 },
    });
  });

  it('bills exactly the 10 clicks left out of 1,000 and ends the campaign', async () => {
    const { client, id } = await advertiser(10_000);
    await client.call(newCampaign, {
      username: 'creator5',
      package_id: 1,
      amount_deposit: 100,
    });
    const at = new Date().toISOString();
    const first = Array.from({ length: 115 }, (_, i) => ({
      id: clickId(`${kind}-c5-a${i}`),
      username: 'creator5',
      at,
      visitor_id: `c5-visitor-a${i}`,
    }));
    expect((await sendClicks(first)).body).toMatchObject({ billed: 115, endedCampaigns: 0 });
    const flood = Array.from({ length: 1000 }, (_, i) => ({
      id: clickId(`${kind}-c5-b${i}`),
      username: 'creator5',
      at,
      visitor_id: `c5-visitor-b${i}`,
    }));
    expect(await sendClicks(flood)).toMatchObject({
      status: 200,
      body: {
        received: 1000,
        billed: 10,
        unbilled: 990,
        budgetReached: 0,
        ...NO_INVALID,
        endedCampaigns: 1,
      },
    });
    const [campaign] = await t.db.query(
      'SELECT status, clicks_count, billed_cents, refunded_cents FROM campaigns WHERE user_id = $1',
      [id],
    );
    expect(campaign).toEqual({
      status: false,
      clicks_count: 125,
      billed_cents: 10_000,
      refunded_cents: 0,
    });
    const [events] = await t.db.query<{ billed: number; recorded: number }>(
      "SELECT count(*) FILTER (WHERE billed)::int AS billed, count(*)::int AS recorded FROM click_log WHERE profile_username = 'creator5'",
    );
    expect(events).toEqual({ billed: 125, recorded: 1115 });
  });

  it('keeps billed + refunded = funded when a pause races click batches', async () => {
    const { client, id } = await advertiser(10_000);
    await client.call(newCampaign, {
      username: 'creator6',
      package_id: 2,
      amount_deposit: 100,
    });
    const at = new Date().toISOString();
    const batches = Array.from({ length: 6 }, (_, b) =>
      Array.from({ length: 20 }, (_, i) => ({
        id: clickId(`${kind}-c6-${b}-${i}`),
        username: 'creator6',
        at,
        visitor_id: `c6-visitor-${b}-${i}`,
      })),
    );
    const answers = await Promise.all([
      ...batches.slice(0, 3).map((batch) => sendClicks(batch)),
      client.call(expireAdPackage, { username: 'creator6', packageId: 2 }),
      ...batches.slice(3).map((batch) => sendClicks(batch)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const [campaign] = await t.db.query<Record<string, number | boolean>>(
      'SELECT status, clicks_count, amount_deposit_cents, billed_cents, refunded_cents, amount_remaining_cents FROM campaigns WHERE user_id = $1',
      [id],
    );
    expect(campaign!.status).toBe(false);
    expect(Number(campaign!.billed_cents) + Number(campaign!.refunded_cents)).toBe(10_000);
    expect(Number(campaign!.amount_remaining_cents)).toBe(0);
    expect(Number(campaign!.billed_cents)).toBe(Number(campaign!.clicks_count) * 60);
    const [billed] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM click_log WHERE profile_username = 'creator6' AND billed",
    );
    expect(billed!.n).toBe(campaign!.clicks_count);
    expect(await balanceCents(id)).toBe(Number(campaign!.refunded_cents));
    expect(await ledgerSumCents(t.db.read, id)).toBe(Number(campaign!.refunded_cents));
  });
});
