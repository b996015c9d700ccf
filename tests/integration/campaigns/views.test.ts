import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { openCampaign, pauseCampaign } from '@/server/domain/campaigns/campaigns';
import type { Campaign } from '@/shared/contract/campaigns';
import {
  campaignHistory,
  dailyClicks,
  listCampaignsJson,
  searchProfiles,
} from '@/server/domain/campaigns/campaign-views';
import { placementsFor } from '@/server/domain/campaigns/placements';
import { checkPartnerSignature, signPartnerRequest } from '@/server/domain/auth/partner-signature';
import { accountRow, campaign as newCampaign } from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

const database = useTestDatabase('pglite');
let db: Db;
let userId: number;

beforeAll(async () => {
  db = database.db;
  await db.query(
    `INSERT INTO profiles (username, full_name, avatar, likes, subscribe_price_cents) VALUES
       ('sunny_fit', 'Sunny Rivera', '/avatars/sunny_fit.svg', 900, 999),
       ('moon_art', 'Luna Sunnyside', '/avatars/moon_art.svg', 500, 0),
       ('gamer_x', 'Max Power', '/avatars/gamer_x.svg', 100, 1500),
       ('pct_100%', 'Percent Sign', '/avatars/p.svg', 1, 0)`,
  );
  userId = (await accountRow(db, { balanceCents: 100_000 })).id;
});

describe('searchProfiles', () => {
  it('matches username or full name, case-insensitively, exact and prefix matches first', async () => {
    const results = await searchProfiles(db.read, userId, 'SUNNY');
    expect(results.map((r) => r.username)).toEqual(['sunny_fit', 'moon_art']);
    expect(results[0]).toEqual({
      username: 'sunny_fit',
      full_name: 'Sunny Rivera',
      avatar: '/avatars/sunny_fit.svg',
      likes: 900,
      photos_count: 0,
      videos_count: 0,
      subscribe_price: 9.99,
      active_adpackage: false,
    });
  });

  it('treats % and _ as plain characters', async () => {
    expect((await searchProfiles(db.read, userId, '0%')).map((r) => r.username)).toEqual([
      'pct_100%',
    ]);
  });
});

describe('campaign views and placements', () => {
  it('lists campaigns in the API shape and marks searched profiles as active', async () => {
    await openCampaign(
      db,
      userId,
      { username: 'gamer_x', packageId: 3, amountCents: 10_000, categoryName: 'Gaming' },
      10_000,
    );
    const [campaign] = JSON.parse(await listCampaignsJson(db.read, userId)) as Campaign[];
    expect(campaign).toMatchObject({
      status: true,
      profile_id: 'gamer_x',
      Profile: {
        username: 'gamer_x',
        ProfileDatum: { full_name: 'Max Power', avatar: '/avatars/gamer_x.svg' },
      },
      package_id: 3,
      package_name: 'Category-Specific',
      categories: ['Gaming'],
      clicks_purchased: 200,
      clicks_count: 0,
      remaining_clicks: 200,
      amount_deposit: 100,
      amount_remaining: 100,
      amount_refunded: 0,
      click_rate: 0.5,
      end_date: null,
    });
    expect((await searchProfiles(db.read, userId, 'gamer'))[0]!.active_adpackage).toBe(true);
  });

  it('places active campaigns by rank in their categories', async () => {
    await openCampaign(
      db,
      userId,
      { username: 'sunny_fit', packageId: 1, amountCents: 10_000 },
      10_000,
    );
    await openCampaign(
      db,
      userId,
      { username: 'moon_art', packageId: 2, amountCents: 10_000 },
      10_000,
    );
    expect(
      (await placementsFor(db.read, 'top'))!.map((p) => [
        p.rank,
        p.username,
        p.ad_icon,
        p.popup_ads,
      ]),
    ).toEqual([
      [1, 'sunny_fit', true, true],
      [6, 'moon_art', true, true],
    ]);
    expect((await placementsFor(db.read, 'gaming'))!.map((p) => [p.rank, p.username])).toEqual([
      [1, 'gamer_x'],
      [6, 'moon_art'],
    ]);
    expect(await placementsFor(db.read, 'no-such-category')).toBeUndefined();
  });

  it('records each ending in the history', async () => {
    await pauseCampaign(db, userId, 'moon_art');
    const [entry] = await campaignHistory(db.read, userId);
    expect(entry).toMatchObject({
      profile_id: 'moon_art',
      package_name: 'Site-Wide',
      categories: ['All'],
      total_clicks_purchased: 166,
      clicks_count: 0,
      total_spent: 0,
      amount_deposit: 100,
      click_rate: 0.6,
    });
  });
});

