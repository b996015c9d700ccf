import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '@/server/domain/auth/passwords';
import { checkResetLink, forgotPassword, resetPassword } from '@/shared/contract/auth';
import { emailSignIn, requestEmailSignIn } from '@/shared/contract/email-sign-in';
import { login as loginEndpoint } from '@/shared/contract/login';
import { enableTwoFactor, loginSecondFactor, setUpTwoFactor } from '@/shared/contract/two-factor';
import { checkAuth } from '@/shared/contract/user';
import { clientAt, closeLoopbackAgents, loopbackAddresses } from '../helpers/loopback';
import {
  answerOf,
  confirmIdentity,
  type DatabaseKind,
  databaseKinds,
  MAIL_WAIT_MS,
  openTestDatabase,
  readOutbox,
  registerUser,
  startTestApp,
  TEST_APP_URL,
  type TestApp,
  type TestDatabase,
  tokenOf,
  waitForMail,
} from '../helpers/server';

/**
 * Issue 32: sign-in that resists the internet. A guesser with many addresses, a stranger who wants
 * to shut the owner out, and an office whose many users share one address.
 */

const TOO_MANY = {
  success: false,
  message: 'Too many attempts. Please wait a few minutes and try again.',
};
const INVALID_LOGIN = { success: false, message: 'Invalid email or password' };
const SIGN_IN_LIMITED = {
  success: false,
  message:
    'Too many failed sign-ins to this account from new browsers. To get in now, use a sign-in link we email you, a passkey, or a browser you have signed in from before.',
  code: 'sign_in_limited',
};
const LINK_SENT = {
  success: true,
  message:
    'If an account exists for this email, we sent it a sign-in link. It works once, within 15 minutes.',
};
const INVALID_LINK = { success: false, message: 'The sign-in link is invalid or has expired' };
const RESET_SENT = {
  success: true,
  message: 'If an account exists for this email, a password reset link has been sent.',
};
const INVALID_RESET = { success: false, message: 'The reset link is invalid or has expired' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WARNING = 'Someone is trying to sign in to your PromoClicks account';

/** The limits of a production start (config.ts defaults), which the test helper raises. */
const DEFAULT_LIMITS = {
  RATE_LIMIT_PER_IP: '30',
  RATE_LIMIT_PER_ACCOUNT: '10',
  RATE_LIMIT_PER_ACCOUNT_ANY_IP: '10',
  RATE_LIMIT_PER_ACCOUNT_PER_DAY: '100',
};

/** On PostgreSQL, the limits count in its table (as with DATABASE_URL set), not in memory. */
const storeOf = (kind: DatabaseKind): Record<string, string> =>
  kind === 'postgres' ? { DATABASE_URL: 'postgres://the-test-database' } : {};

/** A POST whose answer is kept as the exact bytes sent back. */
async function rawPost(server: TestApp, path: string, body: unknown) {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()).toString('hex'),
  };
}

