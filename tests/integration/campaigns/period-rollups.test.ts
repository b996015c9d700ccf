import { describe, expect, it } from 'vitest';
import { addMoney, pauseCampaign } from '@/server/domain/campaigns/campaigns';
import { recordClicks } from '@/server/domain/clicks';
import type { ClickEvent } from '@/server/domain/clicks/types';
import { accountStats, campaignsInRange } from '@/server/domain/campaigns/stats';
import type { RangeTotals } from '@/shared/contract/stats';
import { clickId, TEST_CLICK_RULES } from '../../helpers/click-ids';
import { moneyInvariantViolations } from '../../reliability/support/invariants';
import { accountRow, campaign as newCampaign } from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

/**
 * Issue 35 point 2: a history entry took the whole roll-up hours of its period, so a pause and a
 * reactivation within one hour had the hour's clicks counted by the ended period and by the new one
 * ("Total, All time $537.70 / 719 clicks" where the periods billed $265.60 / 353). The roll-ups carry
 * the period, so each click counts once, in the period that billed it, and the history entries with
 * the active campaigns add up to the dashboard's figures.
 */

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(databaseKinds())('roll-ups by period on %s', (kind) => {
  const t = useTestDatabase(kind);
  let clicks = 0;

  /** `count` valid clicks on the profile, each from a visitor of its own, clicked `at`. */
  async function click(username: string, count: number, at: number) {
    const events: ClickEvent[] = Array.from({ length: count }, () => {
      clicks += 1;
      return {
        id: clickId(`${kind}-period-${clicks}`, at),
        username,
        at: new Date(at),
        visitorId: `${kind}-period-visitor-${clicks}`,
        userAgent: PHONE,
      };
    });
    await recordClicks(t.db, events, TEST_CLICK_RULES);
  }

  const totals = (figures: RangeTotals) => ({ spend: figures.spend, clicks: figures.clicks });

  it('counts each click once when a pause and a reactivation fall in the same minute', async () => {
    const { id: userId } = await accountRow(t.db, {
      name: `periods-${kind}`,
      balanceCents: 100_000,
    });
    // Package 1: $0.80 a click; $100.00 buys 125 clicks.
    const { id, username } = await newCampaign(t.db, userId, { amountCents: 10_000 });
    const at = Date.now() - 30_000;
    await click(username, 4, at);
    await pauseCampaign(t.db, userId, username);
    await addMoney(t.db, userId, username, 10_000);
    // Clicked before the reactivation, in the same minute, billed by the new period.
    await click(username, 3, at);

    const range = { range: '7d', time_zone: 'UTC' } as const;
    const figures = await campaignsInRange(t.db.read, userId, range);
    expect(figures.history.map(totals)).toEqual([{ spend: 3.2, clicks: 4 }]);
    expect(figures.campaigns).toEqual([
      {
        id,
        spend: 2.4,
        clicks: 3,
        avg_cpc: 0.8,
        invalid: 0,
        credits: 0,
        credited_clicks: 0,
        net_spend: 2.4,
      },
    ]);
    const stats = await accountStats(t.db.read, userId, range);
    expect(totals(stats.totals)).toEqual({ spend: 5.6, clicks: 7 });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
