import { PROFILE_MESSAGES } from '../../../shared/contract/profile';
import { VERIFICATION_MESSAGES } from '../../../shared/contract/verification';
import type { Db, Tx } from '../../db/db';
import { badRequest, conflict } from '../../errors';
import { checkNewPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { consumeOwnToken, consumeToken, issueToken, voidTokens } from './tokens';
import { findUserByEmail, findUserById, type UserRow } from './users';

/**
 * Issue 16 point 8, free of HTTP: the username and e-mail of an account, its verification link and
 * the first password of an account made by partner login. Every change of the users row moves the
 * read cache's generation (a write through the database: db/changes.ts; on PostgreSQL the row's
 * trigger tells the other processes, migration 0050), so the next check-auth reads the new row.
 */

type UserRecord = UserRow & Record<string, unknown>;

/** PostgreSQL's unique_violation: the username or e-mail belongs to another account. */
const UNIQUE_VIOLATION = '23505';

/**
 * Runs a write that another account's username or e-mail may refuse, and answers undefined when one
 * did. Each statement checks for the other account first (NOT EXISTS): on PostgreSQL a statement that
 * fails inside a request's transaction (an Idempotency-Key's) fails that whole transaction, savepoint
 * or not. The unique index still decides a race between two such writes; its refusal is caught here
 * when the write runs in a transaction of its own.
 */
async function unlessTaken<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T | undefined> {
  try {
    return await db.transaction(write);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION) return undefined;
    throw error;
  }
}

/** Gives the account this username; 409 when another account has it (in any letter case). */
export async function changeUsername(db: Db, userId: number, username: string): Promise<UserRow> {
  const user = await unlessTaken(db, async (tx) => {
    const rows = await tx.query<UserRecord>(
      `UPDATE users SET username = $2, updated_at = now()
        WHERE id = $1
          AND NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($2) AND id <> $1)
        RETURNING *`,
      [userId, username],
    );
    return rows[0];
  });
  if (!user) throw conflict(PROFILE_MESSAGES.usernameTaken);
  return user;
}

/**
 * The account, once its current password is proven: 400 when it has none (partner login made it:
 * its owner knows) or when this is not it.
 */
export async function checkCurrentPassword(
  db: Db,
  userId: number,
  password: string,
): Promise<UserRow> {
  const user = await findUserById(db.read, userId);
  if (!user?.password_hash) throw badRequest(PROFILE_MESSAGES.noPassword);
  if (!(await verifyPassword(password, user.password_hash)))
    throw badRequest(PROFILE_MESSAGES.wrongPassword);
  return user;
}

export type EmailChangeRequest =
  /** The link for the new address. */
  | { token: string }
  /** The address belongs to another account: no link; its owner is told instead. */
  | { takenBy: UserRow };

/**
 * Asks for the account's e-mail to become `newEmail`: a link (the newest only) to confirm it with,
 * unless another account has the address. An earlier change not yet confirmed is void either way.
 */
export async function requestEmailChange(
  db: Db,
  user: UserRow,
  newEmail: string,
): Promise<EmailChangeRequest> {
  if (newEmail.toLowerCase() === user.email.toLowerCase())
    throw badRequest(PROFILE_MESSAGES.sameEmail);
  const userId = Number(user.id);
  return db.transaction(async (tx) => {
    const owner = await findUserByEmail(tx, newEmail);
    if (owner) {
      await voidTokens(tx, userId, 'change-email');
      return { takenBy: owner };
    }
    return { token: await issueToken(tx, userId, 'change-email', newEmail) };
  });
}

/**
 * Makes the address of the caller's change-email link the account's e-mail, verified (the link
 * proved it). 400 when the link is unknown, used, expired or another account's (which stays unused);
 * 409 when another account took the address meanwhile. Links mailed to the previous address (reset,
 * verification) stop working: that mailbox no longer speaks for the account.
 */
export async function confirmEmailChange(
  db: Db,
  userId: number,
  token: string,
  currentSessionId: string,
): Promise<{ user: UserRow; previousEmail: string }> {
  const changed = await unlessTaken(db, async (tx) => {
    const link = await consumeOwnToken(tx, token, 'change-email', userId);
    if (!link?.data) throw badRequest(PROFILE_MESSAGES.invalidEmailLink);
    const [previous] = await tx.query<{ email: string }>(
      'SELECT email FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    const [user] = await tx.query<UserRecord>(
      `UPDATE users SET email = $2, is_verified = true, updated_at = now()
        WHERE id = $1
          AND NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2) AND id <> $1)
        RETURNING *`,
      [userId, link.data],
    );
    // Thrown, so that the link is not spent: it rolls back with the transaction.
    if (!user) throw conflict(PROFILE_MESSAGES.emailUnavailable);
    for (const purpose of ['change-email', 'reset-password', 'verify-email'] as const)
      await voidTokens(tx, userId, purpose);
    // The account's way back in changed: like a password change, the other sessions end.
    await deleteUserSessions(tx, userId, currentSessionId);
    return { user, previousEmail: previous!.email };
  });
  if (!changed) throw conflict(PROFILE_MESSAGES.emailUnavailable);
  return changed;
}

/** A new e-mail verification link for an unverified account; 400 when it is verified already. */
export async function issueVerificationLink(db: Db, user: UserRow): Promise<string> {
  if (user.is_verified) throw badRequest(VERIFICATION_MESSAGES.alreadyVerified);
  return db.transaction((tx) => issueToken(tx, Number(user.id), 'verify-email'));
}

/** The link (the newest only) that sets an account's first password; 400 when it has one. */
export async function issueSetPasswordLink(db: Db, user: UserRow): Promise<string> {
  if (user.password_hash) throw badRequest(PROFILE_MESSAGES.alreadyHasPassword);
  return db.transaction((tx) => issueToken(tx, Number(user.id), 'set-password'));
}

/**
 * Sets the first password of the link's account, if it still has none; 400 for a link that is
 * unknown, used or expired, or whose account has a password by now. No session ends: nobody's access
 * was in doubt, one more way in was added.
 */
export async function setFirstPassword(db: Db, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'set-password');
    const rows =
      userId === undefined
        ? []
        : await tx.query(
            `UPDATE users SET password_hash = $2, password_changed_at = now(), updated_at = now()
              WHERE id = $1 AND password_hash IS NULL RETURNING id`,
            [userId, passwordHash],
          );
    if (rows.length === 0) throw badRequest(PROFILE_MESSAGES.invalidSetPasswordLink);
    // Refused: the transaction rolls back, so the link still works for a better password.
    await checkNewPassword(newPassword, (await findUserById(tx, userId!)) ?? {});
  });
}
