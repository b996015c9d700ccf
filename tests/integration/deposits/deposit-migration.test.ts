import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';

const MIGRATION = '0090-deposit-addresses-and-watcher.sql';
const MIGRATIONS_DIR = '../../../src/server/db/migrations/';
const WALLET = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

/**
 * Migration 0090 (issue 15) over deposits written as the shared-wallet code wrote them: the database
 * is migrated up to 0080, the rows are inserted, then 0090 and the later migrations run over them.
 */
describe('migration 0090 (deposit addresses and the watcher)', () => {
  let db: Db;
  let userId: number;
  const ids: Record<string, number> = {};

  const insertDeposit = async (values: string) => {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO deposits (user_id, coin_type, status, amount_cents, expected_units, chain_id,
          wallet_address, from_block, received_units, tx_hash, sender_address)
        VALUES ${values} RETURNING id`,
      [userId],
    );
    return Number(row!.id);
  };

  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.query(
      'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    // 0090 and every later migration wait (later ones may change 0090's tables).
    const later = readdirSync(fileURLToPath(new URL(MIGRATIONS_DIR, import.meta.url)))
      .filter((name) => /^\d{4}-.+\.sql$/.test(name) && name >= MIGRATION)
      .sort();
    await db.query('INSERT INTO schema_migrations (name) SELECT unnest($1::text[])', [later]);
    await migrate(db);
    const [user] = await db.query<{ id: number }>(
      "INSERT INTO users (username, email) VALUES ('mig', 'mig@example.com') RETURNING id",
    );
    userId = Number(user!.id);
    // Two pending USDC requests (the old code allowed several), a confirmed one, an underpaid one.
    ids.pendingA = await insertDeposit(
      `($1, 'usdc', 'pending', 10000, 100000001, 1, '${WALLET}', 10, NULL, NULL, NULL)`,
    );
    ids.pendingB = await insertDeposit(
      `($1, 'usdc', 'pending', 20000, 200000001, 1, '${WALLET}', 11, NULL, NULL, NULL)`,
    );
    ids.confirmed = await insertDeposit(
      `($1, 'usdt', 'confirmed', 15000, 150000002, 1, '${WALLET}', 12, 150000002, '0xaa', '0xbb')`,
    );
    ids.underpaid = await insertDeposit(
      `($1, 'usdt', 'failed', 30000, 300000003, 1, '${WALLET}', 13, 299000000, '0xcc', '0xbb')`,
    );
    await db.query(
      `INSERT INTO chain_transfers (chain_id, tx_hash, log_index, deposit_id, from_address, units,
          block_number)
        VALUES (1, '0xaa', 0, $1, '0xbb', 150000002, 14), (1, '0xcc', 0, $2, '0xbb', 299000000, 15)`,
      [ids.confirmed, ids.underpaid],
    );
    await db.query(
      `INSERT INTO ledger_entries (user_id, amount_cents, kind, reference) VALUES ($1, 15000, 'deposit', $2)`,
      [userId, `deposit:${ids.confirmed}`],
    );
    await db.query('DELETE FROM schema_migrations WHERE name = ANY($1::text[])', [later]);
    expect(await migrate(db)).toEqual(later);
  });

  afterAll(async () => {
    await db?.close();
  });

  it('closes the requests that paid to the shared wallet and keeps what was paid', async () => {
    const rows = await db.query<{
      id: number;
      status: string;
      expired: boolean;
      received_units: string;
      credited_cents: number;
      confirmed: boolean;
      origin: string;
    }>(
      `SELECT id, status, expired_at IS NOT NULL AS expired, received_units::text AS received_units,
          credited_cents::int AS credited_cents, confirmed_at IS NOT NULL AS confirmed, origin
         FROM deposits ORDER BY id`,
    );
    expect(rows.map((row) => ({ ...row, id: Number(row.id) }))).toEqual([
      row(ids.pendingA!, 'failed', true, '0', 0, false),
      row(ids.pendingB!, 'failed', true, '0', 0, false),
      row(ids.confirmed!, 'confirmed', false, '150000002', 15000, true),
      row(ids.underpaid!, 'failed', false, '299000000', 0, false),
    ]);
  });

  it('marks the recorded transfers credited or ignored, and relabels the ledger row per transfer', async () => {
    const transfers = await db.query<{ id: number; state: string; credited_cents: number }>(
      `SELECT id, state, credited_cents::int AS credited_cents, user_id::int AS user_id, coin_type
         FROM chain_transfers ORDER BY id`,
    );
    expect(transfers.map(({ state, credited_cents }) => ({ state, credited_cents }))).toEqual([
      { state: 'credited', credited_cents: 15000 },
      { state: 'ignored', credited_cents: 0 },
    ]);
    const ledger = await db.query<{ reference: string }>(
      "SELECT reference FROM ledger_entries WHERE kind = 'deposit'",
    );
    expect(ledger).toEqual([{ reference: `transfer:${Number(transfers[0]!.id)}` }]);
  });

  it('allows one open request per advertiser and coin from now on', async () => {
    const open = (units: number) =>
      db.query(
        `INSERT INTO deposits (user_id, coin_type, amount_cents, expected_units, chain_id,
            wallet_address, from_block)
          VALUES ($1, 'eth', 10000, $2, 1, '${WALLET}', 20)`,
        [userId, units],
      );
    await open(1);
    await expect(open(2)).rejects.toThrow(/deposits_one_open_idx/);
  });
});

function row(
  id: number,
  status: string,
  expired: boolean,
  received_units: string,
  credited_cents: number,
  confirmed: boolean,
) {
  return { id, status, expired, received_units, credited_cents, confirmed, origin: 'request' };
}
