import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPartnerSimulator, type PartnerSimulator } from '@/dev/partner-simulator';
import { loginWithPartner } from '@/shared/contract/auth';
import { linkPartner, partnerLinkDetails } from '@/shared/contract/partner-link';
import { checkAuth } from '@/shared/contract/user';
import {
  databaseKinds,
  readOutbox,
  registerUser,
  startTestApp,
  TEST_APP_URL,
  tokenOf,
  waitForMail,
  type TestApp,
  type TestClient,
} from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';

/**
 * Issue 16 point 5: a partner-site account and a local account with the same e-mail are linked only
 * by the local account's owner, signed in, through a link mailed to that e-mail; never blocked for good.
 */

const SUBJECT = 'Link your CreatorFinder account';

const LINK_SENT = {
  success: false,
  message:
    'An account with this e-mail already exists. We sent it a link: open it while signed in to that account to link your CreatorFinder account.',
};
const LINKED = {
  success: true,
  message: 'Your CreatorFinder account is linked. You can now sign in with it.',
};
const INVALID_LINK = { success: false, message: 'The link is invalid or has expired' };
const NOT_AUTHENTICATED = { success: false, message: 'Not authenticated' };
const EMAIL_TAKEN = {
  success: false,
  message:
    'An account with the e-mail of this partner account already exists. Sign in with your e-mail and password.',
};
const PARTNER_TAKEN = {
  success: false,
  message: 'This CreatorFinder account is already linked to another account.',
};
const TOO_MANY = {
  success: false,
  message: 'Too many attempts. Please wait a few minutes and try again.',
};

