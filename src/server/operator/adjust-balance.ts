import { formatCents } from '../../shared/money';
import type { Db } from '../db/db';
import { postLedgerEntry } from '../domain/ledger';
import { notify } from '../domain/notifications';
import { finishAction, OperatorError, sentence, startAction } from './actions';

export interface BalanceAdjustment {
  direction: 'credit' | 'debit';
  email: string;
  /** Above 0: the command says which way. */
  amountCents: number;
  reason: string;
  key?: string;
}

export interface AdjustmentResult {
  actionId: number;
  userId: number;
  /** False when --key named an earlier run: that one did the work, this one nothing. */
  changed: boolean;
  summary: string;
}

/** What the advertiser is told; the operator's reason is theirs to read too (the help says so). */
export const ADJUSTMENT_TEXTS = {
  credit: (cents: number, reason: string) =>
    `${formatCents(cents)} was added to your balance by our support team: ${sentence(reason)}`,
  debit: (cents: number, reason: string) =>
    `${formatCents(cents)} was taken from your balance by our support team: ${sentence(reason)}`,
} as const;

/**
 * credit / debit: one ledger row with the operator's note (reference operator:<action id>), the
 * balance changed by it, a notification and the action's record, in one transaction. The advertiser's
 * row is locked first, as every balance change takes it: a debit sees the balance concurrent ones
 * left, and one the balance cannot cover changes nothing (design §2: never below zero).
 */
export async function adjustBalance(db: Db, input: BalanceAdjustment): Promise<AdjustmentResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.query<{ id: number; email: string; balance_cents: number }>(
      'SELECT id, email, balance_cents FROM users WHERE lower(email) = lower($1) FOR UPDATE',
      [input.email],
    );
    if (!user) {
      throw new OperatorError(`No advertiser has the e-mail ${input.email}. Nothing was changed.`);
    }
    const userId = Number(user.id);
    const action = await startAction(tx, {
      command: input.direction,
      arguments: { email: user.email, amountCents: input.amountCents },
      reason: input.reason,
      key: input.key,
    });
    if (action.earlier) {
      return {
        actionId: action.id,
        userId,
        changed: false,
        summary: `Nothing done: --key ${input.key} was used by action ${action.id}, which did this: ${action.earlier.result}`,
      };
    }
    const balance = Number(user.balance_cents);
    const amount = formatCents(input.amountCents);
    if (input.direction === 'debit' && balance < input.amountCents) {
      throw new OperatorError(
        `${user.email} has ${formatCents(balance)}: a debit of ${amount} would take the balance below zero. Nothing was changed.`,
      );
    }
    // Told before the low-balance notice the debit may bring (postLedgerEntry), which follows from it.
    await notify(tx, userId, ADJUSTMENT_TEXTS[input.direction](input.amountCents, input.reason));
    const after = await postLedgerEntry(tx, {
      userId,
      amountCents: input.direction === 'credit' ? input.amountCents : -input.amountCents,
      kind: input.direction === 'credit' ? 'operator-credit' : 'operator-debit',
      reference: `operator:${action.id}`,
      note: input.reason,
    });
    const done =
      input.direction === 'credit'
        ? `Credited ${amount} to ${user.email}`
        : `Debited ${amount} from ${user.email}`;
    const summary = `${done}; the balance is now ${formatCents(Number(after))} (action ${action.id}).`;
    await finishAction(tx, action.id, summary);
    return { actionId: action.id, userId, changed: true, summary };
  });
}
