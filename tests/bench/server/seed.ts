import type { Db, Queryable, Writer } from '@/server/db/db';
import { tidyCatalogue } from '@/server/domain/campaigns/catalogue';
import { createSession } from '@/server/domain/auth/sessions';

/** Bench data, written straight into the database as real rows (the schema's rules hold). */

export const FIRST_NAMES = [
  'Anna',
  'Bella',
  'Chloe',
  'Daisy',
  'Emma',
  'Freya',
  'Grace',
  'Hannah',
  'Isla',
  'Jade',
  'Katie',
  'Lily',
  'Mia',
  'Nora',
  'Olivia',
  'Poppy',
  'Ruby',
  'Sofia',
  'Tara',
  'Zoe',
  'Aaron',
  'Ben',
  'Carlos',
  'Dylan',
  'Ethan',
  'Felix',
  'Gabe',
  'Hugo',
  'Ivan',
  'Jack',
  'Kai',
  'Leo',
  'Max',
  'Noah',
  'Oscar',
  'Pablo',
  'Quinn',
  'Ryan',
  'Sam',
  'Theo',
];
export const LAST_NAMES = [
  'Adams',
  'Baker',
  'Clark',
  'Davis',
  'Evans',
  'Fox',
  'Garcia',
  'Hill',
  'Ito',
  'Jones',
  'King',
  'Lopez',
  'Moore',
  'Nguyen',
  'Owens',
  'Price',
  'Reed',
  'Smith',
  'Turner',
  'Underwood',
  'Vega',
  'Walker',
  'Young',
  'Zhang',
  'Rossi',
  'Muller',
  'Silva',
  'Kowalski',
  'Novak',
  'Tanaka',
];
const SEPARATORS = ['_', '.', '', '-'];

/**
 * `count` creators in one INSERT … SELECT over generate_series: usernames like anna_smith17 or
 * leo.kowalski4242 (unique by the number), full names like "Anna Smith", likes spread over 0-99,999.
 */
export async function seedCatalogue(db: Db, count: number): Promise<void> {
  await db.query(
    `INSERT INTO profiles (username, full_name, avatar, likes, photos_count, videos_count, subscribe_price_cents)
     SELECT lower(f) || s || lower(l) || i, f || ' ' || l, '/avatars/' || lower(f) || s || lower(l) || i || '.svg',
            (i * 7919) % 100000, (i * 31) % 900, (i * 17) % 120, 499 + (i % 20) * 100
       FROM generate_series(1, $1::int) AS i,
            LATERAL (SELECT ($2::text[])[1 + (i * 7) % array_length($2::text[], 1)] AS f,
                            ($3::text[])[1 + (i * 13 / 7) % array_length($3::text[], 1)] AS l,
                            ($4::text[])[1 + i % array_length($4::text[], 1)] AS s) AS names`,
    [count, FIRST_NAMES, LAST_NAMES, SEPARATORS],
  );
  await tidyCatalogue(db);
}

/** The usernames of the catalogue's first `count` creators (in generate_series order). */
export async function firstProfiles(db: Queryable, count: number): Promise<string[]> {
  const rows = await db.query<{ username: string }>(
    'SELECT username FROM profiles ORDER BY created_at, username LIMIT $1',
    [count],
  );
  return rows.map((row) => row.username);
}

/** An advertiser (verified, $500 balance) and a live session: the cookie header to send. */
export async function seedAdvertiser(
  db: Writer,
  name: string,
): Promise<{ userId: number; cookie: string }> {
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, is_verified, balance_cents)
     VALUES ($1, $1 || '@bench.test', NULL, true, 50000) RETURNING id`,
    [name],
  );
  await db.query(
    `INSERT INTO ledger_entries (user_id, amount_cents, kind, balance_after_cents)
     VALUES ($1, 50000, 'demo-grant', 50000)`,
    [user!.id],
  );
  const session = await createSession(db, Number(user!.id));
  return { userId: Number(user!.id), cookie: `sid=${session.id}` };
}

export interface CampaignSeed {
  userId: number;
  username: string;
  packageId: number;
  clicks: number;
  /** Seconds before now that it started (older campaigns bill first). */
  startedSecondsAgo: number;
}

/**
 * Active campaigns funded as the app funds them: the deposit equals clicks × the package rate and
 * the ledger gets the matching debit, so balances stay the sum of their ledger rows.
 */
export async function seedCampaigns(db: Queryable, campaigns: CampaignSeed[]): Promise<void> {
  const rows = await db.query<{ id: number; user_id: number; amount_deposit_cents: number }>(
    `INSERT INTO campaigns (user_id, profile_username, package_id, category_slug, status, click_rate_cents,
                              clicks_purchased, remaining_clicks, amount_deposit_cents, amount_remaining_cents,
                              start_date, created_at)
       SELECT c.user_id, c.username, c.package_id, CASE WHEN c.package_id = 3 THEN 'fitness' END, true,
              p.click_rate_cents, c.clicks, c.clicks, c.clicks * p.click_rate_cents, c.clicks * p.click_rate_cents,
              now() - c.ago * interval '1 second', now() - c.ago * interval '1 second'
         FROM unnest($1::bigint[], $2::text[], $3::int[], $4::int[], $5::int[])
                AS c(user_id, username, package_id, clicks, ago)
         JOIN ad_packages p ON p.id = c.package_id
       RETURNING id, user_id, amount_deposit_cents`,
    [
      campaigns.map((c) => c.userId),
      campaigns.map((c) => c.username),
      campaigns.map((c) => c.packageId),
      campaigns.map((c) => c.clicks),
      campaigns.map((c) => c.startedSecondsAgo),
    ],
  );
  // The grant first, then each campaign's debit: the balance after each row as the ledger keeps it.
  await db.query(
    `INSERT INTO ledger_entries (user_id, amount_cents, kind, balance_after_cents)
     SELECT r.user_id, sum(r.amount), 'demo-grant', min(u.balance_cents) + sum(r.amount)
       FROM unnest($1::bigint[], $2::bigint[]) AS r(user_id, amount)
       JOIN users u ON u.id = r.user_id
      GROUP BY r.user_id`,
    [rows.map((r) => r.user_id), rows.map((r) => Number(r.amount_deposit_cents))],
  );
  await db.query(
    `INSERT INTO ledger_entries (user_id, amount_cents, kind, reference, balance_after_cents)
     SELECT r.user_id, -r.amount, 'campaign-funded', 'campaign:' || r.id,
            u.balance_cents + sum(r.amount) OVER (PARTITION BY r.user_id)
              - sum(r.amount) OVER (PARTITION BY r.user_id ORDER BY r.id)
       FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS r(id, user_id, amount)
       JOIN users u ON u.id = r.user_id
      ORDER BY r.id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.user_id),
      rows.map((r) => Number(r.amount_deposit_cents)),
    ],
  );
}