describe('partner signatures', () => {
  const secret = 'test-secret';
  const now = 1_800_000_000;
  it('accepts a fresh, correct signature and refuses stale, missing or wrong ones', () => {
    const body = '{"events":[]}';
    const signature = signPartnerRequest(secret, now, body);
    expect(
      checkPartnerSignature(secret, { timestamp: String(now), signature }, body, now + 10),
    ).toBe('ok');
    expect(
      checkPartnerSignature(secret, { timestamp: String(now), signature }, body, now + 301),
    ).toBe('stale');
    expect(
      checkPartnerSignature(secret, { timestamp: String(now), signature }, `${body} `, now),
    ).toBe('invalid');
    expect(checkPartnerSignature(secret, { timestamp: String(now) }, body, now)).toBe('missing');
  });

  it('takes exactly the 64 hex characters of the HMAC: nothing after them, nothing missing', () => {
    const body = '{"events":[]}';
    const signature = signPartnerRequest(secret, now, body);
    const check = (sent: string) =>
      checkPartnerSignature(secret, { timestamp: String(now), signature: sent }, body, now);
    // Buffer.from(hex) stops at the first character that is not hex and drops an odd last digit:
    // each of these decoded to the right 32 bytes.
    expect(check(`${signature}zz`)).toBe('invalid');
    expect(check(`${signature}0`)).toBe('invalid');
    expect(check(`${signature} `)).toBe('invalid');
    expect(check(`${signature}\n`)).toBe('invalid');
    expect(check(`${signature}00`)).toBe('invalid');
    expect(check(signature.slice(0, 63))).toBe('invalid');
    expect(check(`${signature.slice(0, 62)}zz`)).toBe('invalid');
    // Hex digits in capitals name the same bytes: a partner whose HMAC library prints them so is
    // accepted (the length and digits are still exact).
    expect(check(signature.toUpperCase())).toBe('ok');
  });
});