describe.each(databaseKinds())('sign-in under attack on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  afterEach(() => {
    vi.useRealTimers();
    closeLoopbackAgents();
  });

  /**
   * An app of its own (its counters start at zero), whose limits read the clock the test moves
   * (`vi.setSystemTime`; Date only, timers run).
   */
  async function withApp(env: Record<string, string>, run: (app: TestApp) => Promise<void>) {
    // On PostgreSQL the counters outlive an app: each test starts from none.
    await database.db.query('DELETE FROM rate_limit_counters');
    const app = await startTestApp(
      database.db,
      { ...storeOf(kind), ...env },
      { rateLimitClock: () => Date.now() },
    );
    try {
      await run(app);
    } finally {
      await app.close();
    }
  }

  /** The warnings mailed to `email` so far. */
  async function warnings(app: TestApp, email: string): Promise<number> {
    return (await readOutbox(app.outboxDir)).filter(
      (mail) => mail.to === email && mail.subject === WARNING,
    ).length;
  }

  /**
   * The warnings mailed to `email` once `count` arrived, or after MAIL_WAIT_MS (they are sent after
   * the answer; Date may be stopped, so the wait counts its own steps).
   */
  async function warningsSoon(app: TestApp, email: string, count: number): Promise<number> {
    for (let waited = 0; waited < MAIL_WAIT_MS; waited += 25) {
      if ((await warnings(app, email)) >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return warnings(app, email);
  }

  /** Waits until the auth mail queue is empty: every link asked for is issued (or refused). */
  async function queueDrained(): Promise<void> {
    for (let waited = 0; waited < MAIL_WAIT_MS; waited += 25) {
      const [row] = await database.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM auth_mail_queue',
      );
      if (row!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the auth mail queue was not drained');
  }

  async function mailsTo(app: TestApp, email: string, subject: string): Promise<number> {
    return (await readOutbox(app.outboxDir)).filter(
      (mail) => mail.to === email && mail.subject.includes(subject),
    ).length;
  }

  /** The links of the mails to `email` with `subject`, once `count` arrived or after MAIL_WAIT_MS. */
  async function mailsSoon(app: TestApp, email: string, subject: string, count: number) {
    for (let waited = 0; waited < MAIL_WAIT_MS; waited += 25) {
      if ((await mailsTo(app, email, subject)) >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return (await readOutbox(app.outboxDir))
      .filter((mail) => mail.to === email && mail.subject.includes(subject))
      .map((mail) => mail.link);
  }

  /** `count` accounts made in the database at once, all with one password. */
  async function accounts(count: number, password: string): Promise<string[]> {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const rows = await database.db.query<{ email: string }>(
      `INSERT INTO users (username, email, password_hash)
       SELECT 'office_' || $1 || '_' || n, 'office_' || $1 || '_' || n || '@example.com', $2
         FROM generate_series(1, $3::int) AS n
       RETURNING email`,
      [tag, await hashPassword(password), count],
    );
    return rows.map((row) => row.email);
  }

  describe('point 2: guessing escalates', () => {
    it('lets at most 100 guesses per account through in any 24 hours from 120 addresses at once; the owner is warned once a day; a known browser gets in', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now());
      return withApp(DEFAULT_LIMITS, async (app) => {
        const { registration } = await registerUser(app);
        const email = registration.email;
        // The owner's browser signed in before (its device cookie is known).
        const owner = app.client();
        expect((await owner.call(loginEndpoint, registration)).status).toBe(200);
        const attackers = loopbackAddresses(120);
        /** When each guess that was checked (answered 401 or 200) came. */
        const checked: number[] = [];
        let warnedAfterADay = 0;
        // A day and an hour, the 120 addresses guessing together every 2 hours.
        for (let round = 0; round < 13; round++) {
          const answers = await Promise.all(
            attackers.map((address, i) =>
              clientAt(app, address).call(loginEndpoint, {
                email,
                password: i === 119 ? registration.password : `guess-${round}-${i}`,
              }),
            ),
          );
          for (const answer of answers) {
            if (answer.status === 429) expect(answer.body).toEqual(SIGN_IN_LIMITED);
            else checked.push(Date.now());
          }
          if (round === 0) {
            // Held back: the right password from a new browser too; the owner's browser gets in.
            expect(
              await clientAt(app, '127.0.9.9').call(loginEndpoint, registration),
            ).toMatchObject({ status: 429, body: SIGN_IN_LIMITED });
            expect((await owner.call(loginEndpoint, registration)).status).toBe(200);
            expect(await warningsSoon(app, email, 1)).toBe(1);
          }
          if (round === 11) warnedAfterADay = await warnings(app, email);
          vi.setSystemTime(Date.now() + 2 * HOUR);
        }
        for (const start of checked) {
          const inDay = checked.filter((at) => at >= start && at < start + DAY);
          expect(inDay.length).toBeLessThanOrEqual(100);
        }
        // 10 at once, then one each 16 minutes.
        expect(checked.length).toBeGreaterThanOrEqual(100);
        expect(checked.length).toBeLessThanOrEqual(10 + Math.ceil((24 * HOUR) / (16 * MINUTE)));
        // Warned once in the first 24 hours (at 22 h), and once more after them (at 24 h).
        expect(warnedAfterADay).toBe(1);
        expect(await warningsSoon(app, email, 2)).toBe(2);
      });
    }, 300_000);
  });

  it('point 2: codes guessed after the right password are held back too, and the owner is told the password is known', () =>
    withApp({ ...DEFAULT_LIMITS, RATE_LIMIT_PER_ACCOUNT_ANY_IP: '3' }, async (app) => {
      const { client, registration } = await registerUser(app);
      await confirmIdentity(client);
      const setup = await client.call(setUpTwoFactor);
      const totp = new TOTP({ secret: Secret.fromBase32(answerOf(setup).secret) });
      await client.call(enableTwoFactor, { code: totp.generate() });
      const thief = clientAt(app, '127.0.7.7');
      expect((await thief.call(loginEndpoint, registration)).status).toBe(200);
      const codes = [];
      for (const code of ['111111', '222222', '333333', '444444']) {
        codes.push(await thief.call(loginSecondFactor, { code }));
      }
      expect(codes.map((answer) => answer.status)).toEqual([401, 401, 401, 429]);
      expect(codes[3]!.body).toEqual(SIGN_IN_LIMITED);
      expect(await warningsSoon(app, registration.email, 1)).toBe(1);
      const warning = (await readOutbox(app.outboxDir)).find((mail) => mail.subject === WARNING);
      expect(warning!.text).toContain(
        'Someone knows your password: change it on your account page now.',
      );
    }));

  describe('point 2: the mailed sign-in link', () => {
    it('is answered alike for an unknown e-mail, lets the owner in from a new browser while its sign-ins are held back, works once within 15 minutes and voids the others', () =>
      withApp({ ...DEFAULT_LIMITS, RATE_LIMIT_PER_ACCOUNT_ANY_IP: '3' }, async (app) => {
        const { registration } = await registerUser(app);
        const email = registration.email;
        await Promise.all(
          loopbackAddresses(6).map((address) =>
            clientAt(app, address).call(loginEndpoint, { email, password: 'a-wrong-guess' }),
          ),
        );
        const phone = clientAt(app, '127.0.8.8');
        expect(await phone.call(loginEndpoint, registration)).toMatchObject({
          status: 429,
          body: SIGN_IN_LIMITED,
        });

        const asked = await rawPost(app, '/api/auth/email-sign-in', { email });
        expect(asked).toEqual(
          await rawPost(app, '/api/auth/email-sign-in', { email: `nobody-${email}` }),
        );
        expect(JSON.parse(Buffer.from(asked.bytes, 'hex').toString())).toEqual(LINK_SENT);
        const first = await waitForMail(app.outboxDir, email, 'sign-in link');
        expect(first.link).toMatch(new RegExp(`^${TEST_APP_URL}/account/sign-in/[\\w-]{43}$`));
        await app.client().call(requestEmailSignIn, { email });
        const second = await waitForMail(app.outboxDir, email, 'sign-in link', [first.link]);

        const signedIn = await phone.call(emailSignIn, {
          token: tokenOf(second.link),
        });
        expect(signedIn).toMatchObject({
          status: 200,
          body: { success: true, message: 'Logged in successfully', user: { email } },
        });
        expect((await phone.call(checkAuth)).status).toBe(200);
        // Once, and the other link is void.
        for (const link of [second.link, first.link]) {
          expect(await app.client().call(emailSignIn, { token: tokenOf(link) })).toMatchObject({
            status: 400,
            body: INVALID_LINK,
          });
        }
        // The phone is a known browser now: its password works while strangers' are held back.
        expect((await phone.call(loginEndpoint, registration)).status).toBe(200);

        // Past 15 minutes a link is refused.
        await app.client().call(requestEmailSignIn, { email });
        const late = await waitForMail(app.outboxDir, email, 'sign-in link', [
          first.link,
          second.link,
        ]);
        await database.db.query(
          `UPDATE auth_tokens SET expires_at = now() - interval '1 second'
            WHERE purpose = 'sign-in' AND used_at IS NULL`,
        );
        expect(await app.client().call(emailSignIn, { token: tokenOf(late.link) })).toMatchObject({
          status: 400,
          body: INVALID_LINK,
        });
        // Three links were mailed this hour: a fourth request mails none.
        await app.client().call(requestEmailSignIn, { email });
        await queueDrained();
        expect(await mailsTo(app, email, 'sign-in link')).toBe(3);
      }));
  });

  describe('point 3: the owner is never shut out', () => {
    it(
      'a reset link the owner holds stays valid while 120 addresses ask for more; three links an hour are mailed, whoever asks; using one voids the others',
      () =>
        withApp(DEFAULT_LIMITS, async (app) => {
          const { registration, userId } = await registerUser(app);
          const email = registration.email;
          expect((await app.client().call(forgotPassword, { email })).status).toBe(200);
          const owners = await waitForMail(app.outboxDir, email, 'Reset');
          const attackers = loopbackAddresses(120);
          const answers = await Promise.all(
            [...attackers, ...attackers].map((address) =>
              clientAt(app, address).call(forgotPassword, { email }),
            ),
          );
          for (const answer of answers)
            expect(answer).toMatchObject({ status: 200, body: RESET_SENT });
          await queueDrained();
          const [issued] = await database.db.query<{ links: number }>(
            `SELECT count(*)::int AS links FROM auth_tokens
            WHERE user_id = $1 AND purpose = 'reset-password'`,
            [userId],
          );
          expect(issued!.links).toBe(3);
          const links = await mailsSoon(app, email, 'Reset', 3);
          expect(links).toHaveLength(3);
          for (const link of links) {
            expect(
              await app.client().call(checkResetLink, { resetPasswordToken: tokenOf(link) }),
            ).toMatchObject({ status: 200 });
          }
          // The owner's own link works, and voids the strangers' two.
          expect(
            await app.client().call(resetPassword, {
              resetPasswordToken: tokenOf(owners.link),
              newPassword: 'a-brand-new-secret-7',
            }),
          ).toMatchObject({ status: 200 });
          for (const link of links.filter((link) => link !== owners.link)) {
            expect(
              await app.client().call(checkResetLink, { resetPasswordToken: tokenOf(link) }),
            ).toMatchObject({ status: 400, body: INVALID_RESET });
          }
          // An hour after them, a link is mailed again.
          await database.db.query(
            `UPDATE auth_tokens SET created_at = created_at - interval '61 minutes' WHERE user_id = $1`,
            [userId],
          );
          await app.client().call(forgotPassword, { email });
          expect(await mailsSoon(app, email, 'Reset', 4)).toHaveLength(4);
        }),
      120_000,
    );
  });

  describe('point 9: limits count failures, not successes', () => {
    it(
      '100 accounts signing in correctly from one address in 15 minutes all get in, and its failures are still limited',
      () =>
        withApp(DEFAULT_LIMITS, async (app) => {
          const password = 'office-password-1';
          const emails = await accounts(100, password);
          for (let i = 0; i < emails.length; i += 10) {
            const answers = await Promise.all(
              emails
                .slice(i, i + 10)
                .map((email) => app.client().call(loginEndpoint, { email, password })),
            );
            expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
          }
          // The address's 30 failures still hold: the 31st try is refused, right or wrong.
          for (let i = 0; i < 30; i++) {
            const guess = await app
              .client()
              .call(loginEndpoint, { email: emails[i]!, password: `wrong-${i}` });
            expect(guess).toMatchObject({ status: 401, body: INVALID_LOGIN });
          }
          expect(
            await app.client().call(loginEndpoint, { email: emails[99]!, password }),
          ).toMatchObject({ status: 429, body: TOO_MANY });
        }),
      // 131 password checks (scrypt, about 50 ms each on an idle core).
      120_000,
    );

    it('a sign-in with two-factor sign-in counts nothing once its code is right', () =>
      withApp({ ...DEFAULT_LIMITS, RATE_LIMIT_PER_IP: '3' }, async (app) => {
        const { client, registration } = await registerUser(app);
        await confirmIdentity(client);
        const setup = await client.call(setUpTwoFactor);
        const totp = new TOTP({ secret: Secret.fromBase32(answerOf(setup).secret) });
        const enabled = await client.call(enableTwoFactor, { code: totp.generate() });
        for (const code of answerOf(enabled).recoveryCodes.slice(0, 4)) {
          const browser = app.client();
          expect((await browser.call(loginEndpoint, registration)).status).toBe(200);
          expect((await browser.call(loginSecondFactor, { code })).status).toBe(200);
        }
      }));
  });
});
