import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../../src/server/db/db';
import { migrate } from '../../../src/server/db/migrate';
import { openCampaign, pauseCampaign } from '../../../src/server/domain/campaigns';
import type { Campaign } from '../../../src/shared/contract/campaigns';
import {
  campaignHistory,
  listCampaignsJson,
  searchProfiles,
} from '../../../src/server/domain/campaign-views';
import { postLedgerEntry } from '../../../src/server/domain/ledger';
import { placementsFor } from '../../../src/server/domain/placements';
import {
  checkPartnerSignature,
  signPartnerRequest,
} from '../../../src/server/domain/partner-signature';

let db: Db;
let userId: number;

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
  await db.query(
    `INSERT INTO profiles (username, full_name, avatar, likes, subscribe_price_cents) VALUES
       ('sunny_fit', 'Sunny Rivera', '/avatars/sunny_fit.svg', 900, 999),
       ('moon_art', 'Luna Sunnyside', '/avatars/moon_art.svg', 500, 0),
       ('gamer_x', 'Max Power', '/avatars/gamer_x.svg', 100, 1500),
       ('pct_100%', 'Percent Sign', '/avatars/p.svg', 1, 0)`,
  );
  const [user] = await db.query<{ id: number }>(
    "INSERT INTO users (username, email) VALUES ('adv', 'adv@example.com') RETURNING id",
  );
  userId = user!.id;
  await db.transaction((tx) =>
    postLedgerEntry(tx, { userId, amountCents: 100_000, kind: 'demo-grant' }),
  );
});
afterAll(() => db.close());

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
});
