import type { Queryable } from '../../../src/server/db/db';

/**
 * The money invariants of design §2, read straight from the database. Returns one line per
 * violation (empty when all hold), so a failing test prints exactly what broke:
 * - every user's balance equals the sum of their ledger rows and is never below zero;
 * - every campaign's funded amount equals billed + refunded + remaining, none of them negative;
 * - what the ledger took for a campaign is what it still holds or billed (funded - refunded);
 * - each billed click is counted once, by the campaign it billed, at that campaign's rate;
 * - an active campaign's counters add up, an ended one holds nothing;
 * - every confirmed deposit is credited once, by its own amount, from one transfer of exactly the
 *   amount due; nothing else is credited as a deposit.
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
  violations.push(
    ...(await campaignLedgerViolations(db)),
    ...(await clickViolations(db)),
    ...(await depositViolations(db)),
  );
  return violations;
}

/** For each campaign still there: -(its ledger rows) = funded - refunded = billed + remaining. */
async function campaignLedgerViolations(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: number; taken: number; funded: number; refunded: number }>(
    `SELECT c.id, COALESCE(-SUM(l.amount_cents), 0)::bigint AS taken,
            c.amount_deposit_cents AS funded, c.refunded_cents AS refunded
       FROM campaigns c LEFT JOIN ledger_entries l ON l.reference = 'campaign:' || c.id
      GROUP BY c.id
     HAVING COALESCE(-SUM(l.amount_cents), 0) <> c.amount_deposit_cents - c.refunded_cents
      ORDER BY c.id`,
  );
  return rows.map(
    (r) =>
      `campaign ${r.id}: ledger took ${Number(r.taken)} != funded ${Number(r.funded)} - refunded ${Number(r.refunded)}`,
  );
}

async function clickViolations(db: Queryable): Promise<string[]> {
  const counts = await db.query<{
    id: number;
    clicks: number;
    events: number;
    billed: number;
    rate: number;
  }>(
    `SELECT c.id, c.clicks_count AS clicks, c.billed_cents AS billed, c.click_rate_cents AS rate,
            (SELECT count(*) FROM click_events e WHERE e.campaign_id = c.id AND e.billed)::int AS events
       FROM campaigns c
      WHERE c.clicks_count <> (SELECT count(*) FROM click_events e WHERE e.campaign_id = c.id AND e.billed)
         OR c.billed_cents <> c.clicks_count::bigint * c.click_rate_cents
      ORDER BY c.id`,
  );
  const violations = counts.map(
    (c) =>
      `campaign ${c.id}: ${c.clicks} clicks counted, ${c.events} billed click events, billed ${Number(c.billed)} at rate ${c.rate}`,
  );
  const [stray] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM click_events WHERE NOT billed AND campaign_id IS NOT NULL',
  );
  if (stray!.n > 0) violations.push(`${stray!.n} unbilled click events name a campaign`);
  const counters = await db.query<{ id: number; status: boolean }>(
    `SELECT id, status FROM campaigns
      WHERE (status AND (clicks_purchased <> clicks_count + remaining_clicks
                         OR remaining_clicks::bigint * click_rate_cents > amount_remaining_cents
                         OR remaining_clicks < 1))
         OR (NOT status AND (remaining_clicks <> 0 OR amount_remaining_cents <> 0))
      ORDER BY id`,
  );
  for (const c of counters) {
    violations.push(
      c.status
        ? `campaign ${c.id}: active, but purchased != counted + remaining clicks, or the remaining money does not cover the remaining clicks`
        : `campaign ${c.id}: ended, but still holds clicks or money`,
    );
  }
  return violations;
}

async function depositViolations(db: Queryable): Promise<string[]> {
  const deposits = await db.query<{
    id: number;
    status: string;
    amount: number;
    expected: string;
    credits: number;
    credited: number;
    transfers: number;
    matching: number;
  }>(
    `SELECT d.id, d.status, d.amount_cents AS amount,
            (SELECT count(*) FROM ledger_entries l WHERE l.reference = 'deposit:' || d.id)::int AS credits,
            (SELECT COALESCE(SUM(l.amount_cents), 0) FROM ledger_entries l
              WHERE l.reference = 'deposit:' || d.id AND l.kind = 'deposit' AND l.user_id = d.user_id)::bigint AS credited,
            (SELECT count(*) FROM chain_transfers t WHERE t.deposit_id = d.id)::int AS transfers,
            (SELECT count(*) FROM chain_transfers t
              WHERE t.deposit_id = d.id AND t.units = d.expected_units)::int AS matching
       FROM deposits d ORDER BY d.id`,
  );
  const violations: string[] = [];
  for (const d of deposits) {
    const credited = Number(d.credited);
    if (d.status === 'confirmed') {
      if (
        d.credits !== 1 ||
        credited !== Number(d.amount) ||
        d.transfers !== 1 ||
        d.matching !== 1
      ) {
        violations.push(
          `deposit ${d.id}: confirmed with ${d.credits} credits of ${credited} for ${Number(d.amount)}, ${d.transfers} transfers (${d.matching} of the amount due)`,
        );
      }
    } else if (d.credits !== 0) {
      violations.push(`deposit ${d.id}: ${d.status} but credited ${d.credits} times`);
    } else if (d.status === 'pending' ? d.transfers !== 0 : d.transfers > 1 || d.matching > 0) {
      violations.push(
        `deposit ${d.id}: ${d.status} with ${d.transfers} transfers (${d.matching} of the amount due)`,
      );
    }
  }
  const [orphans] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_entries l
      WHERE l.kind = 'deposit'
        AND NOT EXISTS (SELECT 1 FROM deposits d
                         WHERE 'deposit:' || d.id = l.reference AND d.status = 'confirmed')`,
  );
  if (orphans!.n > 0)
    violations.push(`${orphans!.n} deposit ledger rows without a confirmed deposit`);
  return violations;
}
