import type { Db } from '../db/db';
import type { Mailer } from '../plugins/mail';
import { passwordResetMail, registerAttemptMail } from './mails';
import { issueToken } from './tokens';
import { findUserByEmail } from './users';

/**
 * Design §3: what forgot-password and a refused registration ask for is queued by e-mail and done
 * after the answer, so a known and an unknown address cost the request the same work (one INSERT).
 */
export type AuthMailKind = 'password-reset' | 'register-attempt';

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
      const out = [];
      for (const row of rows) {
        const user = await findUserByEmail(tx, row.email);
        if (!user) continue;
        if (row.kind === 'password-reset') {
          const token = await issueToken(tx, Number(user.id), 'reset-password');
          out.push(passwordResetMail(appUrl, user.email, user.username, token));
        } else {
          out.push(registerAttemptMail(appUrl, user.email, user.username));
        }
      }
      return { rows: rows.length, out };
    });
    // Sent once the links are committed; a failed send is logged (the user can ask again).
    await Promise.all(mails.out.map((mail) => mailer.send(mail).catch(onError)));
    if (mails.rows < 50) return taken;
  }
}
