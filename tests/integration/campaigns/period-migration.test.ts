import { beforeAll, describe, expect, it } from 'vitest';
import { migrationStatements } from '@/server/db/migrate';
import { campaignHistory, listCampaignsJson } from '@/server/domain/campaigns/campaign-views';
import type { Campaign, CampaignHistoryEntry } from '@/shared/contract/campaigns';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';
import { figureViolations } from '../../reliability/support/figure-identities';

const at = (day: number) => `2026-01-0${day}T12:00:00.000Z`;

/**
 * Migration 0070 recomputes, from what rows written before it kept (life totals on the campaign,
 * each history entry a copy of them at its ending, the ledger's refunds), the current period of
 * every campaign and the period of every history entry. Rows are written here as the code before
 * it wrote them, then the migration's statements run again over them.
 */
describe.each(databaseKinds())('migration 0070 (campaign periods) on %s', (kind) => {
  const t = useTestDatabase(kind);
  let userId: number;

  async function insertCampaign(values: Record<string, unknown>): Promise<number> {
    const columns = Object.keys(values);
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO campaigns (user_id, ${columns.join(', ')})
       VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
      [userId, ...Object.values(values)],
    );
    return Number(row!.id);
  }

  async function insertEntry(campaignId: number | null, values: (number | string)[]) {
    await t.db.query(
      `INSERT INTO campaign_history (user_id, campaign_id, profile_username, package_id, package_name,
                                     categories, click_rate_cents, total_clicks_purchased, clicks_purchased,
                                     remaining_clicks, clicks_count, total_spent_cents, amount_deposit_cents,
                                     start_date, end_date)
       SELECT $1, $2, $3, p.id, p.name, p.categories, p.click_rate_cents, $5, $5, $6, $7, $8, $9, $10, $11
         FROM ad_packages p WHERE p.id = $4`,
      [userId, campaignId, ...values],
    );
  }

  async function ledger(campaignId: number, rows: [string, number, string][]) {
    for (const [kindOf, cents, when] of rows) {
      await t.db.query(
        // The balance after each row as the ledger keeps it (migration 0270): the running sum.
        `INSERT INTO ledger_entries (user_id, amount_cents, kind, reference, created_at, balance_after_cents)
         VALUES ($1, $2::bigint, $3, $4, $5,
                 (SELECT COALESCE(sum(amount_cents), 0) FROM ledger_entries WHERE user_id = $1) + $2::bigint)`,
        [userId, cents, kindOf, `campaign:${campaignId}`, when],
      );
    }
  }

  beforeAll(async () => {
    await t.db.query(
      `INSERT INTO profiles (username, full_name, avatar) VALUES
         ('mig_paused', 'Paused Twice', '/a.svg'), ('mig_active', 'Reactivated', '/a.svg'),
         ('mig_used', 'Used Up', '/a.svg'), ('mig_fresh', 'Never Ended', '/a.svg'),
         ('mig_gone', 'Deleted', '/a.svg')`,
    );
    const [user] = await t.db.query<{ id: number }>(
      "INSERT INTO users (username, email) VALUES ('mig', 'mig@example.com') RETURNING id",
    );
    userId = Number(user!.id);

    // Issue 13's sequence, as stored before: $150 at $0.50, 29 billed, paused, $100 again, 5
    // billed, paused. Life totals on the row; each entry copies them at its ending.
    const paused = await insertCampaign({
      profile_username: 'mig_paused',
      package_id: 3,
      category_slug: 'fitness',
      status: false,
      click_rate_cents: 50,
      clicks_purchased: 229,
      clicks_count: 34,
      remaining_clicks: 0,
      amount_deposit_cents: 25_000,
      amount_remaining_cents: 0,
      billed_cents: 1_700,
      refunded_cents: 23_300,
      start_date: at(3),
      end_date: at(4),
      created_at: at(1),
    });
    await insertEntry(paused, ['mig_paused', 3, 300, 271, 29, 1_450, 15_000, at(1), at(2)]);
    await insertEntry(paused, ['mig_paused', 3, 229, 195, 34, 1_700, 10_000, at(3), at(4)]);
    await ledger(paused, [
      ['campaign-funded', -15_000, at(1)],
      ['campaign-refund', 13_550, at(2)],
      ['campaign-topped-up', -10_000, at(3)],
      ['campaign-refund', 9_750, at(4)],
    ]);

    // The same, still running after the reactivation and 5 clicks.
    const active = await insertCampaign({
      profile_username: 'mig_active',
      package_id: 3,
      category_slug: 'fitness',
      status: true,
      click_rate_cents: 50,
      clicks_purchased: 229,
      clicks_count: 34,
      remaining_clicks: 195,
      amount_deposit_cents: 25_000,
      amount_remaining_cents: 9_750,
      billed_cents: 1_700,
      refunded_cents: 13_550,
      start_date: at(3),
      created_at: at(1),
    });
    await insertEntry(active, ['mig_active', 3, 300, 271, 29, 1_450, 15_000, at(1), at(2)]);
    await ledger(active, [
      ['campaign-funded', -15_000, at(1)],
      ['campaign-refund', 13_550, at(2)],
      ['campaign-topped-up', -10_000, at(3)],
    ]);

    // $100.50 at $0.60: 167 clicks, all used, 30 cents refunded.
    const usedUp = await insertCampaign({
      profile_username: 'mig_used',
      package_id: 2,
      status: false,
      click_rate_cents: 60,
      clicks_purchased: 167,
      clicks_count: 167,
      remaining_clicks: 0,
      amount_deposit_cents: 10_050,
      amount_remaining_cents: 0,
      billed_cents: 10_020,
      refunded_cents: 30,
      start_date: at(1),
      end_date: at(2),
      created_at: at(1),
    });
    await insertEntry(usedUp, ['mig_used', 2, 167, 0, 167, 10_020, 10_050, at(1), at(2)]);
    await ledger(usedUp, [
      ['campaign-funded', -10_050, at(1)],
      ['campaign-refund', 30, at(2)],
    ]);

    // Never ended: $100 + $50 at $0.60, 10 clicks billed.
    const fresh = await insertCampaign({
      profile_username: 'mig_fresh',
      package_id: 2,
      status: true,
      click_rate_cents: 60,
      clicks_purchased: 250,
      clicks_count: 10,
      remaining_clicks: 240,
      amount_deposit_cents: 15_000,
      amount_remaining_cents: 14_400,
      billed_cents: 600,
      refunded_cents: 0,
      start_date: at(1),
      created_at: at(5),
    });
    await ledger(fresh, [
      ['campaign-funded', -10_000, at(1)],
      ['campaign-topped-up', -5_000, at(1)],
    ]);

    // A deleted campaign's two entries (its row gone, the entries and ledger rows kept).
    await insertEntry(999_001, ['mig_gone', 4, 250, 150, 100, 4_000, 10_000, at(1), at(2)]);
    await insertEntry(999_001, ['mig_gone', 4, 250, 100, 150, 6_000, 6_000, at(3), at(4)]);
    await ledger(999_001, [
      ['campaign-funded', -10_000, at(1)],
      ['campaign-refund', 6_000, at(2)],
      ['campaign-topped-up', -6_000, at(3)],
      ['campaign-refund', 4_000, at(4)],
    ]);

    for (const statement of migrationStatements('0070-campaign-periods.sql')) {
      await t.db.query(statement);
    }
  });

  const figures = (c: Campaign) => [
    c.profile_id,
    c.status,
    c.clicks_purchased,
    c.clicks_count,
    c.remaining_clicks,
    c.amount_deposit,
    c.amount_remaining,
    c.amount_refunded,
  ];
  const entry = (h: CampaignHistoryEntry) => [
    h.profile_id,
    h.total_clicks_purchased,
    h.clicks_count,
    h.remaining_clicks,
    h.total_spent,
    h.amount_deposit,
  ];

  it('gives every campaign its current period and every entry its own', async () => {
    const campaigns = JSON.parse(await listCampaignsJson(t.db.read, userId)) as Campaign[];
    const history = await campaignHistory(t.db.read, userId);
    expect(campaigns.map(figures)).toEqual([
      ['mig_fresh', true, 250, 10, 240, 150, 144, 0],
      ['mig_used', false, 167, 167, 0, 100.5, 0, 0.3],
      ['mig_active', true, 200, 5, 195, 100, 97.5, 0],
      ['mig_paused', false, 200, 5, 195, 100, 0, 97.5],
    ]);
    // Newest ending first.
    expect(history.map(entry)).toEqual([
      ['mig_gone', 150, 50, 100, 20, 60],
      ['mig_paused', 200, 5, 195, 2.5, 100],
      ['mig_gone', 250, 100, 150, 40, 100],
      ['mig_used', 167, 167, 0, 100.2, 100.5],
      ['mig_active', 300, 29, 271, 14.5, 150],
      ['mig_paused', 300, 29, 271, 14.5, 150],
    ]);
    // What the ledger took for the campaigns less what the active ones still hold.
    const [taken] = await t.db.query<{ cents: number }>(
      'SELECT (-sum(amount_cents))::bigint AS cents FROM ledger_entries WHERE user_id = $1',
      [userId],
    );
    expect(figureViolations(campaigns, history, Number(taken!.cents) - 14_400 - 9_750)).toEqual([]);
  });
});
