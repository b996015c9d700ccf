import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedProfiles, sendClicks } from '../../../src/dev/click-traffic';
import { postLedgerEntry } from '../../../src/server/domain/ledger';
import {
  openTestDatabase,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../../helpers/server';
import { NO_INVALID } from '../../helpers/click-ids';

const PARTNER_SECRET = 'traffic-secret';

describe('partner simulator click traffic', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await startTestApp(database.db, { PARTNER_SECRET });
    await database.db.query(
      "INSERT INTO profiles (username, full_name, avatar) VALUES ('fit_ann', 'Ann Fit', '/a.svg'), ('gamer_bo', 'Bo Game', '/b.svg')",
    );
    const client = server.client();
    await client.post('/api/auth/register', {
      username: 'traffic',
      email: 'traffic@example.com',
      password: 'long-enough-password',
      confirmPassword: 'long-enough-password',
      agreeTerms: true,
    });
    const [user] = await database.db.query<{ id: number }>(
      "SELECT id FROM users WHERE username = 'traffic'",
    );
    await database.db.transaction((tx) =>
      postLedgerEntry(tx, { userId: user!.id, amountCents: 50_000, kind: 'demo-grant' }),
    );
    await client.post('/api/new-campaign', {
      username: 'fit_ann',
      package_id: 1,
      amount_deposit: 100,
    });
    await client.post('/api/new-campaign', {
      username: 'gamer_bo',
      package_id: 3,
      category_name: 'Gaming',
      amount_deposit: 100,
    });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('finds every placed profile across the categories, best rank first', async () => {
    const target = { apiUrl: server.url, secret: PARTNER_SECRET };
    expect(await placedProfiles(target)).toEqual(['fit_ann', 'gamer_bo']);
  });

  it('sends signed clicks that the server bills', async () => {
    const target = { apiUrl: server.url, secret: PARTNER_SECRET };
    expect(await sendClicks(target, 'gamer_bo', 7)).toEqual({
      success: true,
      received: 7,
      duplicates: 0,
      billed: 7,
      unbilled: 0,
      ...NO_INVALID,
      endedCampaigns: 0,
    });
  });

  it('fails clearly with the wrong secret', async () => {
    await expect(placedProfiles({ apiUrl: server.url, secret: 'wrong' })).rejects.toThrow(
      'categories: HTTP 401',
    );
  });
});
