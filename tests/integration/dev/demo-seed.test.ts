import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE_SIZE } from '@/dev/demo-catalogue';
import { DEMO_ADVERTISER, seedDemoData } from '@/dev/demo-seed';
import { DEMO_PARTNER_ACCOUNT, startDevEnvironment } from '@/dev/environment';
import { DEV_DEPOSIT_XPUB, loadConfig } from '@/server/config';
import type { Db } from '@/server/db/db';
import { unlistMissingProfiles, upsertProfiles } from '@/server/domain/campaigns/catalogue';
import { createAddressDeriver } from '@/server/domain/deposits/deposit-addresses';
import { ledgerSumCents } from '@/server/domain/ledger';
import { verifyPassword } from '@/server/domain/auth/passwords';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';

describe.each(databaseKinds())('development data on %s', (kind) => {
  const t = useTestDatabase(kind);
  let db: Db;
  let dataDir: string;

  beforeAll(() => {
    db = t.db;
    dataDir = mkdtempSync(join(tmpdir(), 'promo-seed-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: number }>(sql, params))[0]!.n);

  const profile = {
    username: 'Import.Me',
    fullName: 'Import Me',
    avatar: 'https://cdn.partner.example/import.jpg',
    likes: 10,
    photosCount: 2,
    videosCount: 1,
    subscribePriceCents: 499,
    listed: true,
  };

  describe('seedDemoData', () => {
    it('fills the catalogue, writes the avatars and creates the demo advertiser with $1,000.00', async () => {
      expect(await seedDemoData(db, dataDir)).toEqual({
        profilesInserted: DEMO_CATALOGUE_SIZE,
        advertiserCreated: true,
      });
      expect(await count('SELECT count(*)::int AS n FROM profiles')).toBe(2400);
      const avatars = readdirSync(join(dataDir, 'avatars'));
      expect(avatars).toHaveLength(2400);
      const [profile] = await db.query<{ username: string; avatar: string }>(
        'SELECT username, avatar FROM profiles ORDER BY username LIMIT 1',
      );
      expect(profile!.avatar).toBe(`/avatars/${profile!.username}.svg`);
      expect(readFileSync(join(dataDir, 'avatars', `${profile!.username}.svg`), 'utf8')).toMatch(
        /^<svg /,
      );

      const [user] = await db.query<{
        id: number;
        username: string;
        is_verified: boolean;
        balance_cents: number;
        password_hash: string;
      }>(
        'SELECT id, username, is_verified, balance_cents, password_hash FROM users WHERE email = $1',
        [DEMO_ADVERTISER.email],
      );
      expect(user).toMatchObject({ username: 'demo', is_verified: true, balance_cents: 100_000 });
      expect(await verifyPassword('demo-password', user!.password_hash)).toBe(true);
      expect(await ledgerSumCents(db.read, user!.id)).toBe(100_000);
      expect(
        await db.query('SELECT amount_cents, kind FROM ledger_entries WHERE user_id = $1', [
          user!.id,
        ]),
      ).toEqual([{ amount_cents: 100_000, kind: 'demo-grant' }]);
    });

    it('changes nothing when run again, even after the advertiser spent money', async () => {
      const [user] = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
        DEMO_ADVERTISER.email,
      ]);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET balance_cents = balance_cents - 2500 WHERE id = $1', [
          user!.id,
        ]);
        await tx.query(
          `INSERT INTO ledger_entries (user_id, amount_cents, kind, balance_after_cents)
           VALUES ($1, -2500, 'campaign-funded', (SELECT balance_cents FROM users WHERE id = $1))`,
          [user!.id],
        );
      });

      expect(await seedDemoData(db, dataDir)).toEqual({
        profilesInserted: 0,
        advertiserCreated: false,
      });
      expect(await count('SELECT count(*)::int AS n FROM profiles')).toBe(2400);
      expect(await count('SELECT count(*)::int AS n FROM users')).toBe(1);
      expect(await count('SELECT count(*)::int AS n FROM ledger_entries')).toBe(2);
      const [after] = await db.query<{ balance_cents: number }>(
        'SELECT balance_cents FROM users WHERE id = $1',
        [user!.id],
      );
      expect(after!.balance_cents).toBe(97_500);
      expect(await ledgerSumCents(db.read, user!.id)).toBe(97_500);
    });
  });

  describe('upsertProfiles', () => {
    it('inserts new profiles and updates existing ones matched case-insensitively', async () => {
      expect(await upsertProfiles(db, [profile])).toBe(1);
      expect(
        await upsertProfiles(db, [
          { ...profile, username: 'import.me', likes: 99, subscribePriceCents: 0 },
        ]),
      ).toBe(1);
      expect(
        await db.query(
          "SELECT username, full_name, likes, subscribe_price_cents, listed FROM profiles WHERE lower(username) = 'import.me'",
        ),
      ).toEqual([
        {
          username: 'Import.Me',
          full_name: 'Import Me',
          likes: 99,
          subscribe_price_cents: 0,
          listed: true,
        },
      ]);
    });

    it('leaves existing rows alone when asked to ignore them', async () => {
      expect(await upsertProfiles(db, [{ ...profile, likes: 1 }], 'ignore')).toBe(0);
      expect(await count("SELECT likes AS n FROM profiles WHERE username = 'Import.Me'")).toBe(99);
    });
  });

  describe('unlistMissingProfiles', () => {
    it('unlists every listed profile missing from a full feed, matching usernames ignoring case', async () => {
      const listedBefore = await count('SELECT count(*)::int AS n FROM profiles WHERE listed');
      const [kept] = await db.query<{ username: string }>(
        "SELECT username FROM profiles WHERE listed AND username <> 'Import.Me' ORDER BY username LIMIT 1",
      );
      expect(await unlistMissingProfiles(db, ['IMPORT.ME', kept!.username])).toBe(listedBefore - 2);
      const listed = await db.query<{ username: string }>(
        'SELECT username FROM profiles WHERE listed',
      );
      expect(listed.map((row) => row.username).sort()).toEqual(
        ['Import.Me', kept!.username].sort(),
      );
      // An import lists a returning creator again.
      await upsertProfiles(db, [{ ...profile, username: 'import.me' }]);
      expect(await unlistMissingProfiles(db, ['import.me', kept!.username])).toBe(0);
    });
  });

  describe('startDevEnvironment', () => {
    let taken: Server;

    beforeAll(async () => {
      taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    });

    afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

    it('starts the partner simulator on a free port when the configured one is taken, and gives the demo logins', async () => {
      const port = (taken.address() as { port: number }).port;
      const config = loadConfig({ DATA_DIR: dataDir, PARTNER_URL: `http://127.0.0.1:${port}` });
      const dev = await startDevEnvironment(config, db);
      try {
        expect(dev.demoLogin).toEqual({
          email: 'demo@promoclicks.local',
          password: 'demo-password',
        });
        expect(dev.partnerLogin).toEqual({
          username: 'partner_demo',
          password: 'partner-password',
        });
        const partnerUrl = dev.config.partnerUrl;
        expect(partnerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(partnerUrl).not.toBe(config.partnerUrl);
        expect(dev.config.links.terms).toBe(`${partnerUrl}/terms`);
        expect(dev.config.links.partnerProfile).toBe(`${partnerUrl}/profile/{username}`);
        expect(dev.config.links.chatSupport).toBe(config.links.chatSupport);
        // Without RPC_URL the dev chain runs, and the app is pointed at it.
        expect(dev.chain).toBeDefined();
        expect(dev.config.rpcUrl).toBe(dev.chain!.rpcUrl);
        // Deposits go to addresses of the development xpub, never to one of the funded payers.
        expect(dev.config.depositXpub).toBe(DEV_DEPOSIT_XPUB);
        expect(dev.chain!.payers).toHaveLength(8);
        expect(dev.chain!.payers).not.toContain(createAddressDeriver(DEV_DEPOSIT_XPUB)(0));

        const answer = await fetch(`${partnerUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username: DEMO_PARTNER_ACCOUNT.username,
            password: DEMO_PARTNER_ACCOUNT.password,
          }),
        });
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({
          success: true,
          user: { username: 'partner_demo', email: 'partner_demo@creatorfinder.local' },
        });
      } finally {
        await dev.stop();
      }
    });

    it('starts no dev chain when RPC_URL names one', async () => {
      const port = (taken.address() as { port: number }).port;
      const config = loadConfig({
        DATA_DIR: dataDir,
        PARTNER_URL: `http://127.0.0.1:${port}`,
        RPC_URL: 'http://127.0.0.1:9',
      });
      const dev = await startDevEnvironment(config, db);
      try {
        expect(dev.chain).toBeUndefined();
        expect(dev.config.rpcUrl).toBe('http://127.0.0.1:9');
        expect(dev.config.depositXpub).toBe(config.depositXpub);
      } finally {
        await dev.stop();
      }
    });
  });
});
