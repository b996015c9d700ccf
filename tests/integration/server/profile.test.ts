import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPartnerSimulator, type PartnerSimulator } from '@/dev/partner-simulator';
import {
  forgotPassword,
  loginWithPartner,
  resetPassword,
  verifyEmail,
} from '@/shared/contract/auth';
import { login as loginEndpoint } from '@/shared/contract/login';
import {
  changeEmail,
  confirmEmail,
  getAccountSecurity,
  sendSetPasswordLink,
  setPassword,
  updateUsername,
} from '@/shared/contract/profile';
import { checkAuth as checkAuthEndpoint } from '@/shared/contract/user';
import { getUserDetails } from '@/shared/contract/user-details';
import { resendVerification } from '@/shared/contract/verification';
import {
  answerOf,
  databaseKinds,
  MAIL_WAIT_MS,
  readOutbox,
  registerUser,
  startTestApp,
  TEST_APP_URL,
  type TestClient,
  tokenOf,
  waitForMail,
} from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

/** Issue 16 point 8: the profile of /account really saves (design §3). */

const NOT_AUTHENTICATED = { success: false, message: 'Not authenticated' };
const TOO_MANY = {
  success: false,
  message: 'Too many attempts. Please wait a few minutes and try again.',
};
const WRONG_PASSWORD = { success: false, message: 'Current password is incorrect' };
const INVALID_EMAIL_LINK = {
  success: false,
  message: 'The confirmation link is invalid or has expired',
};
const INVALID_SET_PASSWORD_LINK = { success: false, message: 'The link is invalid or has expired' };
const EMAIL_UNAVAILABLE = {
  success: false,
  message: 'This e-mail address cannot be used. Please choose another one.',
};
const VERIFICATION_SENT = {
  success: true,
  message: 'Verification e-mail sent. Check your inbox.',
};

const CONFIRM_SUBJECT = 'Confirm your new PromoClicks e-mail address';
const CHANGING_SUBJECT = 'Your PromoClicks e-mail address is being changed';
const CHANGED_SUBJECT = 'Your PromoClicks e-mail address was changed';
const TAKEN_SUBJECT = 'Someone tried to use your e-mail for another account';
const VERIFY_SUBJECT = 'Verify your PromoClicks account';
const SET_PASSWORD_SUBJECT = 'Set a password for your PromoClicks account';

const PARTNER_ACCOUNTS = ['pia', 'paul', 'petra', 'pedro', 'pilar'].map((name) => ({
  username: name,
  password: `${name}-partner-secret`,
  email: `${name}@partner.example`,
}));

let nextAddress = 0;
/** An address no account has. */
function freshEmail(): string {
  nextAddress += 1;
  return `new_${Date.now().toString(36)}${nextAddress}@example.com`;
}

