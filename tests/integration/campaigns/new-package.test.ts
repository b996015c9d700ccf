import { describe, expect, it } from 'vitest';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import {
  expireAdPackage,
  newCampaign,
  removeAdPackage,
  topUpMoneyDeposited,
} from '@/shared/contract/campaigns';
import { advertiser as newAdvertiser, profile as newProfile } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';
import { answerOf, databaseKinds, type TestClient } from '../../helpers/server';

/**
 * Reactivate -> New Package (issue 13): assign-ad-package replaces an inactive campaign in one
 * transaction; a refused package changes nothing; every new package deposit is at least $100.
 */

const MINIMUM = 'Minimum deposit for this package is $100.00';
const NO_BALANCE = 'You do not have enough balance to create this campaign';

describe.each(databaseKinds())('assign-ad-package on %s', (kind) => {
  const t = useTestApp(kind);

  /** An advertiser holding `balanceCents` and a fresh listed profile. */
  async function advertiser(
    balanceCents: number,
  ): Promise<{ client: TestClient; id: number; profile: string }> {
    const profile = await newProfile(t.db);
    const { client, id } = await newAdvertiser(t.server, { balanceCents });
    return { client, id, profile };
  }

  /** An advertiser whose $100 Site-Wide campaign on their profile is paused (budget refunded). */
  async function withPausedCampaign(balanceCents: number) {
    const who = await advertiser(balanceCents);
    const created = await who.client.call(newCampaign, {
      username: who.profile,
      package_id: 2,
      amount_deposit: 100,
    });
    expect(created.status).toBe(201);
    const paused = await who.client.call(expireAdPackage, { username: who.profile });
    expect(paused.status).toBe(200);
    return who;
  }

  /** Everything of the advertiser a refused assign must leave as it was. */
  async function snapshot(userId: number) {
    const q = (sql: string) => t.db.query(sql, [userId]);
    return {
      balance: Number((await q('SELECT balance_cents FROM users WHERE id = $1'))[0]!.balance_cents),
      campaigns: await q('SELECT * FROM campaigns WHERE user_id = $1 ORDER BY id'),
      ledger: await q('SELECT * FROM ledger_entries WHERE user_id = $1 ORDER BY id'),
      history: await q('SELECT * FROM campaign_history WHERE user_id = $1 ORDER BY id'),
      notifications: await q('SELECT * FROM notifications WHERE user_id = $1 ORDER BY id'),
    };
  }

  function assign(client: TestClient, body: Record<string, unknown>) {
    return client.post('/api/assign-ad-package', body);
  }

  it('refuses a deposit above the balance and keeps the paused campaign exactly as it was', async () => {
    // The finding: $5,000 against $833; remove-ad-package went first and the campaign was lost.
    const { client, id, profile } = await withPausedCampaign(83_300);
    const before = await snapshot(id);
    expect(before.balance).toBe(83_300);
    expect(before.campaigns).toHaveLength(1);

    expect(
      await assign(client, {
        username: profile,
        package_id: 2,
        category_name: null,
        amount_deposit: 5000,
      }),
    ).toMatchObject({ status: 400, body: { success: false, message: NO_BALANCE } });
    expect(await snapshot(id)).toEqual(before);

    const list = await client.call(boughtAdsByClient);
    expect(answerOf(list).data.map((c) => [c.profile_id, c.status])).toEqual([[profile, false]]);
  });

  it('refuses every new package the rules forbid, changing nothing', async () => {
    const { client, id, profile } = await withPausedCampaign(83_300);
    const before = await snapshot(id);
    const cases: [Record<string, unknown>, string][] = [
      [{ package_id: 2, amount_deposit: 99.99 }, MINIMUM],
      [{ package_id: 2, amount_deposit: 50 }, MINIMUM],
      [{ package_id: 4, amount_deposit: 0.4 }, MINIMUM],
      [{ package_id: 2, amount_deposit: 0 }, 'Please enter a valid deposit amount'],
      [{ package_id: 2, amount_deposit: '100' }, 'Please enter a valid deposit amount'],
      [{ package_id: 2, amount_deposit: 100.001 }, 'Amounts can have at most 2 decimals'],
      [{ package_id: 9, amount_deposit: 100 }, 'Please select a package'],
      [{ package_id: 3, amount_deposit: 100 }, 'Please select a category'],
      [
        { package_id: 3, amount_deposit: 100, category_name: 'Top' },
        'Top, New, Free and Popular categories are not available for this package',
      ],
      [{ package_id: 3, amount_deposit: 100, category_name: 'Nope' }, 'Please select a category'],
    ];
    for (const [body, message] of cases) {
      expect(await assign(client, { username: profile, ...body })).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
    await t.db.query('UPDATE profiles SET listed = false WHERE username = $1', [profile]);
    expect(await assign(client, { username: profile, package_id: 2, amount_deposit: 100 })).toEqual(
      expect.objectContaining({
        status: 400,
        body: { success: false, message: 'Model is not available' },
      }),
    );
    expect(await snapshot(id)).toEqual(before);
  });

  it('replaces the paused campaign with the new package in one call, debiting $100.00', async () => {
    const { client, id, profile } = await withPausedCampaign(83_300);
    expect(
      await assign(client, {
        username: ` ${profile.toUpperCase()} `,
        package_id: 4,
        category_name: null,
        amount_deposit: 100,
      }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: `Campaign for ${profile} reactivated successfully!` },
    });
    const after = await snapshot(id);
    expect(after.balance).toBe(73_300);
    // Spec §9: floor(100 / 0.40) = 250 clicks, a new campaign with its own figures.
    expect(
      after.campaigns.map((c) => [
        c.profile_username,
        c.status,
        c.package_id,
        c.clicks_purchased,
        c.clicks_count,
        Number(c.amount_deposit_cents),
        Number(c.amount_remaining_cents),
        Number(c.refunded_cents),
      ]),
    ).toEqual([[profile, true, 4, 250, 0, 10_000, 10_000, 0]]);
    expect(after.ledger.map((l) => [l.kind, Number(l.amount_cents), l.reference !== null])).toEqual(
      [
        ['demo-grant', 83_300, false],
        ['campaign-funded', -10_000, true],
        ['campaign-refund', 10_000, true],
        ['campaign-funded', -10_000, true],
      ],
    );
    expect(after.ledger.at(-1)!.reference).toBe(`campaign:${after.campaigns[0]!.id}`);
    // The old campaign's ending stays in its history.
    expect(after.history.map((h) => [h.profile_username, h.package_name])).toEqual([
      [profile, 'Site-Wide'],
    ]);
    expect(after.notifications.at(-1)!.message).toBe(
      `Your campaign for ${profile} was reactivated with a new package, Main Categories 2nd tier: $100.00 buys 250 clicks.`,
    );
  });

  it('refuses a new package for an active campaign, and opens one where there is none', async () => {
    const { client, id, profile } = await advertiser(30_000);
    await client.call(newCampaign, {
      username: profile,
      package_id: 2,
      amount_deposit: 100,
    });
    const before = await snapshot(id);
    expect(await assign(client, { username: profile, package_id: 1, amount_deposit: 100 })).toEqual(
      expect.objectContaining({
        status: 409,
        body: { success: false, message: 'Model is not available' },
      }),
    );
    expect(await snapshot(id)).toEqual(before);

    // After a Delete there is no campaign: assign opens one, with the same $100 minimum.
    await client.call(expireAdPackage, { username: profile });
    expect(await client.call(removeAdPackage, { username: profile })).toMatchObject({
      status: 200,
      body: { message: `Campaign for ${profile} deleted successfully!` },
    });
    expect(
      await assign(client, { username: profile, package_id: 1, amount_deposit: 99.99 }),
    ).toMatchObject({ status: 400, body: { success: false, message: MINIMUM } });
    expect(
      await assign(client, { username: profile, package_id: 1, amount_deposit: 100 }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: `Campaign for ${profile} reactivated successfully!` },
    });
    const after = await snapshot(id);
    expect(after.balance).toBe(20_000);
    expect(after.campaigns.map((c) => [c.status, c.package_id, c.clicks_purchased])).toEqual([
      [true, 1, 125],
    ]);
  });

  it('keeps same-package reactivation and top-ups at any amount above 0', async () => {
    const { client, id, profile } = await withPausedCampaign(20_000);
    expect(
      await client.call(topUpMoneyDeposited, { username: profile, amount: 0.6 }),
    ).toMatchObject({
      status: 200,
      body: { message: `Campaign for ${profile} reactivated and topped up successfully!` },
    });
    expect(
      await client.call(topUpMoneyDeposited, { username: profile, amount: 1.2 }),
    ).toMatchObject({
      status: 200,
      body: { message: `Campaign for ${profile} topped up successfully` },
    });
    expect((await snapshot(id)).balance).toBe(19_820);
  });

  it('lets exactly one of 6 parallel new packages through, the others finding it active', async () => {
    const { client, id, profile } = await withPausedCampaign(25_000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        assign(client, { username: profile, package_id: 2, amount_deposit: 150 }),
      ),
    );
    expect(answers.map((a) => [a.status, a.body.message]).sort()).toEqual([
      [200, `Campaign for ${profile} reactivated successfully!`],
      ...Array.from({ length: 5 }, () => [409, 'Model is not available']),
    ]);
    const after = await snapshot(id);
    expect(after.balance).toBe(10_000);
    expect(after.campaigns.map((c) => [c.status, Number(c.amount_deposit_cents)])).toEqual([
      [true, 15_000],
    ]);
    const [sum] = await t.db.query<{ sum: string }>(
      'SELECT SUM(amount_cents)::bigint AS sum FROM ledger_entries WHERE user_id = $1',
      [id],
    );
    expect(Number(sum!.sum)).toBe(10_000);
  });
});
