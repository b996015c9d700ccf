import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '@/server/db/db';
import { migrationStatements } from '@/server/db/migrate';
import { recordClicks } from '@/server/domain/clicks';
import { clickId, TEST_CLICK_RULES } from '../../helpers/click-ids';

/**
 * Migration 0170 (issue 18) on a database that recorded clicks before it: the old events keep their
 * billing, an id that was a UUIDv7 already stays one (a partner's retry across the deploy is a
 * duplicate, never billed again), and the roll-ups count by UTC hour whatever the database's zone.
 */
const DIR = new URL('../../../src/server/db/migrations/', import.meta.url).pathname;
const HOUR = 3_600_000;

async function apply(db: Db, which: (name: string) => boolean): Promise<void> {
  for (const name of readdirSync(DIR)
    .filter((n) => /^\d{4}-.+\.sql$/.test(n))
    .sort()) {
    if (!which(name)) continue;
    for (const statement of migrationStatements(name)) await db.query(statement);
  }
}

async function upgrade(db: Db, label: string) {
  await apply(db, (name) => name < '0170');
  const [user] = await db.query<{ id: number }>(
    "INSERT INTO users (username, email) VALUES ('m1', 'm1@example.com') RETURNING id",
  );
  await db.query(
    "INSERT INTO profiles (username, full_name, avatar) VALUES ('Mig', 'Mig', '/a.svg')",
  );
  const [campaign] = await db.query<{ id: number }>(
    `INSERT INTO campaigns (user_id, profile_username, package_id, status, click_rate_cents, clicks_purchased,
       clicks_count, remaining_clicks, amount_deposit_cents, amount_remaining_cents, billed_cents, start_date)
     VALUES ($1, 'Mig', 1, true, 80, 125, 2, 123, 10000, 9840, 160, now() - interval '3 days') RETURNING id`,
    [user!.id],
  );
  const half = Math.floor((Date.now() - 5 * HOUR) / HOUR) * HOUR + HOUR / 2;
  const v7At = Date.now() - 3 * HOUR;
  const v7 = clickId(`${label}-migrated-v7`, v7At);
  await db.query(
    `INSERT INTO click_events (event_id, campaign_id, profile_username, clicked_at, billed)
     VALUES ('legacy-1', $1, 'Mig', $2, true), ($3, $1, 'Mig', $4, true)`,
    [campaign!.id, new Date(half).toISOString(), v7, new Date(v7At).toISOString()],
  );
  await apply(db, (name) => name >= '0170');
  const hours = await db.query<{ hour: Date; billed: number; billed_cents: number }>(
    'SELECT hour, billed, billed_cents FROM click_hours WHERE campaign_id = $1 ORDER BY hour',
    [campaign!.id],
  );
  expect(
    hours.map((row) => [new Date(row.hour).toISOString(), row.billed, Number(row.billed_cents)]),
  ).toEqual([
    [new Date(half - HOUR / 2).toISOString(), 1, 80],
    [new Date(Math.floor(v7At / HOUR) * HOUR).toISOString(), 1, 80],
  ]);
  const again = await recordClicks(
    db,
    [{ id: v7, username: 'Mig', at: new Date(v7At) }],
    TEST_CLICK_RULES,
  );
  expect(again).toMatchObject({ received: 1, duplicates: 1, billed: 0, invalid: 0 });
  const [after] = await db.query<{ clicks_count: number }>(
    'SELECT clicks_count FROM campaigns WHERE id = $1',
    [campaign!.id],
  );
  expect(after!.clicks_count).toBe(2);
}

describe('migration 0170 on a database with clicks', () => {
  it('on PGlite', async () => {
    const db = await openPglite(undefined);
    try {
      await upgrade(db, 'pglite');
    } finally {
      await db.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL in a zone half an hour off UTC',
    async () => {
      const server = new URL(process.env.TEST_DATABASE_URL!);
      const name = `migration_${randomBytes(5).toString('hex')}`;
      const adminUrl = new URL(server);
      adminUrl.pathname = '/postgres';
      const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => undefined });
      await admin.unsafe(`CREATE DATABASE "${name}"`);
      await admin.unsafe(`ALTER DATABASE "${name}" SET timezone TO 'Asia/Kolkata'`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      const db = openPostgres(url.toString(), 2);
      try {
        await upgrade(db, 'postgres');
      } finally {
        await db.close();
        await admin.unsafe(`DROP DATABASE "${name}" WITH (FORCE)`);
        await admin.end({ timeout: 5 });
      }
    },
  );
});
