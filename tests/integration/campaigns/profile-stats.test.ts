import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { addMoney, assignPackage, pauseCampaign } from '@/server/domain/campaigns/campaigns';
import { dailyClicks } from '@/server/domain/campaigns/campaign-views';
import { accountStats, campaignStats } from '@/server/domain/campaigns/stats';
import { recordClicks } from '@/server/domain/clicks';
import type { ClickEvent } from '@/server/domain/clicks/types';
import { dayOf } from '@/shared/stats-range';
import { clickId, TEST_CLICK_RULES } from '../../helpers/click-ids';
import {
  accountRow,
  campaign as newCampaign,
  profile as newProfile,
} from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

/**
 * Issue 35 point 6: one meaning per word. "Active campaigns" counts profiles (a New Package replaces
 * the campaign of a profile: one profile, not two), and a profile's All time and lifetime figures
 * follow the profile across New Package, its earlier packages included and named; never another
 * advertiser's campaigns on the same profile.
 */

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ZONE = 'America/New_York';

describe.each(databaseKinds())('a profile across New Package on %s', (kind) => {
  const t = useTestDatabase(kind);
  let db: Db;
  let clicksSent = 0;

  /** `count` billed clicks of distinct visitors on the profile, dated now. */
  async function bill(username: string, count: number) {
    const at = Date.now();
    const events: ClickEvent[] = Array.from({ length: count }, () => {
      clicksSent += 1;
      return {
        id: clickId(`${kind}-profile-${clicksSent}`, at),
        username,
        at: new Date(at),
        visitorId: `profile-visitor-${clicksSent}`,
        userAgent: PHONE,
      };
    });
    const result = await recordClicks(db, events, TEST_CLICK_RULES);
    expect(result.billed).toBe(count);
  }

  const startOf = async (id: number) => {
    const [row] = await db.query<{ start_date: Date }>(
      'SELECT start_date FROM campaigns WHERE id = $1',
      [id],
    );
    return new Date(row!.start_date);
  };

  const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

  beforeAll(() => {
    db = t.db;
  });

  /**
   * Another advertiser's $100 Main Categories campaign on the profile billed 4 clicks and was paused;
   * then the advertiser's own: 3 clicks at $0.80, paused, a New Package (Site-Wide, $0.60), 2 clicks.
   */
  async function newPackageStory() {
    const username = await newProfile(db);
    const other = (await accountRow(db, { name: 'other', balanceCents: 100_000 })).id;
    await newCampaign(db, other, { username });
    await bill(username, 4);
    await pauseCampaign(db, other, username);

    const advertiser = (await accountRow(db, { name: 'words', balanceCents: 100_000 })).id;
    const first = await newCampaign(db, advertiser, { username });
    const since = await startOf(first.id);
    await bill(username, 3);
    await pauseCampaign(db, advertiser, username);
    const { campaign } = await assignPackage(db, advertiser, {
      username,
      packageId: 2,
      amountCents: 10_000,
    });
    await bill(username, 2);
    return { username, other, advertiser, since, current: await startOf(campaign.id) };
  }

  it('counts the profile once among active campaigns after a New Package', async () => {
    const { advertiser } = await newPackageStory();
    const stats = await accountStats(db.read, advertiser, { range: '7d', time_zone: ZONE });
    expect(stats.totals).toEqual({
      spend: 3.6,
      clicks: 5,
      avg_cpc: 0.72,
      invalid: 0,
      credits: 0,
      credited_clicks: 0,
      net_spend: 3.6,
      active_campaigns: 1,
    });
  });

  it("keeps the profile's earlier packages in All time and in range figures, labelled", async () => {
    const { username, other, advertiser, since, current } = await newPackageStory();
    const all = await campaignStats(db.read, advertiser, username, {
      range: 'all',
      time_zone: ZONE,
    });
    expect(all?.range.from).toBe(dayOf(ZONE, since.getTime()));
    expect(all?.totals).toEqual({
      spend: 3.6,
      clicks: 5,
      avg_cpc: 0.72,
      invalid: 0,
      credits: 0,
      credited_clicks: 0,
      net_spend: 3.6,
    });
    expect(sum(all!.days.map((day) => day.clicks))).toBe(5);
    // The budget line stays the current period's: the New Package's $100, $1.20 billed.
    expect(all?.period).toEqual({
      from: dayOf(ZONE, current.getTime()),
      to: null,
      budget: 100,
      spent: 1.2,
    });
    expect(all?.earlier_packages).toEqual({ count: 1, since: since.toISOString() });

    const week = await campaignStats(db.read, advertiser, username, {
      range: '7d',
      time_zone: ZONE,
    });
    expect(week?.totals).toEqual({
      spend: 3.6,
      clicks: 5,
      avg_cpc: 0.72,
      invalid: 0,
      credits: 0,
      credited_clicks: 0,
      net_spend: 3.6,
    });
    expect(week?.earlier_packages).toEqual({ count: 1, since: since.toISOString() });

    // The other advertiser's campaign on the profile sees its own clicks only, and no earlier package.
    const theirs = await campaignStats(db.read, other, username, { range: 'all', time_zone: ZONE });
    expect(theirs?.totals).toEqual({
      spend: 3.2,
      clicks: 4,
      avg_cpc: 0.8,
      invalid: 0,
      credits: 0,
      credited_clicks: 0,
      net_spend: 3.2,
    });
    expect(theirs?.earlier_packages).toBeUndefined();
  });

  it("draws the profile's earlier packages on the lifetime chart, labelled", async () => {
    const { username, other, advertiser, since } = await newPackageStory();
    const lifetime = await dailyClicks(db.read, advertiser, username, ZONE);
    expect(lifetime?.granularity).toBe('hour');
    const hour = new Date(Math.floor(since.getTime() / 3_600_000) * 3_600_000).toISOString();
    expect(lifetime?.data[0]?.date).toBe(hour);
    expect(sum(lifetime!.data.map((point) => point.clicks))).toBe(5);
    expect(sum(lifetime!.data.map((point) => point.spend))).toBe(3.6);
    expect(lifetime?.earlier_packages).toEqual({ count: 1, since: since.toISOString() });

    const theirs = await dailyClicks(db.read, other, username, ZONE);
    expect(sum(theirs!.data.map((point) => point.clicks))).toBe(4);
    expect(theirs?.earlier_packages).toBeUndefined();
  });

  it('names no earlier package after a reactivation with the same package', async () => {
    const advertiser = (await accountRow(db, { name: 'same', balanceCents: 100_000 })).id;
    const { username } = await newCampaign(db, advertiser);
    await bill(username, 3);
    await pauseCampaign(db, advertiser, username);
    await addMoney(db, advertiser, username, 10_000);
    await bill(username, 2);
    const all = await campaignStats(db.read, advertiser, username, {
      range: 'all',
      time_zone: ZONE,
    });
    expect(all?.totals).toEqual({
      spend: 4,
      clicks: 5,
      avg_cpc: 0.8,
      invalid: 0,
      credits: 0,
      credited_clicks: 0,
      net_spend: 4,
    });
    expect(all?.earlier_packages).toBeUndefined();
    const lifetime = await dailyClicks(db.read, advertiser, username, ZONE);
    expect(sum(lifetime!.data.map((point) => point.clicks))).toBe(5);
    expect(lifetime?.earlier_packages).toBeUndefined();
  });
});
