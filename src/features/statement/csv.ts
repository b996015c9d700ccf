import type { unparse } from 'papaparse';
import type { Statement } from '@/shared/contract/statement';
import { kindText, rowDayAndTime } from './describe';

/**
 * Issue 35: the statement's CSV: the opening balance, one line per ledger row with its local date
 * (the zone in the header) and what it concerns, the closing balance with the range's net change;
 * amounts signed, in dollars with two decimals.
 */
export function statementCsv(statement: Statement, unparseCsv: typeof unparse): string {
  const zone = statement.range.time_zone;
  const money = (dollars: number) => dollars.toFixed(2);
  const blank = ['', '', '', '', ''];
  const data = [
    [statement.range.from, '', 'Opening balance', ...blank, '', money(statement.opening_balance)],
    ...statement.rows.map((row) => [
      ...rowDayAndTime(row.at, zone),
      kindText(row),
      row.concerns.campaign?.username ?? '',
      row.concerns.campaign?.package_name ?? '',
      row.concerns.deposit?.coin.toUpperCase() ?? '',
      row.concerns.deposit?.tx_hash ?? '',
      row.concerns.note ?? '',
      money(row.amount),
      money(row.balance_after),
    ]),
    [
      statement.range.to,
      '',
      'Closing balance',
      ...blank,
      money(statement.totals.money_in + statement.totals.money_out),
      money(statement.closing_balance),
    ],
  ];
  return unparseCsv(
    {
      fields: [
        `Date (${zone})`,
        'Time',
        'Kind',
        'Campaign',
        'Package',
        'Coin',
        'Transaction hash',
        'Note',
        'Amount (USD)',
        'Balance after (USD)',
      ],
      data,
    },
    // A leading = + - @ is written with a ' (no formula runs), but a signed amount stays a number.
    { escapeFormulae: /^[=+\-@\t\r](?!\d+(\.\d+)?$)/ },
  );
}

/** `statement-2026-03-01-to-2026-03-31.csv`. */
export function statementFileName(statement: Statement): string {
  return `statement-${statement.range.from}-to-${statement.range.to}.csv`;
}
