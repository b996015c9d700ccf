import { describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { addMoney, pauseCampaign, removeCampaign } from '@/server/domain/campaigns/campaigns';
import { postLedgerEntry, type LedgerEntry } from '@/server/domain/ledger';
import { accountStatement } from '@/server/domain/statement';
import type { StatementBody, StatementConcerns, StatementRow } from '@/shared/contract/statement';
import { accountStatement as accountStatementCall } from '@/shared/contract/statement';
import { accountRow, advertiser, campaign as newCampaign } from '../../helpers/factories';
import { useTestApp, useTestDatabase } from '../../helpers/fixtures';
import { answerOf, databaseKinds } from '../../helpers/server';

/**
 * Issue 35 point 1: the account statement lists every ledger row of a range with the balance after
 * it, names what each concerns (also a campaign deleted since), and reconciles: opening + rows =
 * closing, and All time closes on the balance. Days begin at the zone's own midnight (+05:30 too).
 */

const NOW = Date.parse('2026-03-10T12:00:00Z');
const NY = 'America/New_York'; // -05:00 until 2026-03-08, -04:00 after
const KOLKATA = 'Asia/Kolkata'; // +05:30

const range = (time_zone: string, from?: string, to = from): StatementBody =>
  from === undefined ? { range: 'all', time_zone } : { range: 'custom', from, to, time_zone };

describe.each(databaseKinds())('the account statement on %s', (kind) => {
  const t = useTestDatabase(kind);
  let db: Db;
  let hashes = 0;

  async function post(userId: number, entry: Omit<LedgerEntry, 'userId'>, at: string) {
    await db.transaction((tx) => postLedgerEntry(tx, { userId, ...entry }));
    await dateLastRow(userId, at);
  }

  /** Dates the user's latest ledger row (the statement's order is by date). */
  async function dateLastRow(userId: number, at: string) {
    await db.query(
      `UPDATE ledger_entries SET created_at = $2
        WHERE id = (SELECT max(id) FROM ledger_entries WHERE user_id = $1)`,
      [userId, at],
    );
  }

  const txHash = () => `0x${String((hashes += 1)).padStart(64, 'a')}`;

  /** A payment on chain credited through the ledger, as the watcher credits it. */
  async function deposit(userId: number, cents: number, txHash: string, at: string) {
    const [request] = await db.query<{ id: number }>(
      `INSERT INTO deposits (user_id, coin_type, status, amount_cents, expected_units, chain_id,
                             wallet_address, from_block)
       VALUES ($1, 'usdc', 'confirmed', $2::bigint, $2::bigint * 10000, 31337, '0xabc', 1) RETURNING id`,
      [userId, cents],
    );
    const [transfer] = await db.query<{ id: number }>(
      `INSERT INTO chain_transfers (chain_id, tx_hash, log_index, deposit_id, from_address, units,
                                    block_number, user_id, coin_type, state, credited_cents)
       VALUES (31337, $1, 0, $2, '0xdef', $3::bigint * 10000, 5, $4, 'usdc', 'credited', $3::bigint)
       RETURNING id`,
      [txHash, request!.id, cents, userId],
    );
    await post(
      userId,
      { amountCents: cents, kind: 'deposit', reference: `transfer:${transfer!.id}` },
      at,
    );
    return Number(request!.id);
  }

  /** The advertiser of the walk: every kind of row over three days, the campaign deleted after. */
  async function history() {
    db = t.db;
    const { id: userId } = await accountRow(db, { name: 'books' });
    await post(
      userId,
      { amountCents: 50_000, kind: 'operator-credit', note: 'Welcome credit' },
      '2026-03-07T15:00:00Z',
    );
    const depositId = await deposit(userId, 30_000, txHash(), '2026-03-08T04:30:00Z');
    const { username } = await newCampaign(db, userId, { amountCents: 12_000 });
    await dateLastRow(userId, '2026-03-08T18:20:00Z');
    await addMoney(db, userId, username, 5_000);
    await dateLastRow(userId, '2026-03-09T09:00:00Z');
    const [action] = await db.query<{ id: number }>(
      `INSERT INTO operator_actions (command, arguments, reason, run_by)
       SELECT 'refund-clicks', jsonb_build_object('campaignId', id), 'Bot traffic', 'ops'
         FROM campaigns WHERE profile_username = $1 RETURNING id`,
      [username],
    );
    await post(
      userId,
      {
        amountCents: 120,
        kind: 'click-refund',
        reference: `operator:${action!.id}`,
        note: 'Bot traffic',
      },
      '2026-03-09T10:00:00Z',
    );
    await pauseCampaign(db, userId, username);
    await dateLastRow(userId, '2026-03-09T11:00:00Z');
    await removeCampaign(db, userId, username);
    await post(
      userId,
      { amountCents: -1_000, kind: 'operator-debit', note: 'Chargeback fee' },
      '2026-03-10T08:00:00Z',
    );
    return { userId, username, depositId, hash: `0x${String(hashes).padStart(64, 'a')}` };
  }

  it('lists every row with the balance after it, and All time closes on the balance', async () => {
    const { userId, username, depositId, hash } = await history();
    const statement = await accountStatement(db.read, userId, range('UTC'), NOW);
    const campaign = { username, package_name: 'Main Categories' };
    const none: StatementConcerns = { campaign: null, deposit: null, note: null };
    const row = (
      kind: StatementRow['kind'],
      at: string,
      amount: number,
      after: number,
      concerns = none,
    ) => expect.objectContaining({ kind, at, amount, balance_after: after, concerns });
    expect(statement.rows).toEqual([
      row('operator_credit', '2026-03-07T15:00:00.000Z', 500, 500, {
        ...none,
        note: 'Welcome credit',
      }),
      row('deposit', '2026-03-08T04:30:00.000Z', 300, 800, {
        ...none,
        deposit: { id: depositId, coin: 'usdc', tx_hash: hash },
      }),
      row('campaign_funded', '2026-03-08T18:20:00.000Z', -120, 680, { ...none, campaign }),
      row('top_up', '2026-03-09T09:00:00.000Z', -50, 630, { ...none, campaign }),
      row('click_credit', '2026-03-09T10:00:00.000Z', 1.2, 631.2, {
        ...none,
        campaign,
        note: 'Bot traffic',
      }),
      row('refund', '2026-03-09T11:00:00.000Z', 170, 801.2, { ...none, campaign }),
      row('operator_debit', '2026-03-10T08:00:00.000Z', -10, 791.2, {
        ...none,
        note: 'Chargeback fee',
      }),
    ]);
    expect(statement.range).toEqual({
      from: '2026-03-07',
      to: '2026-03-10',
      time_zone: 'UTC',
      utc_offset: '+00:00',
      counted_offset: '+00:00',
      rounded: false,
    });
    expect(statement.opening_balance).toBe(0);
    expect(statement.closing_balance).toBe(791.2);
    const [user] = await db.query<{ balance_cents: number }>(
      'SELECT balance_cents FROM users WHERE id = $1',
      [userId],
    );
    expect(Number(user!.balance_cents)).toBe(79_120);
    expect(statement.totals).toEqual({
      money_in: 971.2,
      money_out: -180,
      by_kind: {
        deposit: 300,
        campaign_funded: -120,
        top_up: -50,
        refund: 170,
        click_credit: 1.2,
        operator_credit: 500,
        operator_debit: -10,
      },
      rows: 7,
    });
    expect(statement.next_cursor).toBeNull();
  });

  it('counts days from the zone’s own midnight, a half-hour offset included', async () => {
    const { userId } = await history();
    // 04:30 UTC on Mar 8 is still Mar 7 in New York (-05:00): the deposit belongs to the 7th there.
    const ny7 = await accountStatement(db.read, userId, range(NY, '2026-03-07'), NOW);
    expect(ny7.rows.map((row) => row.kind)).toEqual(['operator_credit', 'deposit']);
    expect([ny7.opening_balance, ny7.closing_balance]).toEqual([0, 800]);
    const utc8 = await accountStatement(db.read, userId, range('UTC', '2026-03-08'), NOW);
    expect(utc8.rows.map((row) => row.kind)).toEqual(['deposit', 'campaign_funded']);
    expect([utc8.opening_balance, utc8.closing_balance]).toEqual([500, 680]);
    // 18:20 UTC on Mar 8 is 23:50 in Kolkata (+05:30): the 8th there, not the 9th a rounded +06:00 gives.
    const kolkata8 = await accountStatement(db.read, userId, range(KOLKATA, '2026-03-08'), NOW);
    expect(kolkata8.rows.map((row) => row.kind)).toEqual(['deposit', 'campaign_funded']);
    expect(kolkata8.range.utc_offset).toBe('+05:30');
    expect(kolkata8.range.rounded).toBe(false);
    const kolkata9 = await accountStatement(
      db.read,
      userId,
      range(KOLKATA, '2026-03-09', '2026-03-10'),
      NOW,
    );
    expect(kolkata9.rows.map((row) => row.kind)).toEqual([
      'top_up',
      'click_credit',
      'refund',
      'operator_debit',
    ]);
    expect([kolkata9.opening_balance, kolkata9.closing_balance]).toEqual([680, 791.2]);
    expect(kolkata9.totals.money_in).toBe(171.2);
    expect(kolkata9.totals.money_out).toBe(-60);
    // A day without rows opens and closes on the balance it had.
    const empty = await accountStatement(
      db.read,
      userId,
      range('UTC', '2026-03-05', '2026-03-06'),
      NOW,
    );
    expect(empty).toMatchObject({
      opening_balance: 0,
      closing_balance: 0,
      rows: [],
      next_cursor: null,
    });
    const after = await accountStatement(db.read, userId, range('UTC', '2026-03-10'), NOW);
    expect([after.opening_balance, after.closing_balance]).toEqual([801.2, 791.2]);
  });

  it('pages through a long range with the same opening, closing and totals on every page', async () => {
    db = t.db;
    const { id: userId } = await accountRow(db, { name: 'pages' });
    await db.transaction(async (tx) => {
      for (let n = 1; n <= 230; n += 1) {
        await postLedgerEntry(tx, {
          userId,
          amountCents: n,
          kind: 'operator-credit',
          note: `#${n}`,
        });
      }
    });
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await accountStatement(db.read, userId, { ...range('UTC'), cursor }, Date.now());
      pages.push(page);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(pages.map((page) => page.rows.length)).toEqual([100, 100, 30]);
    const closing = (230 * 231) / 2 / 100;
    for (const page of pages) {
      expect([page.opening_balance, page.closing_balance, page.totals.rows]).toEqual([
        0,
        closing,
        230,
      ]);
    }
    const rows = pages.flatMap((page) => page.rows);
    expect(rows.map((row) => row.concerns.note)).toEqual(
      Array.from({ length: 230 }, (_, i) => `#${i + 1}`),
    );
    let balance = 0;
    for (const row of rows) {
      balance = Math.round((balance + row.amount) * 100) / 100;
      expect(row.balance_after).toBe(balance);
    }
    expect(balance).toBe(closing);
  });

  it('names no hash for ETH a contract sent, found by the balance it raised (log index -2)', async () => {
    db = t.db;
    const { id: userId } = await accountRow(db, { name: 'contract' });
    const [transfer] = await db.query<{ id: number }>(
      `INSERT INTO chain_transfers (chain_id, tx_hash, log_index, from_address, units,
                                    block_number, user_id, coin_type, state, credited_cents)
       VALUES (31337, $1, -2, '0xdef', 10::numeric ^ 17, 5, $2, 'eth', 'credited', 25000)
       RETURNING id`,
      [`0x${'b'.repeat(64)}`, userId],
    );
    await post(
      userId,
      { amountCents: 25_000, kind: 'deposit', reference: `transfer:${transfer!.id}` },
      '2026-03-09T10:00:00Z',
    );
    const { rows } = await accountStatement(db.read, userId, range('UTC'), NOW);
    expect(rows.map(({ concerns }) => concerns.deposit)).toEqual([
      { id: null, coin: 'eth', tx_hash: null },
    ]);
  });

  it('gives a row written without its balance after (the version before, mid-deploy) the balance', async () => {
    db = t.db;
    const { id: userId } = await accountRow(db, { name: 'old-process', balanceCents: 1_000 });
    // As the version before 0270 wrote a credit: the balance, then the row without balance_after.
    await db.transaction(async (tx) => {
      await tx.query('UPDATE users SET balance_cents = balance_cents + 250 WHERE id = $1', [
        userId,
      ]);
      await tx.query(
        `INSERT INTO ledger_entries (user_id, amount_cents, kind, note)
         VALUES ($1, 250, 'operator-credit', 'Goodwill')`,
        [userId],
      );
    });
    const { rows, closing_balance } = await accountStatement(
      db.read,
      userId,
      range('UTC'),
      Date.now(),
    );
    expect(rows.map((row) => [row.amount, row.balance_after])).toEqual([
      [10, 10],
      [2.5, 12.5],
    ]);
    expect(closing_balance).toBe(12.5);
  });

  it('refuses a page of another advertiser’s statement', async () => {
    db = t.db;
    const mine = await accountRow(db, { name: 'mine', balanceCents: 500 });
    const theirs = await accountRow(db, { name: 'theirs', balanceCents: 700 });
    const [their] = await db.query<{ id: number }>(
      'SELECT id FROM ledger_entries WHERE user_id = $1',
      [theirs.id],
    );
    await expect(
      accountStatement(
        db.read,
        mine.id,
        { ...range('UTC'), cursor: String(their!.id) },
        Date.now(),
      ),
    ).rejects.toThrow('Unknown page of the statement');
  });
});

describe.each(databaseKinds())('POST /api/account/statement on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers the signed-in advertiser’s own rows, checked against its declared answer', async () => {
    const me = await advertiser(t.server, { balanceCents: 25_000 });
    await advertiser(t.server, { balanceCents: 90_000 });
    const zone = 'Europe/Berlin';
    const statement = answerOf(
      await me.client.call(accountStatementCall, { range: 'all', time_zone: zone }),
    );
    expect(statement).toMatchObject({
      success: true,
      opening_balance: 0,
      closing_balance: 250,
      next_cursor: null,
      totals: { money_in: 250, money_out: 0, rows: 1 },
    });
    expect(statement.rows).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        kind: 'operator_credit',
        concerns: { campaign: null, deposit: null, note: null },
        amount: 250,
        balance_after: 250,
      },
    ]);
    // All time runs from the day of the first row to today (a row just before midnight: the day before).
    expect(statement.range.from <= statement.range.to).toBe(true);
  });

  it('refuses a bad range, a page that is not the advertiser’s, and a visitor', async () => {
    const me = await advertiser(t.server, { balanceCents: 100 });
    const other = await advertiser(t.server, { balanceCents: 100 });
    const [their] = await t.db.query<{ id: number }>(
      'SELECT id FROM ledger_entries WHERE user_id = $1',
      [other.id],
    );
    const refused = async (
      body: Parameters<typeof me.client.call<typeof accountStatementCall>>[1],
    ) => {
      const answer = await me.client.call(accountStatementCall, body);
      return [answer.status, answer.body];
    };
    expect(
      await refused({ range: 'custom', from: '2026-03-09', to: '2026-03-01', time_zone: 'UTC' }),
    ).toEqual([400, { success: false, message: 'The first day must not be after the last day' }]);
    expect(await refused({ range: 'all', time_zone: 'Mars/Olympus' })).toEqual([
      400,
      { success: false, message: 'Unknown time zone' },
    ]);
    expect(await refused({ range: 'all', time_zone: 'UTC', cursor: String(their!.id) })).toEqual([
      400,
      { success: false, message: 'Unknown page of the statement' },
    ]);
    expect(await refused({ range: 'all', time_zone: 'UTC', cursor: 'abc' })).toEqual([
      400,
      { success: false, message: 'Unknown page of the statement' },
    ]);
    const visitor = await t.server
      .client()
      .call(accountStatementCall, { range: 'all', time_zone: 'UTC' });
    expect(visitor.status).toBe(401);
  });
});
