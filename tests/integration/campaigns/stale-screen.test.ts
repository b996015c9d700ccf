import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '@/shared/idempotency';
import {
  assignAdPackage,
  expireAdPackage,
  newCampaign,
  removeAdPackage,
  topUpMoneyDeposited,
} from '@/shared/contract/campaigns';
import { advertiser, profile as newProfile } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';
import { databaseKinds, type TestResponse } from '../../helpers/server';

/**
 * Issue 31 point 2: a campaign write states the status its screen showed (`expected_status`). A
 * top-up pressed in a tab that still shows the campaign active, after it was paused in another, is
 * refused with 409 `campaign_changed` and buys nothing: it never turns into a reactivation. Callers
 * that leave the field out keep the spec's behaviour.
 */

const CHANGED = 'campaign_changed';

describe.each(databaseKinds())('writes that state what the screen showed, on %s', (kind) => {
  const t = useTestApp(kind);

  /** An advertiser with $1,000 and a $100 Site-Wide campaign on a fresh profile, active or paused. */
  async function withCampaign(status: 'active' | 'paused') {
    const profile = await newProfile(t.db);
    const { client, id: userId } = await advertiser(t.server, { balanceCents: 100_000 });
    const body = { username: profile, package_id: 2, amount_deposit: 100 };
    expect((await client.call(newCampaign, body)).status).toBe(201);
    if (status === 'paused') {
      expect((await client.call(expireAdPackage, { username: profile })).status).toBe(200);
    }
    return { client, id: userId, profile };
  }

  /** Everything of the advertiser a refused write must leave as it was. */
  async function snapshot(userId: number) {
    const q = (sql: string) => t.db.query(sql, [userId]);
    return {
      balance: (await q('SELECT balance_cents FROM users WHERE id = $1'))[0]!.balance_cents,
      campaigns: await q('SELECT * FROM campaigns WHERE user_id = $1 ORDER BY id'),
      ledger: await q('SELECT * FROM ledger_entries WHERE user_id = $1 ORDER BY id'),
      history: await q('SELECT * FROM campaign_history WHERE user_id = $1 ORDER BY id'),
      notifications: await q('SELECT * FROM notifications WHERE user_id = $1 ORDER BY id'),
    };
  }

  /** `send` makes the write the screen asked for, once the state before it is read. */
  async function refused(
    userId: number,
    send: () => Promise<TestResponse<unknown>>,
    message: string,
  ) {
    const before = await snapshot(userId);
    const answer = await send();
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 409,
      body: { success: false, code: CHANGED, message },
    });
    expect(message).not.toBe(IDEMPOTENCY_MESSAGES.stillRunning);
    expect(await snapshot(userId)).toEqual(before);
  }

  it('refuses a top-up from a screen that showed the campaign active after it was paused', async () => {
    // The finding: tab B paused it; tab A's Top-up $20 reactivated it with a $20 budget.
    const { client, id, profile } = await withCampaign('paused');
    await refused(
      id,
      () =>
        client.call(topUpMoneyDeposited, {
          username: profile,
          package_id: 2,
          amount: 20,
          expected_status: true,
        }),
      'This campaign was paused in the meantime; reactivate it instead',
    );
    // The refreshed screen shows it paused: reactivating it as such is done.
    const reactivated = await client.call(topUpMoneyDeposited, {
      username: profile,
      package_id: 2,
      amount: 20,
      expected_status: false,
    });
    expect(reactivated.body).toEqual({
      success: true,
      message: `Campaign for ${profile} reactivated and topped up successfully!`,
    });
  });

  it('says a campaign whose clicks ran out ended, for a top-up and a pause', async () => {
    const { client, id, profile } = await withCampaign('active');
    // The partner's last batch used every click; the billing has not ended it yet.
    await t.db.query(
      `UPDATE campaigns SET remaining_clicks = 0, clicks_count = clicks_purchased,
              billed_cents = amount_remaining_cents, amount_remaining_cents = 0 WHERE user_id = $1`,
      [id],
    );
    await refused(
      id,
      () =>
        client.call(topUpMoneyDeposited, {
          username: profile,
          package_id: 2,
          amount: 20,
          expected_status: true,
        }),
      'This campaign used all its clicks and ended in the meantime; reactivate it instead',
    );
    await refused(
      id,
      () => client.call(expireAdPackage, { username: profile, expected_status: true }),
      'This campaign used all its clicks and ended in the meantime',
    );
  });

  it('refuses a pause of a campaign paused elsewhere, and refunds nothing twice', async () => {
    const { client, id, profile } = await withCampaign('paused');
    await refused(
      id,
      () =>
        client.call(expireAdPackage, { username: profile, packageId: 2, expected_status: true }),
      'This campaign was paused in the meantime',
    );
  });

  it('refuses a reactivation, a new package and a delete of a campaign reactivated elsewhere', async () => {
    const { client, id, profile } = await withCampaign('active');
    await refused(
      id,
      () =>
        client.call(topUpMoneyDeposited, {
          username: profile,
          package_id: 2,
          amount: 50,
          expected_status: false,
        }),
      'This campaign was reactivated in the meantime; top it up instead',
    );
    await refused(
      id,
      () =>
        client.call(assignAdPackage, {
          username: profile,
          package_id: 1,
          amount_deposit: 100,
          expected_status: false,
        }),
      'This campaign was reactivated in the meantime; pause it before changing its package',
    );
    await refused(
      id,
      () => client.call(removeAdPackage, { username: profile, expected_status: false }),
      'This campaign was reactivated in the meantime; pause it before deleting it',
    );
  });

  it('says a campaign deleted elsewhere was deleted', async () => {
    const { client, id, profile } = await withCampaign('paused');
    expect((await client.call(removeAdPackage, { username: profile })).status).toBe(200);
    await refused(
      id,
      () =>
        client.call(assignAdPackage, {
          username: profile,
          package_id: 1,
          amount_deposit: 100,
          expected_status: false,
        }),
      'This campaign was deleted in the meantime',
    );
    await refused(
      id,
      () =>
        client.call(topUpMoneyDeposited, {
          username: profile,
          amount: 100,
          expected_status: false,
        }),
      'This campaign was deleted in the meantime',
    );
  });

  it('does what the screen asked when the status is the one it showed', async () => {
    const { client, profile } = await withCampaign('active');
    const topUp = { username: profile, package_id: 2, amount: 20, expected_status: true };
    expect((await client.call(topUpMoneyDeposited, topUp)).body).toEqual({
      success: true,
      message: `Campaign for ${profile} topped up successfully`,
    });
    const pause = { username: profile, expected_status: true };
    expect((await client.call(expireAdPackage, pause)).body).toEqual({
      success: true,
      message: `Campaign for ${profile} deactivated successfully`,
      refunded_amount: 120,
    });
    const remove = { username: profile, expected_status: false };
    expect((await client.call(removeAdPackage, remove)).body).toEqual({
      success: true,
      message: `Campaign for ${profile} deleted successfully!`,
    });
  });

  it('keeps the spec behaviour for a caller that leaves the field out', async () => {
    const { client, profile } = await withCampaign('paused');
    const answer = await client.call(topUpMoneyDeposited, {
      username: profile,
      package_id: 2,
      amount: 20,
    });
    expect(answer.body).toEqual({
      success: true,
      message: `Campaign for ${profile} reactivated and topped up successfully!`,
    });
  });

  it('replays the refusal with its code to a retry of the same key', async () => {
    const { client, profile } = await withCampaign('paused');
    const body = { username: profile, package_id: 2, amount: 20, expected_status: true };
    const headers = { 'Idempotency-Key': `stale-${kind}-${profile}` };
    const first = await client.call(topUpMoneyDeposited, body, { headers });
    const again = await client.call(topUpMoneyDeposited, body, { headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect(again.body).toMatchObject({ code: CHANGED });
  });

  it('refuses an expected_status that is not a boolean, changing nothing', async () => {
    const { client, id, profile } = await withCampaign('active');
    const before = await snapshot(id);
    const answer = await client.post('/api/top-up-money-deposited', {
      username: profile,
      amount: 20,
      expected_status: 'yes',
    });
    expect([answer.status, answer.body]).toEqual([
      400,
      { success: false, message: 'expected_status must be true or false' },
    ]);
    expect(await snapshot(id)).toEqual(before);
  });
});
