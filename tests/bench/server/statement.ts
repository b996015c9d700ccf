import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import type { Measurement } from '../report';
import { timePosts } from './api';
import { freshDatabase } from './index';
import { startServer } from './process';
import { seedAdvertiser } from './seed';

/**
 * Issue 35: the statement's answer (POST /api/account/statement, its first page of 100 rows with the
 * range's opening, closing and totals) for an advertiser with 100,000 ledger rows over a year: the
 * last 30 days (target p95 < 50 ms) and all time (< 200 ms) on PostgreSQL, the production database
 * (the range figures' targets are PostgreSQL's too); PGlite's figures beside them.
 */

export const STATEMENT_ROWS = 100_000;
const YEAR_SECONDS = 365 * 86_400;
const REQUESTS = 200;
const TIME_ZONE = 'Asia/Kolkata';

/**
 * The advertiser's rows, spread evenly over the year before now: a $100 deposit, then two campaign
 * payments of $30 (the balance never goes below zero), each with the balance after it.
 */
async function seedStatement(db: Db): Promise<string> {
  const advertiser = await seedAdvertiser(db, 'bench_statement');
  await db.query(
    `WITH rows AS (
       SELECT i, CASE WHEN i % 3 = 0 THEN 10000 ELSE -3000 END AS amount,
              now() - (($2 - i) * $3::float8 / $2) * interval '1 second' AS at
         FROM generate_series(1, $2) AS i
     )
     INSERT INTO ledger_entries (user_id, amount_cents, kind, reference, created_at, balance_after_cents)
     SELECT $1, amount, CASE WHEN amount > 0 THEN 'deposit' ELSE 'campaign-funded' END,
            CASE WHEN amount > 0 THEN 'transfer:' || i ELSE 'campaign:' || i END, at,
            (SELECT balance_cents FROM users WHERE id = $1) + sum(amount) OVER (ORDER BY i)
       FROM rows ORDER BY i`,
    [advertiser.userId, STATEMENT_ROWS, YEAR_SECONDS],
  );
  await db.query(
    `UPDATE users SET balance_cents = (SELECT sum(amount_cents) FROM ledger_entries WHERE user_id = $1)
      WHERE id = $1`,
    [advertiser.userId],
  );
  // As autovacuum leaves a table that stopped changing: its visibility map set, its statistics read.
  await db.query('VACUUM ANALYZE ledger_entries');
  return advertiser.cookie;
}

/** `npm run bench -- statement`, and part of a whole run. */
export async function runStatementBench(): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const kind of ['PGlite', 'PostgreSQL'] as const) {
    const tempDir = await mkdtemp(join(tmpdir(), 'statementbench-'));
    const database = await freshDatabase(kind, tempDir);
    try {
      const db = await database.open();
      await migrate(db);
      const cookie = await seedStatement(db);
      await db.close();
      const server = await startServer({
        ...database.env,
        LOG_LEVEL: 'info',
        OUTBOX_DIR: join(tempDir, 'outbox'),
        STATIC_DIR: join(tempDir, 'no-static'),
      });
      try {
        const path = '/api/account/statement';
        const month = await timePosts(
          server.url,
          path,
          cookie,
          [{ range: '30d', time_zone: TIME_ZONE }],
          REQUESTS,
        );
        const all = await timePosts(
          server.url,
          path,
          cookie,
          [{ range: 'all', time_zone: TIME_ZONE }],
          REQUESTS,
        );
        console.log(
          `statement p95 (${kind}): 30 days ${month.p95.toFixed(1)} ms, all time ${all.p95.toFixed(1)} ms`,
        );
        const rows = `${STATEMENT_ROWS.toLocaleString('en-US')} ledger rows, ${kind}`;
        const ms = (value: number) => Math.round(value * 10) / 10;
        measurements.push(
          {
            group: 'Statement',
            name: `statement p95, last 30 days (${rows})`,
            value: ms(month.p95),
            unit: 'ms',
            ...(kind === 'PostgreSQL' ? { target: '< 50 ms', pass: month.p95 < 50 } : {}),
          },
          {
            group: 'Statement',
            name: `statement p95, all time (a year; ${rows})`,
            value: ms(all.p95),
            unit: 'ms',
            ...(kind === 'PostgreSQL' ? { target: '< 200 ms', pass: all.p95 < 200 } : {}),
          },
        );
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
      await rm(tempDir, { recursive: true, force: true });
    }
  }
  return measurements;
}
