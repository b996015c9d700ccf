import { describe, expect, it } from 'vitest';
import {
  assignAdPackage,
  expireAdPackage,
  newCampaign,
  topUpMoneyDeposited,
} from '@/shared/contract/campaigns';
import { advertiser as newAdvertiser, profile as newProfile } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

/**
 * Issue 31 point 5: one package cap for every purchase. $7,000 on Site-Wide ($0.60, at most 10,000
 * clicks) bought 10,000 clicks ($6,000) and parked $1,000 that bought nothing; creation, a new
 * package and a top-up all refuse when floor((amount_remaining + amount) / rate) > max_slots, with
 * the top-up's message. And a new package on a profile that never had a campaign says "created".
 */

const PAST_CAP = 'This amount would take the campaign past the package maximum of 10,000 clicks';

describe.each(databaseKinds())('the package cap on %s', (kind) => {
  const t = useTestApp(kind);

  /** An advertiser holding $20,000 and a fresh listed profile, with a reader of its balance. */
  async function advertiser() {
    const profile = await newProfile(t.db);
    const { client, id: userId } = await newAdvertiser(t.server, { balanceCents: 2_000_000 });
    const balance = async () =>
      Number(
        (await t.db.query('SELECT balance_cents FROM users WHERE id = $1', [userId]))[0]!
          .balance_cents,
      );
    return { client, profile, balance };
  }

  it('refuses a new campaign that buys more clicks than the package allows', async () => {
    const { client, profile, balance } = await advertiser();
    const body = { username: profile, package_id: 2, amount_deposit: 7000 };
    expect(await client.call(newCampaign, body)).toMatchObject({
      status: 400,
      body: { success: false, message: PAST_CAP },
    });
    expect(await balance()).toBe(2_000_000);
    // $6,000.59 buys 10,000 clicks (and 59 cents of a click): the most the cap lets a deposit be.
    expect((await client.call(newCampaign, { ...body, amount_deposit: 6000.59 })).status).toBe(201);
    expect(await balance()).toBe(2_000_000 - 600_059);
  });

  it('refuses a new package past the cap and tops up to it exactly', async () => {
    const { client, profile, balance } = await advertiser();
    await client.call(newCampaign, {
      username: profile,
      package_id: 2,
      amount_deposit: 100,
    });
    await client.call(expireAdPackage, { username: profile });
    const before = await balance();
    const assign = {
      username: profile,
      package_id: 2,
      amount_deposit: 6000.6,
      category_name: null,
    };
    expect(await client.call(assignAdPackage, assign)).toMatchObject({
      status: 400,
      body: { success: false, message: PAST_CAP },
    });
    expect(await balance()).toBe(before);
    expect((await client.call(assignAdPackage, { ...assign, amount_deposit: 100 })).body).toEqual({
      success: true,
      message: `Campaign for ${profile} reactivated successfully!`,
    });
    // $100 is 10000 cents; 10000 + 590059 = 600059 cents is 10,000 clicks and 59 cents, one cent
    // more is 10,001 clicks.
    const topUp = { username: profile, package_id: 2, amount: 5900.6 };
    expect(await client.call(topUpMoneyDeposited, topUp)).toMatchObject({
      status: 400,
      body: { success: false, message: PAST_CAP },
    });
    expect((await client.call(topUpMoneyDeposited, { ...topUp, amount: 5900.59 })).status).toBe(
      200,
    );
  });

  it('says "created" for a new package on a profile that never had a campaign', async () => {
    const { client, profile } = await advertiser();
    const answer = await client.call(assignAdPackage, {
      username: profile,
      package_id: 1,
      amount_deposit: 100,
    });
    expect(answer.body).toEqual({
      success: true,
      message: `Campaign for ${profile} created successfully`,
    });
  });
});
