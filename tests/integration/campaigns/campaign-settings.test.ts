import { describe, expect, it } from 'vitest';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import {
  expireAdPackage,
  newCampaign,
  topUpMoneyDeposited,
  updateCampaignSettings,
} from '@/shared/contract/campaigns';
import { setAccountTimeZone, TIME_ZONE_HEADER } from '@/shared/contract/account-time-zone';
import { register } from '@/shared/contract/auth';
import { advertiser, grant, profile as newProfile } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';
import { answerOf, databaseKinds, newRegistration, type TestClient } from '../../helpers/server';

/**
 * Issue 36 point 2 and 3: a campaign's daily budget and end date through the API: set when it is
 * created, topped up, or on its own (update-campaign-settings), shown in the list, refused with a
 * clear message (changing nothing) when below one click or before the advertiser's today. The app's
 * clock is the test's.
 */

let now = Date.parse('2026-12-07T15:00:00Z');
const clock = () => now;

describe.each(databaseKinds())('campaign settings on %s', (kind) => {
  const t = useTestApp(kind, {}, { clock });

  async function listed(client: TestClient, username: string) {
    const list = answerOf(await client.call(boughtAdsByClient));
    return list.data.find((campaign) => campaign.profile_id === username)!;
  }

  async function endsAt(username: string): Promise<string | null> {
    const [row] = await t.db.query<{ ends_at: Date | string | null }>(
      'SELECT ends_at FROM campaigns WHERE profile_username = $1',
      [username],
    );
    return row!.ends_at === null ? null : new Date(row!.ends_at).toISOString();
  }

  it('creates a campaign with a daily budget and an end date, and lists them', async () => {
    now = Date.parse('2026-12-07T15:00:00Z');
    const { client } = await advertiser(t.server, { balanceCents: 100_000 });
    const username = await newProfile(t.db);
    const body = {
      username,
      package_id: 2,
      amount_deposit: 100,
      daily_budget: 12.5,
      ends_on: '2026-12-07',
    };
    expect(answerOf(await client.call(newCampaign, body), 201)).toEqual({
      success: true,
      message: `Campaign for ${username} created successfully`,
    });
    expect(await listed(client, username)).toMatchObject({
      daily_budget: 12.5,
      ends_on: '2026-12-07',
    });
    // UTC until set: the first instant after Dec 7.
    expect(await endsAt(username)).toBe('2026-12-08T00:00:00.000Z');
  });

  it('refuses a budget below one click and an end date before today, and creates nothing', async () => {
    now = Date.parse('2026-12-07T15:00:00Z');
    const { client, id } = await advertiser(t.server, { balanceCents: 100_000 });
    const username = await newProfile(t.db);
    const base = { username, package_id: 2, amount_deposit: 100 };
    expect(answerOf(await client.call(newCampaign, { ...base, daily_budget: 0.59 }), 400)).toEqual({
      success: false,
      message: 'The daily budget must be at least the price of one click ($0.60)',
    });
    expect(
      answerOf(await client.call(newCampaign, { ...base, ends_on: '2026-12-06' }), 400),
    ).toEqual({ success: false, message: 'The end date cannot be before today' });
    expect(
      answerOf(await client.call(newCampaign, { ...base, ends_on: '2026-02-30' }), 400),
    ).toEqual({ success: false, message: 'Please enter a valid end date' });
    expect(answerOf(await client.call(newCampaign, { ...base, daily_budget: 1.234 }), 400)).toEqual(
      { success: false, message: 'Amounts can have at most 2 decimals' },
    );
    expect(answerOf(await client.call(boughtAdsByClient)).data).toEqual([]);
    const [user] = await t.db.query<{ balance_cents: string }>(
      'SELECT balance_cents FROM users WHERE id = $1',
      [id],
    );
    expect(Number(user!.balance_cents)).toBe(100_000);
  });

  it('changes, keeps and clears the settings of an active campaign', async () => {
    now = Date.parse('2026-12-07T15:00:00Z');
    const { client } = await advertiser(t.server, { balanceCents: 100_000 });
    const username = await newProfile(t.db);
    answerOf(await client.call(newCampaign, { username, package_id: 2, amount_deposit: 100 }), 201);
    expect(await listed(client, username)).toMatchObject({ daily_budget: null, ends_on: null });

    expect(
      answerOf(
        await client.call(updateCampaignSettings, {
          username,
          daily_budget: 5,
          ends_on: '2026-12-31',
        }),
      ),
    ).toEqual({
      success: true,
      message: 'Campaign settings saved',
      data: { daily_budget: 5, ends_on: '2026-12-31' },
    });
    // Left out: stays.
    expect(
      answerOf(await client.call(updateCampaignSettings, { username, daily_budget: 7.2 })).data,
    ).toEqual({ daily_budget: 7.2, ends_on: '2026-12-31' });
    expect(await endsAt(username)).toBe('2027-01-01T00:00:00.000Z');
    // A top-up may set the budget too.
    answerOf(await client.call(topUpMoneyDeposited, { username, amount: 10, daily_budget: 3 }));
    expect(await listed(client, username)).toMatchObject({
      daily_budget: 3,
      ends_on: '2026-12-31',
    });
    // Null clears.
    expect(
      answerOf(
        await client.call(updateCampaignSettings, { username, daily_budget: null, ends_on: null }),
      ).data,
    ).toEqual({ daily_budget: null, ends_on: null });
    expect(await endsAt(username)).toBeNull();

    expect(
      answerOf(
        await client.call(updateCampaignSettings, { username: 'nobody_here', daily_budget: 5 }),
        404,
      ),
    ).toEqual({ success: false, message: 'No campaign found for this profile' });
    answerOf(await client.call(expireAdPackage, { username }));
    expect(
      answerOf(await client.call(updateCampaignSettings, { username, daily_budget: 5 }), 400),
    ).toEqual({ success: false, message: 'This campaign is not active' });
  });

  it("follows the account's zone: the browser's at sign-in, then a change at midnight", async () => {
    now = Date.parse('2026-12-07T15:00:00Z');
    const client = t.server.client();
    const registration = newRegistration();
    answerOf(
      await client.call(register, registration, {
        headers: { [TIME_ZONE_HEADER]: 'Asia/Kolkata' },
      }),
      201,
    );
    const [user] = await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      registration.email,
    ]);
    await grant(t.db, Number(user!.id), 100_000);
    const username = await newProfile(t.db);
    // 15:00 UTC is 20:30 in Kolkata: today is Dec 7 there, and it ends at 18:30 UTC.
    answerOf(
      await client.call(newCampaign, {
        username,
        package_id: 2,
        amount_deposit: 100,
        ends_on: '2026-12-07',
      }),
      201,
    );
    expect(await endsAt(username)).toBe('2026-12-07T18:30:00.000Z');

    // An end on Dec 9, then the days follow New York from Kolkata's next midnight (18:30 UTC): Dec 9
    // ends at New York's midnight.
    answerOf(await client.call(updateCampaignSettings, { username, ends_on: '2026-12-09' }));
    expect(await endsAt(username)).toBe('2026-12-09T18:30:00.000Z');
    answerOf(await client.call(setAccountTimeZone, { time_zone: 'America/New_York' }));
    expect(await endsAt(username)).toBe('2026-12-10T05:00:00.000Z');
  });
});
