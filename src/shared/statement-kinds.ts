/**
 * Issue 35: what a row of the account statement is, once for the server's answer, the screen, its
 * CSV and the printed statement (src/server/domain/statement.ts says which ledger kinds each one
 * gathers: the development seed's demo grant is the operator's credit it stands for).
 */
export const STATEMENT_KINDS = [
  { code: 'deposit', label: 'Deposit' },
  { code: 'campaign_funded', label: 'Campaign funded' },
  { code: 'top_up', label: 'Campaign top-up' },
  { code: 'refund', label: 'Campaign refund' },
  { code: 'click_credit', label: 'Invalid-click credit' },
  { code: 'operator_credit', label: 'Credit' },
  { code: 'operator_debit', label: 'Debit' },
] as const;

export type StatementKind = (typeof STATEMENT_KINDS)[number]['code'];
export const STATEMENT_KIND_CODES = STATEMENT_KINDS.map((kind) => kind.code) as [
  StatementKind,
  ...StatementKind[],
];

/** The label a row of this kind shows. */
export function statementKindLabel(code: StatementKind): string {
  return STATEMENT_KINDS.find((kind) => kind.code === code)?.label ?? code;
}

/** Rows a page of the statement holds. */
export const STATEMENT_PAGE_SIZE = 100;
