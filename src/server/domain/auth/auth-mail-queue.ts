import type { Db, Writer } from '../../db/db';
import type { Mailer } from '../../plugins/mail';
import { passwordResetMail, registerAttemptMail } from '../mails';
import { signInLinkMail } from './sign-in-mails';
import { issueMailedToken } from './tokens';
import { findUserByEmail } from './users';

/**
 * Design §3: what forgot-password, the e-mailed sign-in link (issue 32) and a refused registration
 * ask for is queued by e-mail and done after the answer, so a known and an unknown address cost the
 * request the same work (one INSERT).
 */
export type AuthMailKind = 'password-reset' | 'sign-in-link' | 'register-attempt';

export async function queueAuthMail(db: Db, kind: AuthMailKind, email: string): Promise<void> {
  await db.query('INSERT INTO auth_mail_queue (kind, email) VALUES ($1, $2)', [kind, email]);
}

export interface DrainDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  onError: (error: unknown) => void;
}

/**
 * Takes the queued requests (each once, whichever process gets it), issues their links and sends
 * their mails; an unknown e-mail is dropped without a mail. Returns how many requests were taken.
 */
export async function drainAuthMails({ db, mailer, appUrl, onError }: DrainDeps): Promise<number> {
  let taken = 0;
  for (;;) {
    const mails = await db.transaction(async (tx) => {
      const rows = await tx.query<{ kind: AuthMailKind; email: string }>(
        `DELETE FROM auth_mail_queue WHERE id IN (
           SELECT id FROM auth_mail_queue ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED)
         RETURNING kind, email`,
      );
      taken += rows.length;
      await lockAccounts(tx, rows);
      const out = [];
      for (const row of rows) {
        const user = await findUserByEmail(tx, row.email);
        if (!user) continue;
        if (row.kind === 'register-attempt') {
          out.push(registerAttemptMail(appUrl, user.email, user.username));
          continue;
        }
        // Issue 32 point 3: at most three links of a kind an hour, whoever asks; past them, no mail.
        const reset = row.kind === 'password-reset';
        const token = await issueMailedToken(
          tx,
          Number(user.id),
          reset ? 'reset-password' : 'sign-in',
        );
        if (!token) continue;
        const mail = reset ? passwordResetMail : signInLinkMail;
        out.push(mail(appUrl, user.email, user.username, token));
      }
      return { rows: rows.length, out };
    });
    // Sent once the links are committed; a failed send is logged (the user can ask again).
    await Promise.all(mails.out.map((mail) => mailer.send(mail).catch(onError)));
    if (mails.rows < 50) return taken;
  }
}

/** Any fixed number: the class (first key) of the advisory locks of one account's links. */
const ACCOUNT_LOCK = 724_310_110;

/**
 * Issue 32 finding 4: drains issuing reset links for one account deadlocked on PostgreSQL (40P01
 * under 60 parallel forgot-password requests): each link voids the account's older ones in an UPDATE
 * that also sees the links other drains committed since the drain's previous statement, so two drains
 * came to lock the same links in opposite orders. Now a drain takes an advisory lock per account of
 * its batch before it issues anything, held to its end and taken in id order (two drains never wait
 * on each other in a circle): one drain at a time issues an account's links, and drains of other
 * accounts are not held up. Unknown e-mails take no lock: they issue nothing.
 */
async function lockAccounts(tx: Writer, requests: { email: string }[]): Promise<void> {
  await tx.query(
    `SELECT pg_advisory_xact_lock($1, (id % 2147483647)::int)
       FROM (SELECT id FROM users WHERE lower(email) IN (SELECT lower(unnest($2::text[])))
              ORDER BY id) AS accounts`,
    [ACCOUNT_LOCK, requests.map(({ email }) => email)],
  );
}
