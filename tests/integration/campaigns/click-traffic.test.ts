import { beforeAll, describe, expect, it } from 'vitest';
import { placedProfiles, sendClicks } from '@/dev/click-traffic';
import { newCampaign } from '@/shared/contract/campaigns';
import { advertiser } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';
import { NO_INVALID } from '../../helpers/click-ids';

const PARTNER_SECRET = 'traffic-secret';

describe('partner simulator click traffic', () => {
  const t = useTestApp('pglite', { PARTNER_SECRET });

  beforeAll(async () => {
    await t.db.query(
      "INSERT INTO profiles (username, full_name, avatar) VALUES ('fit_ann', 'Ann Fit', '/a.svg'), ('gamer_bo', 'Bo Game', '/b.svg')",
    );
    const { client } = await advertiser(t.server, { balanceCents: 50_000 });
    await client.call(newCampaign, {
      username: 'fit_ann',
      package_id: 1,
      amount_deposit: 100,
    });
    await client.call(newCampaign, {
      username: 'gamer_bo',
      package_id: 3,
      category_name: 'Gaming',
      amount_deposit: 100,
    });
  });

  it('finds every placed profile across the categories, best rank first', async () => {
    const target = { apiUrl: t.server.url, secret: PARTNER_SECRET };
    expect(await placedProfiles(target)).toEqual(['fit_ann', 'gamer_bo']);
  });

  it('sends signed clicks that the server bills', async () => {
    const target = { apiUrl: t.server.url, secret: PARTNER_SECRET };
    expect(await sendClicks(target, 'gamer_bo', 7)).toEqual({
      success: true,
      received: 7,
      duplicates: 0,
      billed: 7,
      unbilled: 0,
      budgetReached: 0,
      ...NO_INVALID,
      endedCampaigns: 0,
    });
  });

  it('fails clearly with the wrong secret', async () => {
    await expect(placedProfiles({ apiUrl: t.server.url, secret: 'wrong' })).rejects.toThrow(
      'categories: HTTP 401',
    );
  });
});
