import type { Queryable } from '../../../src/server/db/db';

/**
 * The money invariants of design §2, read straight from the database. Returns one line per
 * violation (empty when all hold), so a failing test prints exactly what broke:
 * - every user's balance equals the sum of their ledger rows and is never below zero;
 * - every campaign's funded amount equals billed + refunded + remaining, none of them negative.
 */
export async function moneyInvariantViolations(db: Queryable): Promise<string[]> {
  const users = await db.query<{ id: number; balance: number; ledger: number }>(
    `SELECT u.id, u.balance_cents AS balance, COALESCE(SUM(l.amount_cents), 0)::bigint AS ledger
       FROM users u LEFT JOIN ledger_entries l ON l.user_id = u.id
      GROUP BY u.id, u.balance_cents
      ORDER BY u.id`,
  );
  const campaigns = await db.query<{
    id: number;
    funded: number;
    billed: number;
    refunded: number;
    remaining: number;
  }>(
    `SELECT id, amount_deposit_cents AS funded, billed_cents AS billed,
            refunded_cents AS refunded, amount_remaining_cents AS remaining
       FROM campaigns ORDER BY id`,
  );
  const violations: string[] = [];
  for (const user of users) {
    const balance = Number(user.balance);
    const ledger = Number(user.ledger);
    if (balance !== ledger)
      violations.push(`user ${user.id}: balance ${balance} != ledger ${ledger}`);
    if (balance < 0) violations.push(`user ${user.id}: balance ${balance} < 0`);
  }
  for (const c of campaigns) {
    const [funded, billed, refunded, remaining] = [c.funded, c.billed, c.refunded, c.remaining].map(
      Number,
    ) as [number, number, number, number];
    if (funded !== billed + refunded + remaining) {
      violations.push(
        `campaign ${c.id}: funded ${funded} != billed ${billed} + refunded ${refunded} + remaining ${remaining}`,
      );
    }
    if (Math.min(billed, refunded, remaining) < 0) {
      violations.push(`campaign ${c.id}: negative part (${billed}, ${refunded}, ${remaining})`);
    }
  }
  return violations;
}
