import { beforeAll, describe, expect, it } from 'vitest';
import { signPartnerRequest } from '@/server/domain/auth/partner-signature';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import {
  type Campaign,
  campaignHistory,
  type CampaignHistoryEntry,
  expireAdPackage,
  newCampaign,
  profileAdDetails,
  topUpMoneyDeposited,
} from '@/shared/contract/campaigns';
import { advertiser } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';
import { answerOf, databaseKinds, type TestClient } from '../../helpers/server';
import { clickId } from '../../helpers/click-ids';
import { figureViolations } from '../../reliability/support/figure-identities';

const PARTNER_SECRET = 'periods-partner-secret';

/**
 * Issue 13 point 3: a campaign's figures cover its current period (creation or reactivation to
 * ending) and each history entry one period, on every answer: the list (cards and rows), the
 * tracker's profile-ad-details and the history. The sequence is the one the issue found.
 */
describe.each(databaseKinds())('campaign periods on %s', (kind) => {
  const t = useTestApp(kind, { PARTNER_SECRET });
  let events = 0;

  beforeAll(async () => {
    await t.db.query(
      "INSERT INTO profiles (username, full_name, avatar) VALUES ('period_fit', 'Period Fit', '/a.svg')",
    );
  });

  async function bill(count: number): Promise<void> {
    const at = new Date().toISOString();
    const batch = Array.from({ length: count }, () => ({
      id: clickId(`period-${kind}-${++events}`),
      username: 'period_fit',
      at,
      visitor_id: `period-visitor-${events}`,
    }));
    const body = JSON.stringify({ events: batch });
    const timestamp = Math.floor(Date.now() / 1000);
    const answer = await t.server.client().request('POST', '/api/partner/clicks', {
      raw: body,
      headers: {
        'content-type': 'application/json',
        'x-partner-timestamp': String(timestamp),
        'x-partner-signature': signPartnerRequest(PARTNER_SECRET, timestamp, body),
      },
    });
    expect(answer.body).toMatchObject({ billed: count, endedCampaigns: 0 });
  }

  /** The campaign as the list and the tracker answer it, and the history; identities checked. */
  async function answers(client: TestClient, userId: number) {
    const list = await client.call(boughtAdsByClient);
    const tracker = await client.call(profileAdDetails, {
      username: 'period_fit',
    });
    const history = await client.call(campaignHistory);
    const [ledger] = await t.db.query<{ billed: number }>(
      `SELECT (-COALESCE(sum(amount_cents), 0))::bigint AS billed FROM ledger_entries
        WHERE user_id = $1 AND kind LIKE 'campaign-%'`,
      [userId],
    );
    const campaign = answerOf(list).data[0]!;
    const remainingCents = campaign.status ? Math.round(campaign.amount_remaining * 100) : 0;
    expect(answerOf(tracker).user).toEqual(campaign);
    expect(
      figureViolations(
        answerOf(list).data,
        answerOf(history).data,
        Number(ledger!.billed) - remainingCents,
      ),
    ).toEqual([]);
    return { campaign, history: answerOf(history).data };
  }

  const figures = (c: Campaign) => ({
    status: c.status,
    purchased: c.clicks_purchased,
    used: c.clicks_count,
    remaining: c.remaining_clicks,
    budget: c.amount_deposit,
    remainingBudget: c.amount_remaining,
    refunded: c.amount_refunded,
  });
  const entry = (h: CampaignHistoryEntry) => [
    h.total_clicks_purchased,
    h.clicks_purchased,
    h.clicks_count,
    h.remaining_clicks,
    h.total_spent,
    h.amount_deposit,
  ];

  it('create $150 at $0.50, bill 29, pause, reactivate with $100, bill 5, pause: every figure per period', async () => {
    const { client, id: userId } = await advertiser(t.server, { balanceCents: 50_000 });
    const created = await client.call(newCampaign, {
      username: 'period_fit',
      package_id: 3,
      category_name: 'Fitness',
      amount_deposit: 150,
    });
    expect(created.status).toBe(201);
    await bill(29);
    let seen = await answers(client, userId);
    expect(figures(seen.campaign)).toEqual({
      status: true,
      purchased: 300,
      used: 29,
      remaining: 271,
      budget: 150,
      remainingBudget: 135.5,
      refunded: 0,
    });

    expect((await client.call(expireAdPackage, { username: 'period_fit' })).status).toBe(200);
    seen = await answers(client, userId);
    // Ended: the 271 clicks not used are the clicks refunded, with their $135.50.
    expect(figures(seen.campaign)).toEqual({
      status: false,
      purchased: 300,
      used: 29,
      remaining: 271,
      budget: 150,
      remainingBudget: 0,
      refunded: 135.5,
    });
    expect(seen.history.map(entry)).toEqual([[300, 300, 29, 271, 14.5, 150]]);

    const reactivated = await client.call(topUpMoneyDeposited, {
      username: 'period_fit',
      amount: 100,
    });
    expect(reactivated.status).toBe(200);
    seen = await answers(client, userId);
    // A new period: Budget is the $100 put in now, not $250.
    expect(figures(seen.campaign)).toEqual({
      status: true,
      purchased: 200,
      used: 0,
      remaining: 200,
      budget: 100,
      remainingBudget: 100,
      refunded: 0,
    });

    await bill(5);
    expect((await client.call(expireAdPackage, { username: 'period_fit' })).status).toBe(200);
    seen = await answers(client, userId);
    expect(figures(seen.campaign)).toEqual({
      status: false,
      purchased: 200,
      used: 5,
      remaining: 195,
      budget: 100,
      remainingBudget: 0,
      refunded: 97.5,
    });
    // Newest first; each entry its own period, together $17.00: what was billed.
    expect(seen.history.map(entry)).toEqual([
      [200, 200, 5, 195, 2.5, 100],
      [300, 300, 29, 271, 14.5, 150],
    ]);
    expect(seen.history.reduce((sum, h) => sum + Math.round(h.total_spent * 100), 0)).toBe(1_700);
    const [user] = await t.db.query<{ balance_cents: number }>(
      'SELECT balance_cents FROM users WHERE id = $1',
      [userId],
    );
    expect(Number(user!.balance_cents)).toBe(50_000 - 1_700);
  });

  it('a top-up stays in the period: budget and clicks add up, a fraction of a click carries over', async () => {
    await t.db.query(
      "INSERT INTO profiles (username, full_name, avatar) VALUES ('period_two', 'Period Two', '/a.svg')",
    );
    const { client } = await advertiser(t.server, { balanceCents: 50_000 });
    await client.call(newCampaign, {
      username: 'period_two',
      package_id: 2,
      amount_deposit: 100,
    });
    await client.call(topUpMoneyDeposited, { username: 'period_two', amount: 50 });
    const details = await client.call(profileAdDetails, {
      username: 'period_two',
    });
    // $150 at $0.60: 250 clicks, not 166 + 83.
    expect(figures(answerOf(details).user)).toEqual({
      status: true,
      purchased: 250,
      used: 0,
      remaining: 250,
      budget: 150,
      remainingBudget: 150,
      refunded: 0,
    });
    expect(figureViolations([answerOf(details).user], [])).toEqual([]);
  });
});
