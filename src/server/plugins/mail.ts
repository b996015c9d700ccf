import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The mail's action link (verification, reset); also logged and kept in the outbox. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * `app.mailer` (design §1): real mail over SMTP when SMTP_URL is set; otherwise each mail becomes one
 * JSON file in OUTBOX_DIR and its link is printed in the server log, so development needs no mail server.
 */
export const mailPlugin = fp(async (app) => {
  const { smtpUrl, mailFrom, outboxDir } = app.config;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    app.decorate('mailer', {
      send: async ({ to, subject, text, html }) => {
        await transport.sendMail({ from: mailFrom, to, subject, text, html });
      },
    });
    app.addHook('onClose', async () => transport.close());
    return;
  }
  const dir = resolve(outboxDir);
  await mkdir(dir, { recursive: true });
  app.decorate('mailer', {
    send: async (mail) => {
      const name = `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      // Written beside, then renamed: a reader of the outbox never sees half a mail.
      await writeFile(join(dir, `${name}.part`), JSON.stringify(mail, null, 2));
      await rename(join(dir, `${name}.part`), join(dir, name));
      app.log.info(`Mail to ${mail.to}: ${mail.subject} ${mail.link}`);
    },
  });
});
