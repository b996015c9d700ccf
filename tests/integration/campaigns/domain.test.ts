import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../../src/server/db/db';
import { migrate } from '../../../src/server/db/migrate';
import {
  addMoney,
  clicksFor,
  MESSAGES,
  openCampaign,
  pauseCampaign,
  removeCampaign,
} from '../../../src/server/domain/campaigns';
import { ledgerSumCents, postLedgerEntry } from '../../../src/server/domain/ledger';

let db: Db;
let nextUser = 1;

async function advertiser(balanceCents: number): Promise<number> {
  const n = nextUser++;
  const [user] = await db.query<{ id: number }>(
    'INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id',
    [`adv${n}`, `adv${n}@example.com`],
  );
  await db.transaction((tx) =>
    postLedgerEntry(tx, { userId: user!.id, amountCents: balanceCents, kind: 'demo-grant' }),
  );
  return user!.id;
}

async function balance(userId: number): Promise<number> {
  const [row] = await db.query<{ balance_cents: number }>(
    'SELECT balance_cents FROM users WHERE id = $1',
    [userId],
  );
  return row!.balance_cents;
}

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
  await db.query(
    `INSERT INTO profiles (username, full_name, avatar) VALUES
       ('alice', 'Alice A', '/avatars/alice.svg'), ('bob', 'Bob B', '/avatars/bob.svg'),
       ('hidden', 'Hidden H', '/avatars/hidden.svg')`,
  );
  await db.query("UPDATE profiles SET listed = false WHERE username = 'hidden'");
});
afterAll(() => db.close());

describe('clicksFor', () => {
  it('floors in cents and caps at max_slots', () => {
    expect(clicksFor(10000, 60, 10000)).toBe(166);
    expect(clicksFor(15000, 60, 10000)).toBe(250);
    expect(clicksFor(1_000_000, 50, 10000)).toBe(10000);
  });
});

describe('campaign money', () => {
  it('debits the deposit and buys floor(deposit / rate) clicks', async () => {
    const user = await advertiser(50_000);
    const campaign = await openCampaign(
      db,
      user,
      { username: 'alice', packageId: 2, amountCents: 10_000 },
      10_000,
    );
    expect(campaign.clicks_purchased).toBe(166);
    expect(campaign.remaining_clicks).toBe(166);
    expect(await balance(user)).toBe(40_000);
    expect(await ledgerSumCents(db, user)).toBe(40_000);
  });

  it('carries fractions of a click over on top-up: $100 then $50 at $0.60 gives 250 clicks', async () => {
    const user = await advertiser(50_000);
    await openCampaign(db, user, { username: 'alice', packageId: 2, amountCents: 10_000 }, 10_000);
    const { campaign, reactivated } = await addMoney(db, user, 'alice', 5_000);
    expect(reactivated).toBe(false);
    expect(campaign.remaining_clicks).toBe(250);
    expect(campaign.clicks_purchased).toBe(250);
    expect(Number(campaign.amount_deposit_cents)).toBe(15_000);
    expect(await balance(user)).toBe(35_000);
  });

  it('refunds the remaining budget on pause and writes one history entry', async () => {
    const user = await advertiser(20_000);
    await openCampaign(db, user, { username: 'bob', packageId: 1, amountCents: 12_000 }, 10_000);
    const paused = await pauseCampaign(db, user, 'bob');
    expect(paused.status).toBe(false);
    expect(paused.end_date).not.toBeNull();
    expect(Number(paused.refunded_cents)).toBe(12_000);
    expect(await balance(user)).toBe(20_000);
    expect(await ledgerSumCents(db, user)).toBe(20_000);
    const history = await db.query(
      'SELECT package_name, total_spent_cents FROM campaign_history WHERE user_id = $1',
      [user],
    );
    expect(history).toEqual([{ package_name: 'Main Categories', total_spent_cents: 0 }]);
  });

  it('reactivates an inactive campaign with the same package', async () => {
    const user = await advertiser(20_000);
    await openCampaign(db, user, { username: 'bob', packageId: 4, amountCents: 10_000 }, 10_000);
    await pauseCampaign(db, user, 'bob');
    const { campaign, reactivated } = await addMoney(db, user, 'bob', 4_000);
    expect(reactivated).toBe(true);
    expect(campaign.status).toBe(true);
    expect(campaign.end_date).toBeNull();
    expect(campaign.remaining_clicks).toBe(100);
    expect(await balance(user)).toBe(16_000);
  });

  it('refuses what the rules forbid, changing nothing', async () => {
    const user = await advertiser(15_000);
    const attempt = (input: Parameters<typeof openCampaign>[2]) =>
      openCampaign(db, user, input, 10_000);
    await expect(attempt({ username: 'alice', packageId: 3, amountCents: 10_000 })).rejects.toThrow(
      MESSAGES.selectCategory,
    );
    await expect(
      attempt({ username: 'alice', packageId: 3, amountCents: 10_000, categoryName: 'Top' }),
    ).rejects.toThrow(MESSAGES.categoryNotForPackage);
    await expect(attempt({ username: 'alice', packageId: 2, amountCents: 9_999 })).rejects.toThrow(
      MESSAGES.minimumDeposit,
    );
    await expect(
      attempt({ username: 'hidden', packageId: 2, amountCents: 10_000 }),
    ).rejects.toThrow(MESSAGES.notAvailable);
    await expect(attempt({ username: 'alice', packageId: 2, amountCents: 20_000 })).rejects.toThrow(
      MESSAGES.createBalance,
    );
    await expect(addMoney(db, user, 'alice', 100)).rejects.toThrow(MESSAGES.noCampaign);
    expect(await balance(user)).toBe(15_000);
    expect(await db.query('SELECT id FROM campaigns WHERE user_id = $1', [user])).toEqual([]);
  });

  it('deletes only inactive campaigns and keeps their history', async () => {
    const user = await advertiser(20_000);
    await openCampaign(
      db,
      user,
      { username: 'alice', packageId: 3, amountCents: 10_000, categoryName: 'Fitness' },
      10_000,
    );
    await expect(removeCampaign(db, user, 'alice')).rejects.toThrow(MESSAGES.deleteActive);
    await pauseCampaign(db, user, 'alice');
    await removeCampaign(db, user, 'alice');
    expect(await db.query('SELECT id FROM campaigns WHERE user_id = $1', [user])).toEqual([]);
    const history = await db.query<{ categories: string[] }>(
      'SELECT categories FROM campaign_history WHERE user_id = $1',
      [user],
    );
    expect(history).toEqual([{ categories: ['Fitness'] }]);
  });

  it('refuses a top-up that passes the package maximum of clicks', async () => {
    const user = await advertiser(1_000_000);
    await openCampaign(db, user, { username: 'alice', packageId: 4, amountCents: 390_000 }, 10_000);
    await expect(addMoney(db, user, 'alice', 20_000)).rejects.toThrow(
      'This amount would take the campaign past the package maximum of 10,000 clicks',
    );
    expect(await balance(user)).toBe(610_000);
  });
});