/** One partner account per test, each with the e-mail of a local account the test registers. */
const PARTNER_NAMES = [
  'olga',
  'oscar',
  'odin',
  'otto',
  'oona',
  'ola',
  'omar',
  'opal',
  'orla',
  'owen',
  'ozzy',
];
const PARTNER_ACCOUNTS = PARTNER_NAMES.map((name) => ({
  username: `${name}_partner`,
  password: `${name}-partner-secret`,
  email: `${name}.local@example.com`,
}));

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe.each(databaseKinds())('linking a partner account to a local account on %s', (kind) => {
  let partner: PartnerSimulator;

  beforeAll(async () => {
    partner = await startPartnerSimulator({ port: 0, accounts: PARTNER_ACCOUNTS });
  });
  afterAll(() => partner?.stop());
  const t = useTestApp(kind, () => ({ PARTNER_URL: partner.url }));

  /** The local account with the e-mail of partner account `name`, signed in, with $50. */
  async function localOwner(name: string) {
    const { client, registration, userId } = await registerUser(t.server, {
      overrides: { email: `${name}.local@example.com` },
    });
    await t.db.query(
      "INSERT INTO ledger_entries (user_id, amount_cents, kind, balance_after_cents) VALUES ($1, 5000, 'deposit', 5000)",
      [userId],
    );
    await t.db.query('UPDATE users SET balance_cents = 5000 WHERE id = $1', [userId]);
    return { client, email: registration.email, username: registration.username, userId };
  }

  function partnerLogin(name: string, client: TestClient = t.server.client()) {
    return client.call(
      loginWithPartner,
      { username: `${name}_partner`, password: `${name}-partner-secret` },
      { params: { product: 'partner' } },
    );
  }

  /** Partner login of `name` (refused) and the token of the link it mailed. */
  async function mailedToken(name: string, seen: string[] = []): Promise<string> {
    const response = await partnerLogin(name);
    expect(response.status).toBe(409);
    const mail = await waitForMail(t.server.outboxDir, `${name}.local@example.com`, SUBJECT, seen);
    return tokenOf(mail.link);
  }

  async function partnerUsernameOf(userId: number): Promise<string | null> {
    const [row] = await t.db.query<{ partner_username: string | null }>(
      'SELECT partner_username FROM users WHERE id = $1',
      [userId],
    );
    return row!.partner_username;
  }

  async function mailsTo(email: string) {
    return (await readOutbox(t.server.outboxDir)).filter(
      (mail) => mail.to === email && mail.subject === SUBJECT,
    );
  }

  it('refuses the partner login with 409 and mails the local account a link', async () => {
    const owner = await localOwner('olga');
    const client = t.server.client();
    const response = await partnerLogin('olga', client);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(LINK_SENT);
    expect(client.cookies.has('sid')).toBe(false);

    const mail = await waitForMail(t.server.outboxDir, owner.email, SUBJECT);
    expect(mail.link).toMatch(
      new RegExp(`^${TEST_APP_URL}/account/link-partner/[A-Za-z0-9_-]{43}$`),
    );
    expect(mail.text).toContain(`Hello ${owner.username},`);
    expect(mail.text).toContain('the CreatorFinder account "olga_partner"');
    expect(mail.text).toContain('while signed in to this PromoClicks account');
    expect(mail.text).toContain('If it was not you, ignore this mail');
    expect(mail.text).toContain(`Link your CreatorFinder account: ${mail.link}`);
    // Only the token's hash is stored.
    const rows = await t.db.query<{ token_hash: string; partner_username: string }>(
      'SELECT token_hash, partner_username FROM partner_links WHERE user_id = $1',
      [owner.userId],
    );
    expect(rows).toEqual([
      { token_hash: sha256(tokenOf(mail.link)), partner_username: 'olga_partner' },
    ]);
    expect(await partnerUsernameOf(owner.userId)).toBeNull();
  });

  it('sends no second mail within 10 minutes, with the same answer; after them, a new one', async () => {
    const owner = await localOwner('oscar');
    const first = await mailedToken('oscar');
    const again = await partnerLogin('oscar');
    expect(again.status).toBe(409);
    expect(again.body).toEqual(LINK_SENT);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(owner.email)).toHaveLength(1);

    await t.db.query(
      `UPDATE partner_links SET created_at = now() - interval '11 minutes' WHERE user_id = $1`,
      [owner.userId],
    );
    const second = await mailedToken('oscar', [`${TEST_APP_URL}/account/link-partner/${first}`]);
    expect(second).not.toBe(first);
    expect(await mailsTo(owner.email)).toHaveLength(2);
  });

  it('mails once when two partner logins race', async () => {
    const owner = await localOwner('odin');
    const answers = await Promise.all([partnerLogin('odin'), partnerLogin('odin')]);
    expect(answers.map((answer) => answer.body)).toEqual([LINK_SENT, LINK_SENT]);
    await waitForMail(t.server.outboxDir, owner.email, SUBJECT);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('links for the owner signed in; partner login then signs in to the local account', async () => {
    const owner = await localOwner('otto');
    const token = await mailedToken('otto');

    const details = await owner.client.call(partnerLinkDetails, { token });
    expect(details.status).toBe(200);
    expect(details.body).toEqual({
      success: true,
      message: 'Link found',
      data: { partnerUsername: 'otto_partner' },
    });
    const linked = await owner.client.call(linkPartner, { token });
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual(LINKED);
    expect(await partnerUsernameOf(owner.userId)).toBe('otto_partner');
    // The owner stays signed in.
    expect((await owner.client.call(checkAuth)).status).toBe(200);

    const partnerClient = t.server.client();
    const login = await partnerLogin('otto', partnerClient);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      success: true,
      message: 'Logged in successfully',
      user: { username: owner.username, email: owner.email, crypto_balance: 50 },
    });
    const sameEmail = await t.db.query<{ id: number }>(
      'SELECT id FROM users WHERE lower(email) = $1 OR lower(partner_username) = $2',
      [owner.email, 'otto_partner'],
    );
    expect(sameEmail.map((row) => Number(row.id))).toEqual([owner.userId]);
  });

  it('links once with an Idempotency-Key; its repeat gets the kept answer', async () => {
    const owner = await localOwner('oona');
    const token = await mailedToken('oona');
    const headers = { 'idempotency-key': 'link-oona-1' };
    const first = await owner.client.call(linkPartner, { token }, { headers });
    expect(first.body).toEqual(LINKED);
    const repeat = await owner.client.call(linkPartner, { token }, { headers });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(LINKED);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await partnerUsernameOf(owner.userId)).toBe('oona_partner');
  });

  it("refuses another signed-in user's use of the link with 400, and nothing changes", async () => {
    const owner = await localOwner('ola');
    const token = await mailedToken('ola');
    const stranger = await registerUser(t.server);

    expect((await stranger.client.call(partnerLinkDetails, { token })).body).toEqual(INVALID_LINK);
    const response = await stranger.client.call(linkPartner, { token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(INVALID_LINK);
    expect(await partnerUsernameOf(stranger.userId)).toBeNull();
    expect(await partnerUsernameOf(owner.userId)).toBeNull();
    const [link] = await t.db.query<{ used_at: Date | null }>(
      'SELECT used_at FROM partner_links WHERE user_id = $1',
      [owner.userId],
    );
    expect(link!.used_at).toBeNull();
    // The partner login is still refused, and the owner can still link.
    expect((await partnerLogin('ola')).status).toBe(409);
    expect((await owner.client.call(linkPartner, { token })).body).toEqual(LINKED);
  });

  it('refuses a link used already with 400', async () => {
    const owner = await localOwner('omar');
    const token = await mailedToken('omar');
    expect((await owner.client.call(linkPartner, { token })).status).toBe(200);
    const again = await owner.client.call(linkPartner, { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_LINK);
    expect((await owner.client.call(partnerLinkDetails, { token })).body).toEqual(INVALID_LINK);
  });

  it('refuses an expired link with 400, and nothing is linked', async () => {
    const owner = await localOwner('opal');
    const token = await mailedToken('opal');
    await t.db.query(
      `UPDATE partner_links SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [owner.userId],
    );
    expect((await owner.client.call(partnerLinkDetails, { token })).body).toEqual(INVALID_LINK);
    const response = await owner.client.call(linkPartner, { token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(INVALID_LINK);
    expect(await partnerUsernameOf(owner.userId)).toBeNull();
  });

  it('answers 401 without a session, and the link stays unused', async () => {
    const owner = await localOwner('orla');
    const token = await mailedToken('orla');
    for (const endpoint of [partnerLinkDetails, linkPartner]) {
      const response = await t.server.client().call(endpoint, { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NOT_AUTHENTICATED);
    }
    expect((await owner.client.call(linkPartner, { token })).body).toEqual(LINKED);
  });

  it('keeps refusing, without a mail, when the local account is linked to another partner account', async () => {
    const owner = await localOwner('owen');
    await t.db.query("UPDATE users SET partner_username = 'someone_else' WHERE id = $1", [
      owner.userId,
    ]);
    const response = await partnerLogin('owen');
    expect(response.status).toBe(409);
    expect(response.body).toEqual(EMAIL_TAKEN);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  it('answers 409 when another account has the partner account by then; the link is kept', async () => {
    const owner = await localOwner('ozzy');
    const token = await mailedToken('ozzy');
    const other = await registerUser(t.server);
    await t.db.query("UPDATE users SET partner_username = 'OZZY_partner' WHERE id = $1", [
      other.userId,
    ]);
    const response = await owner.client.call(linkPartner, { token });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(PARTNER_TAKEN);
    expect(await partnerUsernameOf(owner.userId)).toBeNull();
    const [link] = await t.db.query<{ used_at: Date | null }>(
      'SELECT used_at FROM partner_links WHERE user_id = $1',
      [owner.userId],
    );
    expect(link!.used_at).toBeNull();
  });

  describe('with low limits', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startTestApp(t.db, {
        PARTNER_URL: partner.url,
        RATE_LIMIT_PER_ACCOUNT: '2',
      });
    });
    afterAll(() => limited?.close());

    it('counts link attempts per account before their work', async () => {
      const { client } = await registerUser(limited);
      for (const expected of [INVALID_LINK, INVALID_LINK, TOO_MANY]) {
        expect((await client.call(linkPartner, { token: 'guess' })).body).toEqual(expected);
      }
      expect((await client.call(partnerLinkDetails, { token: 'guess' })).status).toBe(400);
    });
  });
});