describe.each(databaseKinds())('dailyClicks on %s', (kind) => {
  const t = useTestDatabase(kind);
  let advertiserId: number;

  beforeAll(async () => {
    await t.db.query(
      `INSERT INTO profiles (username, full_name, avatar) VALUES
         ('hour_one', 'Hour One', '/a.svg'), ('day_one', 'Day One', '/a.svg'), ('live_one', 'Live One', '/a.svg')`,
    );
    advertiserId = (await accountRow(t.db, { balanceCents: 100_000 })).id;
  });

  /** A campaign created (and ended, when `endedAt` is given) at fixed times. */
  async function campaignAt(
    username: string,
    packageId: number,
    createdAt: string,
    endedAt: string | null,
  ): Promise<number> {
    const { id } = await newCampaign(t.db, advertiserId, { username, packageId });
    await t.db.query(
      `UPDATE campaigns SET created_at = $2, start_date = $2, end_date = $3, status = $3::timestamptz IS NULL
        WHERE id = $1`,
      [id, createdAt, endedAt],
    );
    return id;
  }

  type ClickKind = 'billed' | 'unbilled' | 'bot' | 'doubleClick' | 'dailyCap';

  /**
   * Clicks on the campaign as the click billing rolls them up by the hour (click_hours): `billed`
   * at the campaign's rate; `unbilled` valid clicks past its purchased ones; or invalid, by reason.
   */
  async function clicksAt(
    campaignId: number,
    username: string,
    times: string[],
    kind: ClickKind = 'billed',
  ) {
    for (const at of times) {
      await t.db.query(
        `INSERT INTO click_hours AS h (campaign_id, period_start, hour, profile_key, user_id, billed,
                                       billed_cents, unbilled, bot, double_click, daily_cap)
         SELECT c.id, c.start_date, date_trunc('hour', $3::timestamptz, 'UTC'), lower($2), c.user_id,
                ($4 = 'billed')::int, CASE WHEN $4 = 'billed' THEN c.click_rate_cents ELSE 0 END,
                ($4 = 'unbilled')::int, ($4 = 'bot')::int, ($4 = 'doubleClick')::int,
                ($4 = 'dailyCap')::int
           FROM campaigns c WHERE c.id = $1
         ON CONFLICT (campaign_id, period_start, hour, profile_key) DO UPDATE
            SET billed = h.billed + excluded.billed, billed_cents = h.billed_cents + excluded.billed_cents,
                unbilled = h.unbilled + excluded.unbilled, bot = h.bot + excluded.bot,
                double_click = h.double_click + excluded.double_click,
                daily_cap = h.daily_cap + excluded.daily_cap`,
        [campaignId, username, at, kind],
      );
    }
  }

  const valid = { bot: 0, unidentified: 0, doubleClick: 0, dailyCap: 0 };

  it('counts clicks and spend per UTC hour from the creation of a campaign younger than 2 days', async () => {
    // Site-Wide: $0.60 a click.
    const id = await campaignAt('hour_one', 2, '2026-03-05T22:30:00Z', '2026-03-06T01:10:00Z');
    await clicksAt(id, 'hour_one', [
      '2026-03-05T21:00:00Z', // dated before the creation by the partner: the first hour
      '2026-03-05T22:40:00Z',
      '2026-03-05T22:59:59Z',
      '2026-03-06T00:05:00Z',
      '2026-03-06T00:06:00Z',
      '2026-03-06T00:59:00Z',
      '2026-03-06T01:09:00Z',
    ]);
    await clicksAt(id, 'hour_one', ['2026-03-05T23:30:00Z'], 'unbilled');
    await clicksAt(id, 'hour_one', ['2026-03-06T00:05:30Z'], 'doubleClick');
    await clicksAt(id, 'hour_one', ['2026-03-06T00:20:00Z', '2026-03-06T01:01:00Z'], 'bot');
    expect(await dailyClicks(t.db.read, advertiserId, 'HOUR_ONE')).toEqual({
      granularity: 'hour',
      data: [
        { date: '2026-03-05T22:00:00.000Z', clicks: 3, spend: 1.8, invalid: valid },
        { date: '2026-03-05T23:00:00.000Z', clicks: 0, spend: 0, invalid: valid },
        {
          date: '2026-03-06T00:00:00.000Z',
          clicks: 3,
          spend: 1.8,
          invalid: { bot: 1, unidentified: 0, doubleClick: 1, dailyCap: 0 },
        },
        {
          date: '2026-03-06T01:00:00.000Z',
          clicks: 1,
          spend: 0.6,
          invalid: { bot: 1, unidentified: 0, doubleClick: 0, dailyCap: 0 },
        },
      ],
      budget_reached: 0,
    });
  });

  it('counts clicks and spend per UTC day once the campaign is 2 days old, from its first day', async () => {
    // Main Categories 2nd tier: $0.40 a click.
    const id = await campaignAt('day_one', 4, '2026-03-01T10:00:00Z', '2026-03-03T10:00:00Z');
    await clicksAt(id, 'day_one', [
      '2026-03-01T11:00:00Z',
      '2026-03-01T23:59:59Z',
      ...Array<string>(5).fill('2026-03-03T09:59:00Z'),
    ]);
    await clicksAt(id, 'day_one', Array<string>(2).fill('2026-03-03T09:30:00Z'), 'dailyCap');
    expect(await dailyClicks(t.db.read, advertiserId, 'day_one')).toEqual({
      granularity: 'day',
      data: [
        { date: '2026-03-01', clicks: 2, spend: 0.8, invalid: valid },
        { date: '2026-03-02', clicks: 0, spend: 0, invalid: valid },
        {
          date: '2026-03-03',
          clicks: 5,
          spend: 2,
          invalid: { bot: 0, unidentified: 0, doubleClick: 0, dailyCap: 2 },
        },
      ],
      budget_reached: 0,
    });
  });

  it("counts days in the advertiser's time zone when it is sent (issue 35)", async () => {
    // day_one: Mar 1, 10:00 to Mar 3, 10:00 UTC; in Tokyo (+09:00) Mar 1, 19:00 to Mar 3, 19:00.
    // Its click at Mar 1, 23:59 UTC falls on Mar 2 there.
    expect(await dailyClicks(t.db.read, advertiserId, 'day_one', 'Asia/Tokyo')).toEqual({
      granularity: 'day',
      data: [
        { date: '2026-03-01', clicks: 1, spend: 0.4, invalid: valid },
        { date: '2026-03-02', clicks: 1, spend: 0.4, invalid: valid },
        {
          date: '2026-03-03',
          clicks: 5,
          spend: 2,
          invalid: { bot: 0, unidentified: 0, doubleClick: 0, dailyCap: 2 },
        },
      ],
      budget_reached: 0,
    });
    // Hours are instants, whatever the zone.
    expect(
      (await dailyClicks(t.db.read, advertiserId, 'hour_one', 'Asia/Tokyo'))?.data.map(
        (bucket) => bucket.date,
      ),
    ).toEqual([
      '2026-03-05T22:00:00.000Z',
      '2026-03-05T23:00:00.000Z',
      '2026-03-06T00:00:00.000Z',
      '2026-03-06T01:00:00.000Z',
    ]);
  });

  it('gives a running campaign of 47 hours its 48 hours, up to the current one', async () => {
    const id = await campaignAt(
      'live_one',
      1,
      new Date(Date.now() - 47 * 3_600_000).toISOString(),
      null,
    );
    await clicksAt(id, 'live_one', [new Date().toISOString()]);
    const clicks = await dailyClicks(t.db.read, advertiserId, 'live_one');
    expect(clicks?.granularity).toBe('hour');
    expect(clicks?.data).toHaveLength(48);
    expect(clicks?.data.at(-1)).toEqual({
      date: expect.any(String),
      clicks: 1,
      spend: 0.8,
      invalid: valid,
    });
  });

  it('answers undefined for a profile without a campaign of this advertiser', async () => {
    expect(await dailyClicks(t.db.read, advertiserId, 'nobody')).toBeUndefined();
  });
});
