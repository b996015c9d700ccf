import type { Db, Writer } from '../../db/db';
import type { Mailer } from '../../plugins/mail';
import { passwordChangedMail } from '../mails';

/**
 * Issue 32 point 10: a password change or reset mails the owner. The mail is queued in the change's
 * transaction (a change is never left untold) and sent after the answer by drainPasswordMails.
 */
export type PasswordMailKind = 'changed' | 'reset';

export async function queuePasswordMail(
  tx: Writer,
  userId: number,
  kind: PasswordMailKind,
): Promise<void> {
  await tx.query('INSERT INTO password_mails (user_id, kind) VALUES ($1, $2)', [userId, kind]);
}

export interface PasswordMailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  onError: (error: unknown) => void;
}

/** Takes the queued mails (each once, whichever process gets it) and sends them; a failed send is logged. */
export async function drainPasswordMails({
  db,
  mailer,
  appUrl,
  onError,
}: PasswordMailDeps): Promise<number> {
  const rows = await db.query<{ kind: PasswordMailKind; email: string; username: string }>(
    `WITH taken AS (
       DELETE FROM password_mails WHERE id IN (
         SELECT id FROM password_mails FOR UPDATE SKIP LOCKED)
       RETURNING user_id, kind, id)
     SELECT t.kind, u.email, u.username FROM taken t JOIN users u ON u.id = t.user_id ORDER BY t.id`,
  );
  await Promise.all(
    rows.map((row) =>
      mailer.send(passwordChangedMail(appUrl, row.email, row.username, row.kind)).catch(onError),
    ),
  );
  return rows.length;
}
