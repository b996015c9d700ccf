import type { Db } from '../../db/db';
import { consumeToken, voidTokens } from './tokens';

/**
 * Uses a mailed sign-in link (issue 32 point 2): its user, or undefined when the link is unknown,
 * used or expired. Using one voids the account's other sign-in links.
 */
export async function spendSignInLink(db: Db, token: string): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'sign-in');
    if (userId !== undefined) await voidTokens(tx, userId, 'sign-in');
    return userId;
  });
}
