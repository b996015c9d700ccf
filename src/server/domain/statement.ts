import type { Reader } from '../db/db';
import type { Statement, StatementBody, StatementRow } from '../../shared/contract/statement';
import { centsToDollars } from '../../shared/money';
import {
  STATEMENT_KINDS,
  STATEMENT_PAGE_SIZE,
  type StatementKind,
} from '../../shared/statement-kinds';
import { localDayOf, localDayStart } from '../../shared/local-days';
import { addDays, resolveRange } from '../../shared/stats-range';
import { badRequest } from '../errors';
import type { LedgerKind } from './ledger';

/** The statement kind of each ledger kind: a new ledger kind fails the type check until it has one. */
const KIND_OF: Record<LedgerKind, StatementKind> = {
  deposit: 'deposit',
  'demo-grant': 'operator_credit',
  'campaign-funded': 'campaign_funded',
  'campaign-topped-up': 'top_up',
  'campaign-refund': 'refund',
  'operator-credit': 'operator_credit',
  'operator-debit': 'operator_debit',
  'click-refund': 'click_credit',
};
const kindOf = (kind: string): StatementKind => KIND_OF[kind as LedgerKind];

export const UNKNOWN_PAGE = 'Unknown page of the statement';

type LedgerRow = {
  id: number;
  created_at: Date;
  kind: string;
  amount_cents: number;
  balance_after_cents: number;
  note: string | null;
  campaign_username: string | null;
  package_name: string | null;
  deposit_id: number | null;
  coin_type: string | null;
  tx_hash: string | null;
};

/**
 * A row's reference (`campaign:<id>`, `transfer:<id>`, `deposit:<id>`, `operator:<id>`) as a kind and
 * an id; CASE, not a join condition, so no cast meets another kind's reference.
 */
const REFERENCE = `
  SELECT split_part(l.reference, ':', 1) AS kind,
         CASE WHEN l.reference ~ '^[a-z]+:[0-9]{1,18}$'
              THEN split_part(l.reference, ':', 2)::bigint END AS id`;

/**
 * The campaign a row concerns: the one funded, topped up or refunded, or the one an operator's click
 * credit named. A campaign deleted, or replaced by a new package, is gone from `campaigns`, but its
 * history entries keep its profile and package.
 */
const ROWS = `
  SELECT l.id, l.created_at, l.kind, l.amount_cents, l.balance_after_cents, l.note,
         cam.username AS campaign_username, cam.package_name,
         COALESCE(t.deposit_id, d.id) AS deposit_id, COALESCE(t.coin_type, d.coin_type) AS coin_type,
         -- ETH a contract sent, found by balance (log index -2), has no transaction of its own.
         CASE WHEN t.log_index = -2 THEN NULL ELSE COALESCE(t.tx_hash, d.tx_hash) END AS tx_hash
    FROM ledger_entries l
   CROSS JOIN LATERAL (${REFERENCE}) ref
    LEFT JOIN LATERAL (
      SELECT CASE WHEN ref.kind = 'campaign' THEN ref.id
                  WHEN ref.kind = 'operator' AND l.kind = 'click-refund' THEN
                    (SELECT (a.arguments ->> 'campaignId')::bigint FROM operator_actions a
                      WHERE a.id = ref.id)
             END AS id) rc ON true
    LEFT JOIN LATERAL (
      SELECT c.profile_username AS username, p.name AS package_name
        FROM campaigns c JOIN ad_packages p ON p.id = c.package_id
       WHERE c.id = rc.id AND c.user_id = l.user_id
      UNION ALL
      (SELECT h.profile_username, h.package_name FROM campaign_history h
        WHERE h.campaign_id = rc.id AND h.user_id = l.user_id ORDER BY h.id DESC)
      LIMIT 1) cam ON true
    LEFT JOIN chain_transfers t
      ON ref.kind = 'transfer' AND t.id = ref.id AND t.user_id = l.user_id
    LEFT JOIN deposits d ON ref.kind = 'deposit' AND d.id = ref.id AND d.user_id = l.user_id`;

function toRow(row: LedgerRow): StatementRow {
  const deposit =
    row.coin_type === null
      ? null
      : {
          id: row.deposit_id === null ? null : Number(row.deposit_id),
          coin: row.coin_type,
          tx_hash: row.tx_hash,
        };
  return {
    id: Number(row.id),
    at: new Date(row.created_at).toISOString(),
    kind: kindOf(row.kind),
    concerns: {
      campaign:
        row.campaign_username === null
          ? null
          : { username: row.campaign_username, package_name: row.package_name ?? '' },
      deposit,
      note: row.note,
    },
    amount: centsToDollars(Number(row.amount_cents)),
    balance_after: centsToDollars(Number(row.balance_after_cents)),
  };
}

