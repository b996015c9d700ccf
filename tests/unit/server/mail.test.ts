import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { mailPlugin, type Mail } from '@/server/plugins/mail';

const MAIL: Mail = {
  to: 'someone@example.com',
  subject: 'Verify your PromoClicks account',
  text: 'Verify my account: http://app.test/account/verification/abc',
  html: '<p><a href="http://app.test/account/verification/abc">Verify my account</a></p>',
  link: 'http://app.test/account/verification/abc',
};

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function mailApp(env: Record<string, string>, logLines: string[] = []) {
  const app: FastifyInstance = Fastify({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(JSON.parse(String(chunk)).msg);
          done();
        },
      }),
    },
  });
  app.decorate('config', loadConfig(env));
  await app.register(mailPlugin);
  await app.ready();
  cleanup.push(() => app.close());
  return app;
}

describe('mail plugin', () => {
  it('without SMTP_URL writes each mail as JSON to the outbox and logs its link', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-test-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const outbox = join(dir, 'nested', 'outbox');
    const log: string[] = [];
    const app = await mailApp({ OUTBOX_DIR: outbox }, log);

    await app.mailer.send(MAIL);

    const names = await readdir(outbox);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.json$/);
    expect(JSON.parse(await readFile(join(outbox, names[0]!), 'utf8'))).toEqual(MAIL);
    expect(log).toContain(
      'Mail to someone@example.com: Verify your PromoClicks account http://app.test/account/verification/abc',
    );
  });

  it('with SMTP_URL sends the mail over SMTP', async () => {
    const received: string[] = [];
    const smtp = await fakeSmtpServer(received);
    cleanup.push(() => new Promise((resolve) => smtp.server.close(() => resolve())));
    const app = await mailApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'PromoClicks <no-reply@promoclicks.test>',
    });

    await app.mailer.send(MAIL);

    const message = received.join('');
    expect(message).toContain('MAIL FROM:<no-reply@promoclicks.test>');
    expect(message).toContain('RCPT TO:<someone@example.com>');
    expect(message).toContain('Subject: Verify your PromoClicks account');
    expect(message).toContain('http://app.test/account/verification/abc');
  });
});

/** Just enough of SMTP (RFC 5321) for nodemailer to deliver one message. */
async function fakeSmtpServer(received: string[]): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    let inData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      const text = chunk.toString('utf8');
      received.push(text);
      if (inData) {
        if (/\r\n\.\r\n$/.test(received.join(''))) {
          inData = false;
          socket.write('250 queued\r\n');
        }
        return;
      }
      for (const line of text.split('\r\n').filter(Boolean)) {
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 fake\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}
