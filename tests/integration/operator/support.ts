import type { Db } from '@/server/db/db';
import { accountRow } from '../../helpers/factories';

/** Small factories and readers the operator command tests share. */

/** A new advertiser `<name>-<n>@example.com` with `balanceCents` granted through the ledger. */
export async function advertiser(
  db: Db,
  name: string,
  balanceCents: number,
): Promise<{ id: number; email: string }> {
  const { id, email } = await accountRow(db, { name, balanceCents });
  return { id, email };
}

/** The advertiser's ledger rows, oldest first. */
export async function ledgerOf(db: Db, userId: number) {
  const rows = await db.query<{
    amount_cents: number;
    kind: string;
    reference: string | null;
    note: string | null;
  }>(
    'SELECT amount_cents, kind, reference, note FROM ledger_entries WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

/** The operator actions recorded, oldest first. */
export async function operatorActions(db: Db) {
  const rows = await db.query<{
    id: number;
    command: string;
    arguments: unknown;
    reason: string;
    result: string | null;
    key: string | null;
  }>('SELECT id, command, arguments, reason, result, key FROM operator_actions ORDER BY id');
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    // postgres.js hands jsonb back parsed, PGlite too; a string would be a driver change.
    arguments: typeof row.arguments === 'string' ? JSON.parse(row.arguments) : row.arguments,
  }));
}