/** The day of the advertiser's first ledger row in the zone ("All time" starts there). */
async function firstDay(db: Reader, userId: number, timeZone: string) {
  const [row] = await db.query<{ first: Date | null }>(
    'SELECT min(created_at) AS first FROM ledger_entries WHERE user_id = $1',
    [userId],
  );
  return row?.first ? localDayOf(timeZone, new Date(row.first).getTime()) : undefined;
}

/**
 * Issue 35: one page of the advertiser's statement over a range (days in their zone, from its own
 * midnight). Rows run by date (postLedgerEntry dates them once the balance is locked, so this is the
 * order the balance changed in); opening is the balance after the last row before the range, closing
 * is opening plus the range's rows, on every page. `cursor` is the last row of the page before.
 */
export async function accountStatement(
  db: Reader,
  userId: number,
  body: StatementBody,
  now = Date.now(),
): Promise<Statement> {
  const zone = body.time_zone;
  const first = body.range === 'all' ? await firstDay(db, userId, zone) : undefined;
  const range = resolveRange(body, now, first, { today: localDayOf(zone, now) });
  const start = new Date(localDayStart(zone, range.from)).toISOString();
  const end = new Date(localDayStart(zone, addDays(range.to, 1))).toISOString();

  if (body.cursor !== undefined) {
    const known = await db.query('SELECT 1 FROM ledger_entries WHERE id = $1 AND user_id = $2', [
      body.cursor,
      userId,
    ]);
    if (known.length === 0) throw badRequest(UNKNOWN_PAGE);
  }

  // One pass over the range's rows (from the index alone): each kind's sum, money in and out.
  const sums = await db.query<{
    kind: string;
    cents: number;
    rows: number;
    in: number;
    out: number;
  }>(
    `SELECT kind, sum(amount_cents)::bigint AS cents, count(*)::int AS rows,
            COALESCE(sum(amount_cents) FILTER (WHERE amount_cents > 0), 0)::bigint AS in,
            COALESCE(sum(amount_cents) FILTER (WHERE amount_cents < 0), 0)::bigint AS out
       FROM ledger_entries
      WHERE user_id = $1 AND created_at >= $2 AND created_at < $3
      GROUP BY kind`,
    [userId, start, end],
  );
  const [before] = await db.query<{ opening: number }>(
    `SELECT balance_after_cents AS opening FROM ledger_entries
      WHERE user_id = $1 AND created_at < $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId, start],
  );
  const rows = await db.query<LedgerRow>(
    `${ROWS}
      WHERE l.user_id = $1 AND l.created_at >= $2 AND l.created_at < $3
        AND ($4::bigint IS NULL OR (l.user_id, l.created_at, l.id) >
             (SELECT user_id, created_at, id FROM ledger_entries WHERE id = $4))
      ORDER BY l.created_at, l.id
      LIMIT ${STATEMENT_PAGE_SIZE + 1}`,
    [userId, start, end, body.cursor ?? null],
  );

  const byKindCents = Object.fromEntries(STATEMENT_KINDS.map(({ code }) => [code, 0])) as Record<
    StatementKind,
    number
  >;
  let [rowCount, moneyIn, moneyOut] = [0, 0, 0];
  for (const row of sums) {
    const code = kindOf(row.kind);
    byKindCents[code] += Number(row.cents);
    rowCount += Number(row.rows);
    moneyIn += Number(row.in);
    moneyOut += Number(row.out);
  }
  const opening = Number(before?.opening ?? 0);
  const page = rows.slice(0, STATEMENT_PAGE_SIZE);
  const more = rows.length > STATEMENT_PAGE_SIZE;
  return {
    range,
    opening_balance: centsToDollars(opening),
    closing_balance: centsToDollars(opening + moneyIn + moneyOut),
    totals: {
      money_in: centsToDollars(moneyIn),
      money_out: centsToDollars(moneyOut),
      by_kind: Object.fromEntries(
        Object.entries(byKindCents).map(([code, cents]) => [code, centsToDollars(cents)]),
      ) as Record<StatementKind, number>,
      rows: rowCount,
    },
    rows: page.map(toRow),
    next_cursor: more ? String(page[page.length - 1]!.id) : null,
  };
}