describe.each(databaseKinds())('the profile of /account on %s', (kind) => {
  let partner: PartnerSimulator;

  beforeAll(async () => {
    partner = await startPartnerSimulator({ port: 0, accounts: PARTNER_ACCOUNTS });
  });
  afterAll(() => partner?.stop());
  const t = useTestApp(kind, () => ({ PARTNER_URL: partner.url }));

  const checkAuth = async (client: TestClient) =>
    answerOf(await client.call(checkAuthEndpoint)).user!;

  const login = (email: string, password: string, app = t.server) =>
    app.client().call(loginEndpoint, { email, password });

  /** A client signed in through the partner site: an account without a password. */
  async function partnerClient(name: string, app = t.server): Promise<TestClient> {
    const account = PARTNER_ACCOUNTS.find((candidate) => candidate.username === name)!;
    const client = app.client();
    const response = await client.call(
      loginWithPartner,
      {
        username: account.username,
        password: account.password,
      },
      { params: { product: 'partner' } },
    );
    expect(response.status).toBe(200);
    return client;
  }

  /** Asks for an e-mail change and returns the confirmation link's token. */
  async function askForEmailChange(client: TestClient, password: string, newEmail: string) {
    const response = await client.call(changeEmail, { newEmail, password });
    expect(response.status).toBe(200);
    return tokenOf((await waitForMail(t.server.outboxDir, newEmail, CONFIRM_SUBJECT)).link);
  }

  describe('username', () => {
    it('saves the new username: the answer and the next check-auth show it at once', async () => {
      const { client, registration } = await registerUser(t.server);
      // Read once, so the session's row is in the read cache.
      expect((await checkAuth(client)).username).toBe(registration.username);
      const username = `renamed_${Date.now().toString(36)}`;

      const response = await client.call(updateUsername, { username: ` ${username} ` });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: 'Profile updated successfully!',
        user: {
          username,
          email: registration.email,
          isVerified: false,
          crypto_balance: 0,
          campaigns: 0,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });
      expect((await checkAuth(client)).username).toBe(username);
      expect((await client.call(getUserDetails)).body).toMatchObject({
        data: { username },
      });
    });

    it.each([
      [{ username: '' }, 'Username is required'],
      [{}, 'Username is required'],
      [{ username: 42 }, 'Username is required'],
      [{ username: 'ab' }, 'Username must be at least 3 characters long'],
      [{ username: 'a'.repeat(31) }, 'Username must be at most 30 characters long'],
      [
        { username: 'no spaces!' },
        'Username may only contain letters, digits, dots, dashes and underscores',
      ],
    ])('refuses %o by the registration rules: 400 "%s"', async (body, message) => {
      const { client, registration } = await registerUser(t.server);
      const response = await client.post('/api/account/username', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message });
      expect((await checkAuth(client)).username).toBe(registration.username);
    });

    it('refuses a username another account has, in any letter case: 409', async () => {
      const first = await registerUser(t.server);
      const second = await registerUser(t.server);
      const response = await second.client.call(updateUsername, {
        username: first.registration.username.toUpperCase(),
      });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ success: false, message: 'This username is already taken.' });
      expect((await checkAuth(second.client)).username).toBe(second.registration.username);
    });

    it('refuses a taken username under an Idempotency-Key, and keeps that answer for a repeat', async () => {
      const first = await registerUser(t.server);
      const second = await registerUser(t.server);
      const key = { 'idempotency-key': `taken-${Date.now().toString(36)}` };
      const body = { username: first.registration.username };
      const refused = await second.client.call(updateUsername, body, { headers: key });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ success: false, message: 'This username is already taken.' });
      const repeated = await second.client.call(updateUsername, body, { headers: key });
      expect(repeated.status).toBe(409);
      expect(repeated.headers.get('idempotent-replayed')).toBe('true');
      // The request's transaction stayed usable after the refused statement: a new name saves.
      const renamed = await second.client.call(
        updateUsername,
        { username: `${second.registration.username}_2` },
        { headers: { 'idempotency-key': `rename-${Date.now().toString(36)}` } },
      );
      expect(renamed.status).toBe(200);
    });

    it('takes its own username in other letters', async () => {
      const { client, registration } = await registerUser(t.server);
      const username = registration.username.toUpperCase();
      const response = await client.call(updateUsername, { username });
      expect(response.status).toBe(200);
      expect((await checkAuth(client)).username).toBe(username);
    });

    it('needs a session', async () => {
      const response = await t.server.client().call(updateUsername, { username: 'nobody' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NOT_AUTHENTICATED);
    });
  });

  describe('e-mail change', () => {
    it('mails a link to the new address and a notice to the old one; the e-mail changes once it is opened', async () => {
      const { client, registration } = await registerUser(t.server);
      const newEmail = freshEmail();

      const response = await client.call(changeEmail, {
        newEmail: ` ${newEmail.toUpperCase()} `,
        password: registration.password,
      });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: `We sent a confirmation link to ${newEmail}. Your e-mail changes once you open it.`,
      });
      const link = await waitForMail(t.server.outboxDir, newEmail, CONFIRM_SUBJECT);
      expect(link.link).toMatch(new RegExp(`^${TEST_APP_URL}/account/confirm-email/[^/]+$`));
      expect(link.text).toContain(`Hello ${registration.username},`);
      expect(link.text).toContain(link.link);
      const notice = await waitForMail(t.server.outboxDir, registration.email, CHANGING_SUBJECT);
      expect(notice.text).toContain('Your e-mail is being changed to n***@example.com.');
      expect(notice.text).toContain('If this was not you, change your password');
      expect(notice.text).not.toContain(newEmail);
      // Nothing changed yet.
      expect((await checkAuth(client)).email).toBe(registration.email);

      const confirmed = await client.call(confirmEmail, {
        token: tokenOf(link.link),
      });

      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({
        success: true,
        message: `Your e-mail address is now ${newEmail}.`,
        user: { username: registration.username, email: newEmail, isVerified: true },
      });
      expect(await checkAuth(client)).toMatchObject({ email: newEmail, isVerified: true });
      const changed = await waitForMail(t.server.outboxDir, registration.email, CHANGED_SUBJECT);
      expect(changed.text).toContain('The e-mail address of your account is now n***@example.com.');
      expect(changed.link).toBe('mailto:support@promoclicks.local');
      expect((await login(newEmail, registration.password)).status).toBe(200);
      expect((await login(registration.email, registration.password)).status).toBe(401);
    });

    it('works once', async () => {
      const { client, registration } = await registerUser(t.server);
      const token = await askForEmailChange(client, registration.password, freshEmail());
      expect((await client.call(confirmEmail, { token })).status).toBe(200);
      const again = await client.call(confirmEmail, { token });
      expect(again.status).toBe(400);
      expect(again.body).toEqual(INVALID_EMAIL_LINK);
    });

    it('cannot be confirmed by another account, which neither takes the address nor spends the link', async () => {
      const owner = await registerUser(t.server);
      const other = await registerUser(t.server);
      const newEmail = freshEmail();
      const token = await askForEmailChange(owner.client, owner.registration.password, newEmail);

      const stolen = await other.client.call(confirmEmail, { token });

      expect(stolen.status).toBe(400);
      expect(stolen.body).toEqual(INVALID_EMAIL_LINK);
      expect((await checkAuth(other.client)).email).toBe(other.registration.email);
      expect((await checkAuth(owner.client)).email).toBe(owner.registration.email);
      expect((await owner.client.call(confirmEmail, { token })).status).toBe(200);
      expect((await checkAuth(owner.client)).email).toBe(newEmail);
    });

    it('asks for a session to confirm, and the link stays usable', async () => {
      const { client, registration } = await registerUser(t.server);
      const token = await askForEmailChange(client, registration.password, freshEmail());
      const anonymous = await t.server.client().call(confirmEmail, { token });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(NOT_AUTHENTICATED);
      expect((await client.call(confirmEmail, { token })).status).toBe(200);
    });

    it('honours only the newest link', async () => {
      const { client, registration } = await registerUser(t.server);
      const first = await askForEmailChange(client, registration.password, freshEmail());
      const secondEmail = freshEmail();
      const second = await askForEmailChange(client, registration.password, secondEmail);
      const old = await client.call(confirmEmail, { token: first });
      expect(old.status).toBe(400);
      expect(old.body).toEqual(INVALID_EMAIL_LINK);
      expect((await client.call(confirmEmail, { token: second })).status).toBe(200);
      expect((await checkAuth(client)).email).toBe(secondEmail);
    });

    it('answers an address another account has as a free one, sends it no link and tells its owner', async () => {
      const owner = await registerUser(t.server);
      const { client, registration } = await registerUser(t.server);

      const response = await client.call(changeEmail, {
        newEmail: owner.registration.email,
        password: registration.password,
      });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: `We sent a confirmation link to ${owner.registration.email}. Your e-mail changes once you open it.`,
      });
      const told = await waitForMail(t.server.outboxDir, owner.registration.email, TAKEN_SUBJECT);
      expect(told.text).toContain(`Hello ${owner.registration.username},`);
      expect(told.text).not.toContain(registration.username);
      expect(told.link).toBe(`${TEST_APP_URL}/login`);
      // The caller's own mailbox hears the same as for a free address.
      await waitForMail(t.server.outboxDir, registration.email, CHANGING_SUBJECT);
      const toOwner = (await readOutbox(t.server.outboxDir)).filter(
        (mail) => mail.to === owner.registration.email,
      );
      expect(toOwner.map((mail) => mail.subject)).not.toContain(CONFIRM_SUBJECT);
      expect((await checkAuth(client)).email).toBe(registration.email);
    });

    it('refuses the confirmation when another account took the address meanwhile: 409, nothing changes', async () => {
      const { client, registration } = await registerUser(t.server);
      const newEmail = freshEmail();
      const token = await askForEmailChange(client, registration.password, newEmail);
      await registerUser(t.server, { overrides: { email: newEmail } });

      // As the app sends it: with an Idempotency-Key, the work in the request's one transaction.
      const response = await client.call(
        confirmEmail,
        { token },
        { headers: { 'idempotency-key': `confirm-${Date.now().toString(36)}` } },
      );

      expect(response.status).toBe(409);
      expect(response.body).toEqual(EMAIL_UNAVAILABLE);
      expect((await checkAuth(client)).email).toBe(registration.email);
    });

    it('needs the current password: a wrong one is refused and nothing is mailed', async () => {
      const { client } = await registerUser(t.server);
      const newEmail = freshEmail();
      const response = await client.call(changeEmail, {
        newEmail,
        password: 'not-my-password',
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(WRONG_PASSWORD);
      expect((await readOutbox(t.server.outboxDir)).filter((mail) => mail.to === newEmail)).toEqual(
        [],
      );
    });

    it.each([
      [{ password: 'correct-horse-1' }, 'Email is required'],
      [
        { newEmail: 'not-an-address', password: 'correct-horse-1' },
        'Please enter a valid email address',
      ],
      [{ newEmail: 'someone@example.com' }, 'Please enter your current password'],
      [{ newEmail: 'someone@example.com', password: '' }, 'Please enter your current password'],
    ])('refuses %o: 400 "%s"', async (body, message) => {
      const { client } = await registerUser(t.server);
      const response = await client.post('/api/account/change-email', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message });
    });

    it('refuses the address the account has already', async () => {
      const { client, registration } = await registerUser(t.server);
      const response = await client.call(changeEmail, {
        newEmail: registration.email.toUpperCase(),
        password: registration.password,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: 'This is already your e-mail address',
      });
    });

    it('refuses an account without a password (partner login made it) with a clear message', async () => {
      const client = await partnerClient('pia');
      const response = await client.call(changeEmail, {
        newEmail: freshEmail(),
        password: 'anything-at-all',
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message:
          'Your account has no password yet. Set a password first, then you can change your e-mail.',
      });
    });

    it('makes the reset links mailed to the previous address stop working', async () => {
      const { client, registration } = await registerUser(t.server);
      await t.server.client().call(forgotPassword, { email: registration.email });
      const reset = await waitForMail(t.server.outboxDir, registration.email, 'Reset your');
      const token = await askForEmailChange(client, registration.password, freshEmail());
      expect((await client.call(confirmEmail, { token })).status).toBe(200);

      const response = await t.server.client().call(resetPassword, {
        resetPasswordToken: tokenOf(reset.link),
        newPassword: 'taken-over-1',
      });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: 'The reset link is invalid or has expired',
      });
    });

    it('needs a session to ask', async () => {
      const response = await t.server
        .client()
        .call(changeEmail, { newEmail: freshEmail(), password: 'x' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NOT_AUTHENTICATED);
    });
  });

  describe('resend verification', () => {
    it('mails a new verification link to an unverified account, which verifies it', async () => {
      const { client, registration } = await registerUser(t.server);
      const first = await waitForMail(t.server.outboxDir, registration.email, VERIFY_SUBJECT);

      const response = await client.call(resendVerification);

      expect(response.status).toBe(200);
      expect(response.body).toEqual(VERIFICATION_SENT);
      const mail = await waitForMail(t.server.outboxDir, registration.email, VERIFY_SUBJECT, [
        first.link,
      ]);
      expect(mail.link).toMatch(new RegExp(`^${TEST_APP_URL}/account/verification/[^/]+$`));
      expect(mail.text).toContain(`Hello ${registration.username},`);
      const verified = await t.server.client().call(verifyEmail, { code: tokenOf(mail.link) });
      expect(verified.status).toBe(200);
      expect((await checkAuth(client)).isVerified).toBe(true);
    });

    it('refuses a verified account', async () => {
      const { client } = await registerUser(t.server, { verified: true });
      const response = await client.call(resendVerification);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: 'Your account is already verified',
      });
    });

    it('needs a session', async () => {
      const response = await t.server.client().call(resendVerification);
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NOT_AUTHENTICATED);
    });
  });

  describe('partner accounts and their first password', () => {
    it('tells the account page whether the account has a password and which partner it signs in through', async () => {
      const { client } = await registerUser(t.server);
      const own = await client.call(getAccountSecurity);
      expect(own.status).toBe(200);
      expect(own.body).toEqual({
        success: true,
        message: 'Account security fetched successfully',
        data: {
          hasPassword: true,
          passwordChangedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          partnerName: null,
        },
      });
      const linked = await (await partnerClient('paul')).call(getAccountSecurity);
      expect(linked.body).toEqual({
        success: true,
        message: 'Account security fetched successfully',
        data: { hasPassword: false, passwordChangedAt: null, partnerName: 'CreatorFinder' },
      });
      expect((await t.server.client().call(getAccountSecurity)).status).toBe(401);
    });

    it('mails a link that sets the first password; the partner session goes on and the e-mail signs in', async () => {
      const client = await partnerClient('petra');

      const response = await client.call(sendSetPasswordLink);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: 'We sent a link to set your password to petra@partner.example.',
      });
      const mail = await waitForMail(
        t.server.outboxDir,
        'petra@partner.example',
        SET_PASSWORD_SUBJECT,
      );
      expect(mail.link).toMatch(new RegExp(`^${TEST_APP_URL}/account/set-password/[^/]+$`));
      expect(mail.text).toContain('through CreatorFinder');
      const token = tokenOf(mail.link);

      const short = await t.server.client().call(setPassword, { token, newPassword: 'short' });
      expect(short.status).toBe(400);
      expect(short.body).toEqual({
        success: false,
        message: 'Password must be at least 8 characters long',
      });

      const set = await t.server
        .client()
        .call(setPassword, { token, newPassword: 'local-secret-71' });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({
        success: true,
        message: 'Your password has been set. You can now also sign in with your e-mail.',
      });
      expect((await client.call(checkAuthEndpoint)).status).toBe(200);
      expect((await client.call(getAccountSecurity)).body).toMatchObject({
        data: { hasPassword: true, partnerName: 'CreatorFinder' },
      });
      expect((await login('petra@partner.example', 'local-secret-71')).status).toBe(200);

      const again = await t.server
        .client()
        .call(setPassword, { token, newPassword: 'other-secret-71' });
      expect(again.status).toBe(400);
      expect(again.body).toEqual(INVALID_SET_PASSWORD_LINK);
    });

    it('refuses a link for an account that has a password', async () => {
      const { client } = await registerUser(t.server);
      const response = await client.call(sendSetPasswordLink);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: 'Your account already has a password',
      });
    });

    it('honours only the newest link, and none once a password is set', async () => {
      const client = await partnerClient('pedro');
      const to = 'pedro@partner.example';
      await client.call(sendSetPasswordLink);
      const first = await waitForMail(t.server.outboxDir, to, SET_PASSWORD_SUBJECT);
      await client.call(sendSetPasswordLink);
      const second = await waitForMail(t.server.outboxDir, to, SET_PASSWORD_SUBJECT, [first.link]);

      const old = await t.server.client().call(setPassword, {
        token: tokenOf(first.link),
        newPassword: 'pedro-1234',
      });
      expect(old.status).toBe(400);
      expect(old.body).toEqual(INVALID_SET_PASSWORD_LINK);

      // A password set meanwhile (another link could not: the newest only works) leaves the link dead.
      await t.db.query(`UPDATE users SET password_hash = 'set-elsewhere' WHERE lower(email) = $1`, [
        to,
      ]);
      const late = await t.server.client().call(setPassword, {
        token: tokenOf(second.link),
        newPassword: 'pedro-1234',
      });
      expect(late.status).toBe(400);
      expect(late.body).toEqual(INVALID_SET_PASSWORD_LINK);
    });

    it.each([
      [{ newPassword: 'long-enough-1' }, 'The link is invalid or has expired'],
      [{ token: 'unknown', newPassword: 'long-enough-1' }, 'The link is invalid or has expired'],
      [{ token: 'unknown' }, 'Password is required'],
    ])('refuses %o: 400 "%s"', async (body, message) => {
      const response = await t.server.client().post('/api/account/set-password', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message });
    });

    it('needs a session to ask for the link', async () => {
      const response = await t.server.client().call(sendSetPasswordLink);
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NOT_AUTHENTICATED);
    });
  });

  describe('rate limits, counted before the work', () => {
    /** An app on the same database with low limits: 3 calls per address, 2 per account. */
    async function limitedApp() {
      return startTestApp(t.db, {
        PARTNER_URL: partner.url,
        RATE_LIMIT_PER_IP: '3',
        RATE_LIMIT_PER_ACCOUNT: '2',
        RATE_LIMIT_PER_ACCOUNT_ANY_IP: '2',
      });
    }

    it('limits resending the verification mail per account and per address', async () => {
      const limited = await limitedApp();
      try {
        const first = await registerUser(limited);
        const second = await registerUser(limited);
        const resend = (client: TestClient) => client.call(resendVerification);
        expect((await resend(first.client)).body).toEqual(VERIFICATION_SENT);
        expect((await resend(first.client)).body).toEqual(VERIFICATION_SENT);
        // The account's third: refused, though the address has one call left.
        const third = await resend(first.client);
        expect(third.status).toBe(429);
        expect(third.body).toEqual(TOO_MANY);
        // The address's fourth, from another account.
        const fourth = await resend(second.client);
        expect(fourth.status).toBe(429);
        expect(fourth.body).toEqual(TOO_MANY);
        // Two at registration, two resent. Mail goes out after the answer (the mail queue): wait
        // for it, as a reader of the outbox would.
        await expect
          .poll(
            async () =>
              (await readOutbox(limited.outboxDir)).filter(
                (mail) => mail.subject === VERIFY_SUBJECT,
              ),
            { timeout: MAIL_WAIT_MS },
          )
          .toHaveLength(4);
      } finally {
        await limited.close();
      }
    });

    it('counts wrong current passwords of an e-mail change before checking them', async () => {
      const limited = await limitedApp();
      try {
        const { client, registration } = await registerUser(limited);
        const ask = (password: string) =>
          client.call(changeEmail, { newEmail: freshEmail(), password });
        expect((await ask('wrong-password-1')).body).toEqual(WRONG_PASSWORD);
        expect((await ask('wrong-password-2')).body).toEqual(WRONG_PASSWORD);
        const right = await ask(registration.password);
        expect(right.status).toBe(429);
        expect(right.body).toEqual(TOO_MANY);
      } finally {
        await limited.close();
      }
    });

    it('limits the mails of e-mail changes per account, however right the password', async () => {
      const limited = await limitedApp();
      try {
        const { client, registration } = await registerUser(limited);
        const ask = () =>
          client.call(changeEmail, {
            newEmail: freshEmail(),
            password: registration.password,
          });
        expect((await ask()).status).toBe(200);
        expect((await ask()).status).toBe(200);
        const third = await ask();
        expect(third.status).toBe(429);
        expect(third.body).toEqual(TOO_MANY);
      } finally {
        await limited.close();
      }
    });

    it('limits username changes per account', async () => {
      const limited = await limitedApp();
      try {
        const { client } = await registerUser(limited);
        const rename = (suffix: string) =>
          client.call(updateUsername, {
            username: `limited_${Date.now().toString(36)}_${suffix}`,
          });
        expect((await rename('a')).status).toBe(200);
        expect((await rename('b')).status).toBe(200);
        const third = await rename('c');
        expect(third.status).toBe(429);
        expect(third.body).toEqual(TOO_MANY);
      } finally {
        await limited.close();
      }
    });

    it('limits set-password links per account and set-password tries per address', async () => {
      const limited = await limitedApp();
      try {
        const client = await partnerClient('pilar', limited);
        expect((await client.call(sendSetPasswordLink)).status).toBe(200);
        expect((await client.call(sendSetPasswordLink)).status).toBe(200);
        const third = await client.call(sendSetPasswordLink);
        expect(third.status).toBe(429);
        expect(third.body).toEqual(TOO_MANY);

        const guess = () =>
          limited.client().call(setPassword, { token: 'guess', newPassword: 'long-enough-1' });
        for (let i = 0; i < 3; i++) expect((await guess()).body).toEqual(INVALID_SET_PASSWORD_LINK);
        expect((await guess()).body).toEqual(TOO_MANY);
      } finally {
        await limited.close();
      }
    });

    it('limits confirmation tries per account', async () => {
      const limited = await limitedApp();
      try {
        const { client } = await registerUser(limited);
        const guess = () => client.call(confirmEmail, { token: 'guess' });
        expect((await guess()).body).toEqual(INVALID_EMAIL_LINK);
        expect((await guess()).body).toEqual(INVALID_EMAIL_LINK);
        expect((await guess()).body).toEqual(TOO_MANY);
      } finally {
        await limited.close();
      }
    });
  });
});
