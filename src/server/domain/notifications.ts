import type { Queryable } from '../db/db';

/**
 * Writes a notification for the user inside the caller's transaction, so it exists exactly when the
 * event it tells of does (design §2: deposits, campaigns, low balance).
 */
export async function notify(tx: Queryable, userId: number, message: string): Promise<void> {
  await tx.query('INSERT INTO notifications (user_id, message) VALUES ($1, $2)', [userId, message]);
}
