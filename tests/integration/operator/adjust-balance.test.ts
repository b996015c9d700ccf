import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { OperatorError } from '@/server/operator/actions';
import { adjustBalance } from '@/server/operator/adjust-balance';
import { balanceCentsOf, notificationsOf } from '../../helpers/deposits';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';
import { moneyInvariantViolations } from '../../reliability/support/invariants';
import { advertiser, ledgerOf, operatorActions } from './support';

/**
 * Issue 20, point 5: the operator credits or debits an advertiser: one ledger row with the
 * operator's note, the balance changed with it, a notification, and the action on record; a debit
 * never takes the balance below zero.
 */
describe.each(databaseKinds())('credit and debit on %s', (kind) => {
  const t = useTestDatabase(kind);
  let db: Db;

  beforeAll(() => {
    db = t.db;
  });
  afterAll(async () => {
    expect(await moneyInvariantViolations(db)).toEqual([]);
  });

  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(OperatorError);
    return (error as OperatorError).message;
  };

  it('credits: a ledger row with the note, the new balance, a notification and the action', async () => {
    const ava = await advertiser(db, 'ava', 5_000);
    const before = (await operatorActions(db)).length;
    const result = await adjustBalance(db, {
      direction: 'credit',
      email: ava.email.toUpperCase(),
      amountCents: 1_250,
      reason: 'Goodwill for the outage of 3 May',
      key: undefined,
    });
    const actionId = result.actionId;
    const summary = `Credited $12.50 to ${ava.email}; the balance is now $62.50 (action ${actionId}).`;
    expect(result).toEqual({ actionId, userId: ava.id, changed: true, summary });
    expect(await balanceCentsOf(db, ava.id)).toBe(6_250);
    expect(await ledgerOf(db, ava.id)).toEqual([
      { amount_cents: 5_000, kind: 'demo-grant', reference: null, note: null },
      {
        amount_cents: 1_250,
        kind: 'operator-credit',
        reference: `operator:${actionId}`,
        note: 'Goodwill for the outage of 3 May',
      },
    ]);
    expect(await notificationsOf(db, ava.id)).toEqual([
      '$12.50 was added to your balance by our support team: Goodwill for the outage of 3 May.',
    ]);
    const actions = await operatorActions(db);
    expect(actions.slice(before)).toEqual([
      {
        id: actionId,
        command: 'credit',
        arguments: { email: ava.email, amountCents: 1_250 },
        reason: 'Goodwill for the outage of 3 May',
        result: summary,
        key: null,
      },
    ]);
  });

  it('debits to exactly zero, and tells of the low balance after the debit itself', async () => {
    const ben = await advertiser(db, 'ben', 15_000);
    const first = await adjustBalance(db, {
      direction: 'debit',
      email: ben.email,
      amountCents: 6_000,
      reason: 'Chargeback on deposit 41.',
      key: undefined,
    });
    expect(first.summary).toBe(
      `Debited $60.00 from ${ben.email}; the balance is now $90.00 (action ${first.actionId}).`,
    );
    const second = await adjustBalance(db, {
      direction: 'debit',
      email: ben.email,
      amountCents: 9_000,
      reason: 'Chargeback on deposit 42.',
      key: undefined,
    });
    expect(second.summary).toBe(
      `Debited $90.00 from ${ben.email}; the balance is now $0.00 (action ${second.actionId}).`,
    );
    expect(await balanceCentsOf(db, ben.id)).toBe(0);
    expect((await ledgerOf(db, ben.id)).map((row) => [row.amount_cents, row.kind])).toEqual([
      [15_000, 'demo-grant'],
      [-6_000, 'operator-debit'],
      [-9_000, 'operator-debit'],
    ]);
    expect(await notificationsOf(db, ben.id)).toEqual([
      '$60.00 was taken from your balance by our support team: Chargeback on deposit 41.',
      'Your balance is now $90.00, below $100.00. Top up your balance to keep using all features.',
      '$90.00 was taken from your balance by our support team: Chargeback on deposit 42.',
    ]);
  });

  it('refuses a debit the balance cannot cover, and an unknown e-mail, changing nothing', async () => {
    const cleo = await advertiser(db, 'cleo', 5_000);
    const before = await operatorActions(db);
    expect(
      await refusal(
        adjustBalance(db, {
          direction: 'debit',
          email: cleo.email,
          amountCents: 5_001,
          reason: 'Chargeback',
          key: undefined,
        }),
      ),
    ).toBe(
      `${cleo.email} has $50.00: a debit of $50.01 would take the balance below zero. Nothing was changed.`,
    );
    expect(
      await refusal(
        adjustBalance(db, {
          direction: 'credit',
          email: 'nobody@example.com',
          amountCents: 100,
          reason: 'Goodwill',
          key: undefined,
        }),
      ),
    ).toBe('No advertiser has the e-mail nobody@example.com. Nothing was changed.');
    expect(await balanceCentsOf(db, cleo.id)).toBe(5_000);
    expect(await ledgerOf(db, cleo.id)).toHaveLength(1);
    expect(await notificationsOf(db, cleo.id)).toEqual([]);
    expect(await operatorActions(db)).toEqual(before);
  });

  it('does the work of a --key once: a second run does nothing, another command with it is refused', async () => {
    const dan = await advertiser(db, 'dan', 0);
    const credit = {
      direction: 'credit',
      email: dan.email,
      amountCents: 2_000,
      reason: 'Ticket 7: refund of a double charge',
      key: `ticket-7-${kind}`,
    } as const;
    const first = await adjustBalance(db, credit);
    const again = await adjustBalance(db, { ...credit, reason: 'Ticket 7 again' });
    expect(again).toEqual({
      actionId: first.actionId,
      userId: dan.id,
      changed: false,
      summary: `Nothing done: --key ticket-7-${kind} was used by action ${first.actionId}, which did this: ${first.summary}`,
    });
    expect(await refusal(adjustBalance(db, { ...credit, amountCents: 2_001 }))).toBe(
      `--key ticket-7-${kind} was used by action ${first.actionId} for another command or other options. Nothing was changed.`,
    );
    expect(await refusal(adjustBalance(db, { ...credit, direction: 'debit' }))).toBe(
      `--key ticket-7-${kind} was used by action ${first.actionId} for another command or other options. Nothing was changed.`,
    );
    expect(await balanceCentsOf(db, dan.id)).toBe(2_000);
    expect(await notificationsOf(db, dan.id)).toEqual([
      '$20.00 was added to your balance by our support team: Ticket 7: refund of a double charge.',
    ]);
  });

  it('runs at the same moment without a balance below zero or a key used twice', async () => {
    const eve = await advertiser(db, 'eve', 10_000);
    const debit = (reason: string) =>
      adjustBalance(db, {
        direction: 'debit',
        email: eve.email,
        amountCents: 6_000,
        reason,
        key: undefined,
      });
    const debits = await Promise.allSettled([debit('First'), debit('Second')]);
    expect(debits.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const credit = () =>
      adjustBalance(db, {
        direction: 'credit',
        email: eve.email,
        amountCents: 500,
        reason: 'Goodwill',
        key: `eve-${kind}`,
      });
    const credits = await Promise.all([credit(), credit()]);
    expect(credits.map((result) => result.changed).sort()).toEqual([false, true]);
    expect(await balanceCentsOf(db, eve.id)).toBe(4_500);
  });
});
