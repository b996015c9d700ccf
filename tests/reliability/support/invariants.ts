import type { Queryable } from '../../../src/server/db/db';

/**
 * The money invariants of design §2, read straight from the database. Returns one line per
 * violation (empty when all hold), so a failing test prints exactly what broke. A campaign's
 * counters cover its current period and each history entry one ended period (the contract's
 * Campaign and CampaignHistoryEntry, issue 13):
 * - every user's balance equals the sum of their ledger rows and is never below zero;
 * - every campaign's period budget equals billed + refunded + remaining, none of them negative;
 * - what the ledger took for a campaign is what it billed over its life (its history entries, plus
 *   the current period while active) and what it still holds;
 * - each billed click is counted once, by the campaign it billed (in the period it was billed in),
 *   at that campaign's rate;
 * - clicks purchased = used + remaining in every period; an active campaign's remaining money covers
 *   its remaining clicks; an ended one holds nothing, its refund covers the clicks refunded and its
 *   last history entry is its period;
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

/** What the ended periods of each campaign billed, from its history entries. */
const ENDED_PERIODS = `
  SELECT campaign_id, SUM(clicks_count)::bigint AS clicks, SUM(total_spent_cents)::bigint AS spent
    FROM campaign_history WHERE campaign_id IS NOT NULL GROUP BY campaign_id`;

/**
 * For each campaign still there: -(its ledger rows) = deposits - refunds = what it billed over its
 * life (its history entries, plus the current period while active) + what it still holds.
 */
async function campaignLedgerViolations(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: number; taken: number; billed: number; remaining: number }>(
    `SELECT c.id, COALESCE((SELECT -SUM(l.amount_cents) FROM ledger_entries l
                             WHERE l.reference = 'campaign:' || c.id), 0)::bigint AS taken,
            (COALESCE(e.spent, 0) + CASE WHEN c.status THEN c.billed_cents ELSE 0 END)::bigint AS billed,
            c.amount_remaining_cents AS remaining
       FROM campaigns c LEFT JOIN (${ENDED_PERIODS}) e ON e.campaign_id = c.id
      ORDER BY c.id`,
  );
  return rows
    .filter((r) => Number(r.taken) !== Number(r.billed) + Number(r.remaining))
    .map(
      (r) =>
        `campaign ${r.id}: ledger took ${Number(r.taken)} != billed over its periods ${Number(r.billed)} + remaining ${Number(r.remaining)}`,
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
    `SELECT * FROM (
       SELECT c.id, (COALESCE(e.clicks, 0) + CASE WHEN c.status THEN c.clicks_count ELSE 0 END)::int AS clicks,
              c.clicks_count, c.billed_cents AS billed, c.click_rate_cents AS rate,
              (SELECT count(*) FROM click_events x WHERE x.campaign_id = c.id AND x.billed)::int AS events
         FROM campaigns c LEFT JOIN (${ENDED_PERIODS}) e ON e.campaign_id = c.id) t
      WHERE t.clicks <> t.events OR t.billed <> t.clicks_count::bigint * t.rate
      ORDER BY t.id`,
  );
  const violations = counts.map(
    (c) =>
      `campaign ${c.id}: ${c.clicks} clicks counted over its periods, ${c.events} billed click events, billed ${Number(c.billed)} for ${c.clicks} at rate ${c.rate} this period`,
  );
  const [stray] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM click_events WHERE NOT billed AND campaign_id IS NOT NULL',
  );
  if (stray!.n > 0) violations.push(`${stray!.n} unbilled click events name a campaign`);
  const counters = await db.query<{ id: number; status: boolean }>(
    `SELECT id, status FROM campaigns
      WHERE clicks_purchased <> clicks_count + remaining_clicks
         OR (status AND (remaining_clicks::bigint * click_rate_cents > amount_remaining_cents
                         OR remaining_clicks < 1 OR refunded_cents <> 0))
         OR (NOT status AND (amount_remaining_cents <> 0
                             OR remaining_clicks::bigint * click_rate_cents > refunded_cents))
      ORDER BY id`,
  );
  for (const c of counters) {
    violations.push(
      c.status
        ? `campaign ${c.id}: active, but purchased != used + remaining clicks, the remaining money does not cover the remaining clicks, or something was refunded`
        : `campaign ${c.id}: ended, but purchased != used + refunded clicks, it still holds money, or the refund does not cover the clicks refunded`,
    );
  }
  return [...violations, ...(await historyViolations(db))];
}

/** Each history entry's period adds up; an ended campaign's period is its last entry. */
async function historyViolations(db: Queryable): Promise<string[]> {
  const entries = await db.query<{ id: number }>(
    `SELECT id FROM campaign_history
      WHERE total_clicks_purchased <> clicks_count + remaining_clicks
         OR clicks_purchased <> total_clicks_purchased
         OR total_spent_cents <> clicks_count::bigint * click_rate_cents
         OR amount_deposit_cents < total_spent_cents + remaining_clicks::bigint * click_rate_cents
      ORDER BY id`,
  );
  const ended = await db.query<{ id: number }>(
    `SELECT c.id FROM campaigns c
       LEFT JOIN LATERAL (SELECT * FROM campaign_history h WHERE h.campaign_id = c.id
                           ORDER BY h.end_date DESC, h.id DESC LIMIT 1) h ON true
      WHERE NOT c.status
        AND (h.id IS NULL OR h.end_date <> c.end_date OR h.total_clicks_purchased <> c.clicks_purchased
             OR h.clicks_count <> c.clicks_count OR h.remaining_clicks <> c.remaining_clicks
             OR h.total_spent_cents <> c.billed_cents OR h.amount_deposit_cents <> c.amount_deposit_cents)
      ORDER BY c.id`,
  );
  return [
    ...entries.map((h) => `history entry ${h.id}: its period's figures do not add up`),
    ...ended.map((c) => `campaign ${c.id}: ended, but its period is not its last history entry`),
  ];
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
