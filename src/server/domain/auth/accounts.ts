import type { Db, Reader, Writer } from '../../db/db';
import { badRequest } from '../../errors';
import { checkNewPassword } from './common-passwords';
import { recordProof } from './identity-proofs';
import { queuePasswordMail } from './password-mails';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { consumeToken, findTokenUser, isTokenUsable, issueToken, voidTokens } from './tokens';
import { findUserByEmail, findUserById, type UserRow } from './users';

/** Account rules of design §3, free of HTTP: the routes only parse, call and answer. */

export const ACCOUNT_MESSAGES = {
  registerConflict:
    'Unable to register with these details. If you already have an account, sign in or reset your password.',
  invalidLogin: 'Invalid email or password',
  invalidVerification: 'The verification link is invalid or has expired',
  invalidReset: 'The reset link is invalid or has expired',
  wrongCurrentPassword: 'Current password is incorrect',
} as const;

type UserRecord = UserRow & Record<string, unknown>;

export interface Registration {
  username: string;
  email: string;
  password: string;
}

/**
 * Creates an unverified account and its verification token; undefined when the username or e-mail
 * is taken (the caller's refusal says neither which nor whether).
 */
export async function registerAccount(
  db: Db,
  input: Registration,
): Promise<{ user: UserRow; verificationToken: string } | undefined> {
  await checkNewPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const rows = await tx.query<UserRecord>(
      `INSERT INTO users (username, email, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING *`,
      [input.username, input.email, passwordHash],
    );
    const user = rows[0];
    if (!user) return undefined;
    const verificationToken = await issueToken(tx, Number(user.id), 'verify-email');
    return { user, verificationToken };
  });
}

/**
 * The account for these credentials, or undefined. An unknown e-mail or an account without a password
 * (created by partner login) still costs one scrypt run, so timing tells nothing (design §3).
 */
export async function authenticate(
  db: Reader,
  email: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  return ok && user?.password_hash ? user : undefined;
}

/**
 * Marks the link's account verified. 'already-verified' when it was before (issue 17): a link opened
 * a second time, or a second link; used links are kept marked used, so even a spent or expired link
 * finds its account. 'invalid' when the link is unknown, or spent or expired while its account is
 * still unverified. Only the holder of a link that was mailed to the account learns its state.
 */
export async function verifyEmail(
  db: Db,
  code: string,
): Promise<'verified' | 'already-verified' | 'invalid'> {
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, code, 'verify-email');
    if (userId !== undefined) {
      const verified = await tx.query(
        `UPDATE users SET is_verified = true, updated_at = now()
          WHERE id = $1 AND NOT is_verified RETURNING id`,
        [userId],
      );
      return verified.length > 0 ? 'verified' : 'already-verified';
    }
    const ownerId = await findTokenUser(tx, code, 'verify-email');
    const owner = ownerId === undefined ? undefined : await findUserById(tx, ownerId);
    return owner?.is_verified ? 'already-verified' : 'invalid';
  });
}

/** 400, as `resetPassword` answers, unless the reset link would work now; changes nothing. */
export async function checkResetLink(db: Reader, token: string): Promise<void> {
  if (!(await isTokenUsable(db, token, 'reset-password')))
    throw badRequest(ACCOUNT_MESSAGES.invalidReset);
}

/** Sets the new password, ends every session of the account (design §3) and mails the owner; returns its id. */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<number> {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'reset-password');
    if (userId === undefined) throw badRequest(ACCOUNT_MESSAGES.invalidReset);
    // Refused: the transaction rolls back, so the link still works for a better password.
    const owner = await findUserById(tx, userId);
    await checkNewPassword(newPassword, owner ?? {});
    await setPassword(tx, userId, passwordHash);
    await voidTokens(tx, userId, 'reset-password');
    await deleteUserSessions(tx, userId);
    await queuePasswordMail(tx, userId, 'reset');
    return userId;
  });
}

/** Checks the current password, sets the new one, ends the user's other sessions and mails the owner. */
export async function changePassword(
  db: Db,
  userId: number,
  currentSessionId: string,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const user = await findUserById(db.read, userId);
  const ok = await verifyPassword(oldPassword, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!ok || !user?.password_hash) throw badRequest(ACCOUNT_MESSAGES.wrongCurrentPassword);
  await checkNewPassword(newPassword, user);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await setPassword(tx, userId, passwordHash);
    await deleteUserSessions(tx, userId, currentSessionId);
    await queuePasswordMail(tx, userId, 'changed');
    // The current password was just given: the session has proved its owner (issue 32 point 8).
    await recordProof(tx, currentSessionId);
  });
}

async function setPassword(tx: Writer, userId: number, passwordHash: string): Promise<void> {
  await tx.query(
    `UPDATE users SET password_hash = $2, password_changed_at = now(), updated_at = now()
      WHERE id = $1`,
    [userId, passwordHash],
  );
}
