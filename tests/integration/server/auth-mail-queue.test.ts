import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drainAuthMails, queueAuthMail } from '@/server/domain/auth/auth-mail-queue';
import type { Mail } from '@/server/plugins/mail';
import { forgotPassword } from '@/shared/contract/auth';
import {
  databaseKinds,
  MAIL_WAIT_MS,
  readOutbox,
  registerUser,
  startTestApp,
  type TestApp,
} from '../../helpers/server';
import { useTestDatabase } from '../../helpers/fixtures';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 32 finding 4: 60 parallel forgot-password requests for one account deadlocked the drains of
 * the mail queue on PostgreSQL (40P01 in the UPDATE that voids the account's older links). A drain
 * that fails rolls its requests back into the queue, so the mails went out late, with the next drain.
 */
describe.each(databaseKinds())('the auth mail queue on %s', (kind) => {
  // The production pool's size (db.ts): as many drains at once as one server process runs.
  const database = useTestDatabase(kind, 10);
  let server: TestApp;

  beforeAll(async () => {
    // No drain by the timer meanwhile: every mail is sent by the drains a test starts.
    server = await startTestApp(database.db, {
      TRUST_PROXY: '127.0.0.1',
      JOB_INTERVAL_SECONDS: '3600',
    });
  });
  afterAll(() => server?.close());

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await database.db.query<{ n: number }>(sql, params))[0]!.n);
  const queued = () => count('SELECT count(*) AS n FROM auth_mail_queue');
  const resetLinks = (userId: number) =>
    count(
      `SELECT count(*) AS n FROM auth_tokens WHERE user_id = $1 AND purpose = 'reset-password'`,
      [userId],
    );

  it('60 parallel forgot-password requests for one account from 60 addresses: no drain fails, and every link issued is mailed', async () => {
    const { registration, userId } = await registerUser(server);
    const errors = vi.spyOn(server.app.log, 'error');
    try {
      const answers = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          // Spread over 100 ms, as requests arrive over a network: drains overlap, each taking a few.
          await pause(Math.random() * 100);
          return server
            .client()
            .call(
              forgotPassword,
              { email: registration.email },
              { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } },
            );
        }),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(200));

      const deadline = Date.now() + MAIL_WAIT_MS;
      let mails = -1;
      let links = 0;
      while (Date.now() < deadline) {
        links = await resetLinks(userId);
        mails = (await readOutbox(server.outboxDir)).filter(
          (mail) => mail.to === registration.email && mail.subject.includes('Reset'),
        ).length;
        if ((await queued()) === 0 && mails === links && mails > 0) break;
        await pause(25);
      }
      expect(await queued()).toBe(0);
      expect(mails).toBeGreaterThan(0);
      expect(mails).toBe(links);
      expect(errors.mock.calls).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('drains that overlap on one account never fail (5 rounds of 60 requests, each drained as it is queued)', async () => {
    // Before the fix, 12 of 20 such rounds had a deadlock on PostgreSQL.
    for (let round = 0; round < 5; round++) {
      const { registration, userId } = await registerUser(server);
      const sent: Mail[] = [];
      const failures: unknown[] = [];
      const deps = {
        db: database.db,
        mailer: { send: async (mail: Mail) => void sent.push(mail) },
        appUrl: 'http://app.test',
        onError: (error: unknown) => failures.push(error),
      };
      await Promise.all(
        Array.from({ length: 60 }, async () => {
          await pause(Math.random() * 100);
          await queueAuthMail(database.db, 'password-reset', registration.email);
          await drainAuthMails(deps).catch((error: unknown) => failures.push(error));
        }),
      );
      expect(failures).toEqual([]);
      expect(await queued()).toBe(0);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.length).toBe(await resetLinks(userId));
    }
  });
});
