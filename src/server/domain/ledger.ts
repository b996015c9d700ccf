import type { Reader, Writer } from '../db/db';
import { LOW_BALANCE_DOLLARS } from '../../shared/constants';
import { badRequest } from '../errors';
import { notify, NOTIFICATION_TEXTS } from './notifications';

/**
 * Kinds of balance change (design §2); the operator's (issue 20, src/server/operator) carry the
 * operator's note and the reference `operator:<action id>`.
 */
export type LedgerKind =
  | 'deposit'
  | 'demo-grant'
  | 'campaign-funded'
  | 'campaign-topped-up'
  | 'campaign-refund'
  | 'operator-credit'
  | 'operator-debit'
  | 'click-refund';

export interface LedgerEntry {
  userId: number;
  amountCents: number;
  kind: LedgerKind;
  reference?: string;
  /** Why the operator changed the balance (operator commands). */
  note?: string;
}

/**
 * Changes a balance by one ledger row, inside the caller's transaction. The UPDATE locks the user's
 * row, so concurrent debits queue up and each sees the balance the previous one left; a debit the
 * balance cannot cover changes nothing and throws `insufficientMessage`.
 */
export async function postLedgerEntry(
  tx: Writer,
  entry: LedgerEntry,
  insufficientMessage = 'Insufficient balance',
): Promise<number> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
    throw new Error(
      `Ledger amount must be a non-zero whole number of cents, got ${entry.amountCents}`,
    );
  }
  const rows = await tx.query<{ balance_cents: number }>(
    `UPDATE users SET balance_cents = balance_cents + $2, updated_at = now()
      WHERE id = $1 AND balance_cents + $2 >= 0
      RETURNING balance_cents`,
    [entry.userId, entry.amountCents],
  );
  if (rows.length === 0) throw badRequest(insufficientMessage);
  const after = Number(rows[0]!.balance_cents);
  // Issue 35: the statement's balance after each row, and its date by the clock now that the user's
  // row is locked (not the transaction's start), so an advertiser's rows keep their order by date.
  await tx.query(
    `INSERT INTO ledger_entries (user_id, amount_cents, kind, reference, note, balance_after_cents, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp())`,
    [
      entry.userId,
      entry.amountCents,
      entry.kind,
      entry.reference ?? null,
      entry.note ?? null,
      after,
    ],
  );
  // Design §2: notify once, when a debit takes the balance from $100 or more to below it.
  const low = LOW_BALANCE_DOLLARS * 100;
  if (after < low && after - entry.amountCents >= low) {
    await notify(tx, entry.userId, NOTIFICATION_TEXTS.lowBalance(after));
  }
  return after;
}

/** The sum of a user's ledger rows: what their balance must equal. */
export async function ledgerSumCents(db: Reader, userId: number): Promise<number> {
  const rows = await db.query<{ sum: number }>(
    'SELECT COALESCE(SUM(amount_cents), 0)::bigint AS sum FROM ledger_entries WHERE user_id = $1',
    [userId],
  );
  return Number(rows[0]!.sum);
}
