import type { Hex } from 'viem';
import type { Db } from '@/server/db/db';
import type { DepositRow } from '@/server/domain/deposits/deposit-views';

/**
 * The books after the watcher bench: how many paid deposits were credited exactly once (confirmed
 * with what was asked, one transfer recorded, the payment sent, and one ledger row for it), and what
 * went wrong: a deposit not credited so, or a recorded transfer that is no payment.
 */
export async function checkCredits(
  db: Db,
  deposits: DepositRow[],
  paid: Map<number, Hex>,
): Promise<{ once: number; problems: string[] }> {
  const ids = deposits.map((deposit) => deposit.id);
  const rows = await db.query<{
    id: number;
    status: string;
    amount_cents: number;
    credited_cents: number;
    transfers: string[];
    ledger_rows: number;
    ledger_cents: number;
  }>(
    `SELECT d.id, d.status, d.amount_cents, d.credited_cents,
            array(SELECT t.tx_hash FROM chain_transfers t WHERE t.deposit_id = d.id) AS transfers,
            (SELECT count(*)::int FROM ledger_entries l JOIN chain_transfers t
               ON l.reference = 'transfer:' || t.id WHERE t.deposit_id = d.id) AS ledger_rows,
            (SELECT coalesce(sum(l.amount_cents), 0)::int FROM ledger_entries l JOIN chain_transfers t
               ON l.reference = 'transfer:' || t.id WHERE t.deposit_id = d.id) AS ledger_cents
       FROM deposits d WHERE d.id = ANY($1::bigint[]) ORDER BY d.id`,
    [ids],
  );
  const problems: string[] = [];
  let once = 0;
  for (const row of rows) {
    const amount = Number(row.amount_cents);
    const exact =
      row.status === 'confirmed' &&
      Number(row.credited_cents) === amount &&
      row.transfers.length === 1 &&
      row.transfers[0] === paid.get(Number(row.id)) &&
      row.ledger_rows === 1 &&
      row.ledger_cents === amount;
    if (exact) once += 1;
    else problems.push(`deposit ${row.id}: ${JSON.stringify(row)}`);
  }
  const [others] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM chain_transfers
      WHERE deposit_id IS NULL OR NOT (deposit_id = ANY($1::bigint[]))`,
    [ids],
  );
  if (others!.n > 0) problems.push(`${others!.n} transfers recorded beside the payments`);
  return { once, problems };
}
