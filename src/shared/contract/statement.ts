import * as v from 'valibot';
import { STATEMENT_KIND_CODES } from '../statement-kinds';
import { endpoint } from './endpoint';
import { customRangeCheck, RANGE_ENTRIES, ResolvedRange } from './stats';

/**
 * Issue 35: the account statement, where the balance reconciles. Every ledger row of the range, oldest
 * first, with the balance after it; the range's opening and closing balances and totals on every
 * page (opening + the rows' amounts = closing, to the cent). Days begin at the zone's own midnight.
 */
const StatementObject = v.object({
  ...RANGE_ENTRIES,
  /** The `next_cursor` of the page before; none for the first page. */
  cursor: v.optional(
    v.pipe(
      v.string('Unknown page of the statement'),
      v.regex(/^\d{1,18}$/, 'Unknown page of the statement'),
    ),
  ),
});
export const StatementBody = v.pipe(
  StatementObject,
  customRangeCheck<v.InferOutput<typeof StatementObject>>(),
);
export type StatementBody = v.InferOutput<typeof StatementBody>;

export const StatementKind = v.picklist(STATEMENT_KIND_CODES);

/** What a row is about; each part null when it does not apply. */
export const StatementConcerns = v.object({
  /** The campaign funded, topped up, refunded or credited, also after it was deleted or replaced. */
  campaign: v.nullable(v.object({ username: v.string(), package_name: v.string() })),
  /** The payment credited: its deposit request (null for one that arrived without one) and transaction. */
  deposit: v.nullable(
    v.object({ id: v.nullable(v.number()), coin: v.string(), tx_hash: v.nullable(v.string()) }),
  ),
  /** The operator's reason for a credit or debit. */
  note: v.nullable(v.string()),
});
export type StatementConcerns = v.InferOutput<typeof StatementConcerns>;

export const StatementRow = v.object({
  id: v.number(),
  /** ISO time the balance changed. */
  at: v.string(),
  kind: StatementKind,
  concerns: StatementConcerns,
  /** Dollars, signed: + adds to the balance. */
  amount: v.number(),
  balance_after: v.number(),
});
export type StatementRow = v.InferOutput<typeof StatementRow>;

export const StatementTotals = v.object({
  /** Dollars in (positive) and out (negative) over the range. */
  money_in: v.number(),
  money_out: v.number(),
  /** Each kind's signed sum over the range. */
  by_kind: v.object(
    Object.fromEntries(STATEMENT_KIND_CODES.map((code) => [code, v.number()])) as Record<
      (typeof STATEMENT_KIND_CODES)[number],
      v.NumberSchema<undefined>
    >,
  ),
  rows: v.number(),
});
export type StatementTotals = v.InferOutput<typeof StatementTotals>;

export const StatementResponse = v.object({
  success: v.literal(true),
  range: ResolvedRange,
  opening_balance: v.number(),
  closing_balance: v.number(),
  totals: StatementTotals,
  rows: v.array(StatementRow),
  /** Send it as `cursor` for the next page; null on the last. */
  next_cursor: v.nullable(v.string()),
});
export type Statement = Omit<v.InferOutput<typeof StatementResponse>, 'success'>;

export const accountStatement = endpoint({
  method: 'POST',
  path: 'account/statement',
  body: StatementBody,
  response: StatementResponse,
  access: 'read',
  offline: true,
});
