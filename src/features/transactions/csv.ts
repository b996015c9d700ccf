import type { unparse } from 'papaparse';
import type { ListedTransaction } from '@/shared/contract/deposits';
import { statusNotes } from './labels';

/**
 * The history's CSV export: one row per deposit of the current filter. Issue 35: the date is local
 * (the zone in its header), the labels are the row's (labels.ts), and every payment's hash is kept.
 * No totals row: the screen shows none (only the count of rows, which the file's rows are).
 */
function csvColumns(timeZone: string): string[] {
  return [
    'ID',
    `Created (${timeZone})`,
    'Status',
    'Labels',
    'Amount (USD)',
    'Credited (USD)',
    'Coin',
    'Coin amount',
    'Received',
    'ETH/USD',
    'Hashes',
    'From',
    'To',
  ];
}

/** Several labels or hashes in one cell. */
const SEPARATOR = '; ';

/** `2025-03-05 13:00`: an instant as the minute it is in the zone (what a spreadsheet reads). */
function minuteFormat(timeZone: string): (at: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  return (at) => {
    const parts = Object.fromEntries(
      format.formatToParts(new Date(at)).map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
}

function csvRow(transaction: ListedTransaction, minute: (at: string) => string): string[] {
  return [
    String(transaction.id),
    minute(transaction.createdAt),
    transaction.status,
    statusNotes(transaction).join(SEPARATOR),
    transaction.amount.toFixed(2),
    transaction.creditedAmount.toFixed(2),
    transaction.coinType.toUpperCase(),
    transaction.ethAmount,
    transaction.receivedAmount,
    transaction.ethUsdPrice === null ? '' : transaction.ethUsdPrice.toFixed(2),
    transaction.hashes.join(SEPARATOR),
    transaction.from ?? '',
    transaction.to,
  ];
}

/**
 * The CSV text (RFC 4180, CRLF lines), dates in `timeZone` (the browser's, as the screen shows
 * them). A cell starting with = + - @, a tab or a carriage return is written with a leading ' so
 * that a spreadsheet shows it instead of running it as a formula.
 */
export function transactionsCsv(
  transactions: readonly ListedTransaction[],
  unparseCsv: typeof unparse,
  timeZone: string,
): string {
  const minute = minuteFormat(timeZone);
  return unparseCsv(
    {
      fields: csvColumns(timeZone),
      data: transactions.map((transaction) => csvRow(transaction, minute)),
    },
    { escapeFormulae: true },
  );
}

/** `transactions-2025-03-05.csv`, the day in the advertiser's time zone. */
export function csvFileName(day: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `transactions-${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}.csv`;
}
