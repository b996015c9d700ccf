import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { e2eEnv } from './env';

/** One mail as the server writes it to OUTBOX_DIR when no SMTP_URL is set. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

async function readOutbox(): Promise<OutboxMail[]> {
  const names = await readdir(e2eEnv.outboxDir).catch(() => []);
  // File names start with the ISO time of sending, so name order is sending order.
  const files = names.filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    files.map(
      async (name) =>
        JSON.parse(await readFile(join(e2eEnv.outboxDir, name), 'utf8')) as OutboxMail,
    ),
  );
}

/** The newest mail to `to` with this subject, waiting a few seconds for it to be written. */
export async function waitForMail(to: string, subject: string): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await readOutbox()).findLast(
      (candidate) => candidate.to === to && candidate.subject === subject,
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
