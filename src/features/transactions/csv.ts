import type { unparse } from 'papaparse';
import type { Transaction } from '@/shared/contract/deposits';

/** The history's CSV export: one row per deposit of the current filter. */
const CSV_COLUMNS = [
  'ID',
  'Created',
  'Status',
  'Amount (USD)',
  'Credited (USD)',
  'Coin',
  'Coin amount',
  'Received',
  'ETH/USD',
  'Hash',
  'From',
  'To',
] as const;

function csvRow(transaction: Transaction): string[] {
  return [
    String(transaction.id),
    transaction.createdAt,
    transaction.status,
    transaction.amount.toFixed(2),
    transaction.creditedAmount.toFixed(2),
    transaction.coinType.toUpperCase(),
    transaction.ethAmount,
    transaction.receivedAmount,
    transaction.ethUsdPrice === null ? '' : transaction.ethUsdPrice.toFixed(2),
    transaction.hash ?? '',
    transaction.from ?? '',
    transaction.to,
  ];
}

/**
 * The CSV text (RFC 4180, CRLF lines). A cell starting with = + - @, a tab or a carriage return is
 * written with a leading ' so that a spreadsheet shows it instead of running it as a formula.
 */
export function transactionsCsv(
  transactions: readonly Transaction[],
  unparseCsv: typeof unparse,
): string {
  return unparseCsv(
    { fields: [...CSV_COLUMNS], data: transactions.map(csvRow) },
    { escapeFormulae: true },
  );
}

/** `transactions-2025-03-05.csv`, the day in the advertiser's time zone. */
export function csvFileName(day: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `transactions-${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}.csv`;
}
