import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_IN_LIMITED_CODE } from '../../shared/contract/login';
import { HttpError } from '../errors';
import { guessingAlertMail, type Guessed } from '../domain/auth/sign-in-mails';
import { findUserByEmail, findUserById } from '../domain/auth/users';
import { DAY_MS, type Attempt } from '../plugins/rate-limit';

/** Whose sign-in it is: the typed e-mail of a password, the user of a half-done sign-in's code. */
export type SignInAccount = { email: string } | { userId: number };

/** The account's name in the limits: the typed e-mail (known or not), or the user's id. */
function accountKey(account: SignInAccount): string {
  return 'email' in account ? account.email : `user:${account.userId}`;
}

/**
 * A sign-in's attempt on its account (RateLimiter.attempt), counted before the check. When the
 * account-wide limit of new browsers refuses it, the owner is warned by mail, once in 24 hours, after
 * the answer: the request does the same work for a known and an unknown e-mail (issue 32 point 2).
 */
export async function signInAttempt(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { route: string; account: SignInAccount; guessed: Guessed; knownDevice: boolean },
): Promise<Attempt> {
  const { route, account, guessed, knownDevice } = options;
  const key = accountKey(account);
  try {
    return await request.server.rateLimiter.attempt(route, key, request.ip, {
      knownDevice,
      signIn: true,
    });
  } catch (error) {
    if (error instanceof HttpError && error.code === SIGN_IN_LIMITED_CODE) {
      reply.raw.once('finish', () => void warnOwner(request.server, account, guessed));
    }
    throw error;
  }
}

/**
 * Once a day for each kind of guess (a guessed code means the password is known: that warning is
 * not held back by one about passwords). Only the first refusal of the day looks the account up.
 */
async function warnOwner(app: FastifyInstance, account: SignInAccount, guessed: Guessed) {
  const { db, config, mailer, rateLimiter } = app;
  try {
    const key = accountKey(account);
    if (!(await rateLimiter.firstInWindow(`sign-in-warning-${guessed}`, key, DAY_MS))) return;
    const user =
      'email' in account
        ? await findUserByEmail(db.read, account.email)
        : await findUserById(db.read, account.userId);
    if (!user) return;
    await mailer.send(guessingAlertMail(config.appUrl, user.email, user.username, guessed));
  } catch (error) {
    app.log.error({ err: error }, 'sign-in warning mail failed');
  }
}
