import { shortHash } from '@/lib/short-hash';
import type { StatementConcerns, StatementRow } from '@/shared/contract/statement';
import { statementKindLabel } from '@/shared/statement-kinds';

/**
 * Issue 35: how a statement row reads, the same on the screen, in the CSV and on paper: its kind's
 * label, what it concerns, its date in the statement's time zone.
 */

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    formats.set(key, formatter);
  }
  return formatter;
}

/** `Mar 8, 2026, 11:50 PM` in the zone. */
export function rowTime(at: string, timeZone: string): string {
  return format(timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}

/** `2026-03-08` and `23:50` in the zone (the CSV's columns). */
export function rowDayAndTime(at: string, timeZone: string): [day: string, time: string] {
  const parts = Object.fromEntries(
    format(timeZone, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return [`${parts.year}-${parts.month}-${parts.day}`, `${parts.hour}:${parts.minute}`];
}

/** `Mar 1, 2026` for a `YYYY-MM-DD` day. */
export function dayText(day: string): string {
  return format('UTC', { dateStyle: 'medium' }).format(new Date(`${day}T00:00:00Z`));
}

/** What the row concerns, in words: `@ava · Main Categories`, `USDC payment 0x12ab…cdef`. */
export function concernsText(concerns: StatementConcerns, shortHashes = true): string {
  const parts: string[] = [];
  if (concerns.campaign) {
    parts.push(`@${concerns.campaign.username} · ${concerns.campaign.package_name}`);
  }
  if (concerns.deposit) {
    const hash = concerns.deposit.tx_hash;
    const coin = concerns.deposit.coin.toUpperCase();
    parts.push(
      hash === null ? `${coin} payment` : `${coin} payment ${shortHashes ? shortHash(hash) : hash}`,
    );
  }
  if (concerns.note) parts.push(concerns.note);
  return parts.join(' · ');
}

export const kindText = (row: Pick<StatementRow, 'kind'>) => statementKindLabel(row.kind);

/** `+$300.00`, `-$120.00`: a statement's amounts carry their sign. */
export function signedMoney(amount: number, formatMoney: (dollars: number) => string): string {
  return amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount);
}
