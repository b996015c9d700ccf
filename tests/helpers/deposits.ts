import { expect } from 'vitest';
import type { Db } from '@/server/db/db';
import { topUpBalance, type CoinType, type Transaction } from '@/shared/contract/deposits';
import { answerOf, type TestClient } from './server';

/** What the deposit tests read of an advertiser and the calls they make, written once. */

/** The advertiser's balance in cents, as the users row keeps it. */
export async function balanceCentsOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.query<{ b: number }>(
    'SELECT balance_cents AS b FROM users WHERE id = $1',
    [userId],
  );
  return Number(row!.b);
}

/** The advertiser's notifications, oldest first. */
export async function notificationsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.query<{ message: string }>(
    'SELECT message FROM notifications WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((row) => row.message);
}

/** Opens a deposit request (top-up-balance-v2), which must be created (201). */
export async function openDeposit(
  client: TestClient,
  amount: number,
  coinType: CoinType,
): Promise<Transaction> {
  const response = await client.call(topUpBalance, { amount, coinType });
  expect(response.status).toBe(201);
  return answerOf(response, 201).data;
}
