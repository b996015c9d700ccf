import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { addMoney, pauseCampaign } from '@/server/domain/campaigns/campaigns';
import { campaignStats } from '@/server/domain/campaigns/stats';
import { recordClicks } from '@/server/domain/clicks';
import type { ClickEvent } from '@/server/domain/clicks/types';
import { addDays, dayOf } from '@/shared/stats-range';
import { clickId, TEST_CLICK_RULES } from '../../helpers/click-ids';
import { accountRow, campaign as newCampaign } from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

/**
 * Issue 35 point 3: the tracker sets this period's spend against this period's budget. The campaign
 * answer carries its current period (the latest, once ended): its first and last day in the zone, its
 * budget and what it was billed by the range's end, exactly, also when the period began within an
 * hour that billed the one before.
 */

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ZONE = 'America/New_York';

describe.each(databaseKinds())('a campaign period in range figures on %s', (kind) => {
  const t = useTestDatabase(kind);
  let db: Db;
  let advertiser: number;
  let clicksSent = 0;

  /** `count` billed clicks of distinct visitors, dated now. */
  async function bill(username: string, count: number) {
    const at = Date.now();
    const events: ClickEvent[] = Array.from({ length: count }, () => {
      clicksSent += 1;
      return {
        id: clickId(`${kind}-period-${clicksSent}`, at),
        username,
        at: new Date(at),
        visitorId: `period-visitor-${clicksSent}`,
        userAgent: PHONE,
      };
    });
    const result = await recordClicks(db, events, TEST_CLICK_RULES);
    expect(result.billed).toBe(count);
  }

  const startDay = async (id: number) => {
    const [row] = await db.query<{ start_date: Date }>(
      'SELECT start_date FROM campaigns WHERE id = $1',
      [id],
    );
    return dayOf(ZONE, new Date(row!.start_date).getTime());
  };

  beforeAll(async () => {
    db = t.db;
    advertiser = (await accountRow(db, { name: 'periods', balanceCents: 100_000 })).id;
  });

  it('sets a reactivated period against its own budget, not the lifetime spend', async () => {
    // Main Categories: $0.80 a click. $200 buys 250 clicks; 154 billed = $123.20.
    const { id, username } = await newCampaign(db, advertiser, { amountCents: 20_000 });
    await bill(username, 154);
    await pauseCampaign(db, advertiser, username);
    await addMoney(db, advertiser, username, 10_000);

    const fresh = await campaignStats(db.read, advertiser, username, {
      range: '7d',
      time_zone: ZONE,
    });
    expect(fresh?.totals).toMatchObject({ spend: 123.2, clicks: 154 });
    expect(fresh?.period).toEqual({ from: await startDay(id), to: null, budget: 100, spent: 0 });

    // Billed in the period (the same hour as the period before, maybe), then topped up.
    await bill(username, 5);
    await addMoney(db, advertiser, username, 5_000);
    const used = await campaignStats(db.read, advertiser, username, {
      range: '30d',
      time_zone: ZONE,
    });
    expect(used?.totals).toMatchObject({ spend: 127.2, clicks: 159 });
    expect(used?.period).toEqual({ from: await startDay(id), to: null, budget: 150, spent: 4 });
  });

  it('gives an ended period its last day, and nothing billed in a range before it began', async () => {
    const { id, username } = await newCampaign(db, advertiser, { amountCents: 10_000 });
    await bill(username, 3);
    await pauseCampaign(db, advertiser, username);
    const from = await startDay(id);
    const [ended] = await db.query<{ end_date: Date }>(
      'SELECT end_date FROM campaigns WHERE id = $1',
      [id],
    );
    const to = dayOf(ZONE, new Date(ended!.end_date).getTime());

    const all = await campaignStats(db.read, advertiser, username, {
      range: 'all',
      time_zone: ZONE,
    });
    expect(all?.period).toEqual({ from, to, budget: 100, spent: 2.4 });

    const before = addDays(from, -1);
    const earlier = await campaignStats(db.read, advertiser, username, {
      range: 'custom',
      from: addDays(from, -3),
      to: before,
      time_zone: ZONE,
    });
    expect(earlier?.period).toEqual({ from, to, budget: 100, spent: 0 });
  });
});
