import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPartnerRequest } from '../../src/server/domain/partner-signature';
import { databaseKinds } from '../helpers/server';
import {
  getCases,
  headCases,
  jsonCases,
  MESSAGES,
  refused,
  type Answer,
  type FieldSpec,
  type HostileRequest,
  type JsonEndpoint,
  type Sender,
} from './support/hostile-cases';
import { registeredRoutes } from './support/hostile-routes';
import { AMOUNTS, IDS } from './support/hostile-values';
import {
  HOSTILE_PARTNER_SECRET,
  moneyState,
  startHostileWorld,
  type HostileWorld,
} from './support/hostile-world';

/**
 * Issue 6: hostile input to every endpoint gets a 4xx with a clear message (never a 5xx) and changes
 * nothing. Each endpoint's requests run against one world (advertisers A and B with balances,
 * campaigns, deposits and notifications); the money state is compared before and after.
 */

const NO_CAMPAIGN = refused('No campaign found for this profile', 404);
const NOT_AVAILABLE = refused('Model is not available');
const CHOOSE_PROFILE = refused('Please choose a profile');
const PROFILE_NOT_FOUND = refused('Profile not found');
const DECIMALS = refused('Amounts can have at most 2 decimals');
const NO_BALANCE = refused('You do not have enough balance to create this campaign');
const SELECT_PACKAGE = refused('Please select a package');
const SELECT_CATEGORY = refused('Please select a category');
const TRANSACTION_NOT_FOUND = refused('Transaction not found', 404);
const BAD_TRANSACTION_ID = refused('Transaction not found');
const NOTIFICATION_NOT_FOUND = refused('Notification not found', 404);
const BAD_NOTIFICATION_ID = refused('Please choose a notification');
const INVALID_LOGIN = refused('Invalid email or password', 401);
const INVALID_PARTNER_LOGIN = refused('Invalid username or password', 401);
const INVALID_VERIFICATION = refused('The verification link is invalid or has expired');
const INVALID_RESET = refused('The reset link is invalid or has expired');
const WRONG_PASSWORD = refused('Current password is incorrect');
const EMAIL_REQUIRED = refused('Email is required');
const INVALID_EMAIL = refused('Please enter a valid email address');
const EMAIL_TOO_LONG = refused('Email is too long');
const PASSWORD_REQUIRED = refused('Password is required');
const PASSWORD_TOO_LONG = refused('Password is too long');
const ok = (body: unknown): Answer => ({ status: 200, body });

/** A campaign username field: text that names no campaign of the caller gets `text`. */
const profileField = (text: Answer): FieldSpec => ({
  type: 'text',
  wrongType: CHOOSE_PROFILE,
  text,
  tooLong: PROFILE_NOT_FOUND,
});

/** One answer for every amount, except those named. */
const amountAnswers = (
  fallback: Answer,
  named: Partial<Record<keyof typeof AMOUNTS, Answer>>,
): Record<keyof typeof AMOUNTS, Answer> =>
  Object.fromEntries(
    Object.keys(AMOUNTS).map((key) => [key, named[key as keyof typeof AMOUNTS] ?? fallback]),
  ) as Record<keyof typeof AMOUNTS, Answer>;

/** Ids: malformed ones get `malformed`; well-formed ones that name nothing get `unknown`. */
const idAnswers = (malformed: Answer, unknown: Answer): Record<keyof typeof IDS, Answer> => ({
  '-1': malformed,
  '0': malformed,
  '1.5': malformed,
  '"1e3"': malformed,
  '" 1"': malformed,
  '"99999"': unknown,
  '2^31': unknown,
  '2^53': malformed,
  '1e20': malformed,
});

const packageField: FieldSpec = {
  type: 'number',
  wrongType: SELECT_PACKAGE,
  ids: idAnswers(SELECT_PACKAGE, SELECT_PACKAGE),
};
const categoryField: FieldSpec = {
  type: 'text',
  wrongType: refused('category_name must be text'),
  missing: SELECT_CATEGORY,
  null: SELECT_CATEGORY,
  text: SELECT_CATEGORY,
  tooLong: refused('category_name is too long'),
};
const transactionIdField: FieldSpec = {
  type: 'id',
  wrongType: BAD_TRANSACTION_ID,
  ids: idAnswers(BAD_TRANSACTION_ID, TRANSACTION_NOT_FOUND),
};

function jsonEndpoints(world: HostileWorld): JsonEndpoint[] {
  const { a, b, freeProfile } = world;
  const address = `0x${'ab'.repeat(20)}`;
  const registration = {
    username: 'hostile_user',
    email: a.email,
    password: 'correct-horse-1',
    confirmPassword: 'correct-horse-1',
    agreeTerms: true,
  };
  const registerConflict = refused(
    'Unable to register with these details. If you already have an account, sign in or reset your password.',
    409,
  );
  const unaffordableCampaign = {
    package_id: 3,
    category_name: 'Fitness',
    amount_deposit: 10_000_000,
  };
  const tooManyClicks = refused(
    'This amount would take the campaign past the package maximum of 10,000 clicks',
  );
  const loggedOut = ok({ success: true, message: 'Logged out successfully' });
  return [
    {
      path: '/api/auth/register',
      as: 'anonymous',
      template: registration,
      templateAnswer: registerConflict,
      empty: refused('Username is required'),
      fields: {
        username: {
          type: 'text',
          wrongType: refused('Username is required'),
          text: refused('Username may only contain letters, digits, dots, dashes and underscores'),
          tooLong: refused('Username must be at most 30 characters long'),
        },
        email: {
          type: 'text',
          wrongType: EMAIL_REQUIRED,
          text: INVALID_EMAIL,
          tooLong: EMAIL_TOO_LONG,
        },
        password: {
          type: 'text',
          wrongType: PASSWORD_REQUIRED,
          text: refused("Passwords don't match!"),
          tooLong: PASSWORD_TOO_LONG,
        },
        confirmPassword: {
          type: 'text',
          wrongType: refused('Please confirm your password'),
          text: refused("Passwords don't match!"),
          tooLong: refused("Passwords don't match!"),
        },
        agreeTerms: {
          type: 'boolean',
          wrongType: refused('You must agree to the terms and privacy policy'),
        },
      },
      extra: [
        {
          name: 'agreeTerms false',
          body: { ...registration, agreeTerms: false },
          expect: refused('You must agree to the terms and privacy policy'),
        },
        {
          name: "B's e-mail",
          body: { ...registration, email: b.email.toUpperCase() },
          expect: registerConflict,
        },
      ],
    },
    {
      path: '/api/auth/login',
      as: 'anonymous',
      template: { email: a.email, password: 'wrong-password-1' },
      templateAnswer: INVALID_LOGIN,
      empty: EMAIL_REQUIRED,
      fields: {
        email: {
          type: 'text',
          wrongType: EMAIL_REQUIRED,
          text: INVALID_EMAIL,
          tooLong: EMAIL_TOO_LONG,
        },
        password: {
          type: 'text',
          wrongType: PASSWORD_REQUIRED,
          text: INVALID_LOGIN,
          tooLong: PASSWORD_TOO_LONG,
        },
      },
    },
    {
      path: '/api/auth/login-with-partner',
      as: 'anonymous',
      template: { username: 'nobody-here', password: 'wrong-password-1' },
      templateAnswer: INVALID_PARTNER_LOGIN,
      empty: refused('Username is required'),
      fields: {
        username: {
          type: 'text',
          wrongType: refused('Username is required'),
          text: INVALID_PARTNER_LOGIN,
          tooLong: refused('username is too long'),
        },
        password: {
          type: 'text',
          wrongType: PASSWORD_REQUIRED,
          text: INVALID_PARTNER_LOGIN,
          tooLong: PASSWORD_TOO_LONG,
        },
      },
    },
    {
      path: '/api/auth/logout',
      as: 'anonymous',
      template: { anything: 'at all' },
      templateAnswer: loggedOut,
      bodyIgnored: true,
      empty: loggedOut,
      fields: {},
    },
    {
      path: '/api/auth/forgot-password',
      as: 'anonymous',
      template: { email: 'nobody@example.com' },
      templateAnswer: ok({
        success: true,
        message: 'If an account exists for this email, a password reset link has been sent.',
      }),
      empty: EMAIL_REQUIRED,
      fields: {
        email: {
          type: 'text',
          wrongType: EMAIL_REQUIRED,
          text: INVALID_EMAIL,
          tooLong: EMAIL_TOO_LONG,
        },
      },
    },
    {
      path: '/api/auth/verify-email',
      as: 'anonymous',
      template: { code: 'nope' },
      templateAnswer: INVALID_VERIFICATION,
      empty: INVALID_VERIFICATION,
      fields: {
        code: {
          type: 'text',
          wrongType: INVALID_VERIFICATION,
          text: INVALID_VERIFICATION,
          tooLong: INVALID_VERIFICATION,
        },
      },
    },
    {
      path: '/api/auth/reset-password',
      as: 'anonymous',
      template: { resetPasswordToken: 'nope', newPassword: 'long-enough-1' },
      templateAnswer: INVALID_RESET,
      empty: INVALID_RESET,
      fields: {
        resetPasswordToken: {
          type: 'text',
          wrongType: INVALID_RESET,
          text: INVALID_RESET,
          tooLong: INVALID_RESET,
        },
        newPassword: {
          type: 'text',
          wrongType: PASSWORD_REQUIRED,
          text: INVALID_RESET,
          tooLong: PASSWORD_TOO_LONG,
        },
      },
    },
    {
      path: '/api/auth/change-password',
      as: 'a',
      template: { oldPassword: 'not-my-password', newPassword: 'changed-password' },
      templateAnswer: WRONG_PASSWORD,
      empty: refused('Please fill in all password fields'),
      fields: {
        oldPassword: {
          type: 'text',
          wrongType: refused('Please fill in all password fields'),
          text: WRONG_PASSWORD,
          tooLong: WRONG_PASSWORD,
        },
        newPassword: {
          type: 'text',
          wrongType: PASSWORD_REQUIRED,
          text: WRONG_PASSWORD,
          tooLong: PASSWORD_TOO_LONG,
        },
      },
    },
    {
      path: '/api/search-profiles',
      as: 'a',
      template: { query: 'creator' },
      empty: refused('Type at least 2 characters to search'),
      fields: {
        query: {
          type: 'text',
          wrongType: refused('Type at least 2 characters to search'),
          text: ok({ success: true, data: [] }),
          tooLong: refused('Search text is too long'),
        },
      },
    },
    {
      path: '/api/check-model-availability',
      as: 'a',
      template: { username: a.activeProfile },
      templateAnswer: NOT_AVAILABLE,
      empty: CHOOSE_PROFILE,
      fields: { username: profileField(NOT_AVAILABLE) },
    },
    {
      path: '/api/new-campaign',
      as: 'a',
      template: { username: freeProfile, ...unaffordableCampaign },
      templateAnswer: NO_BALANCE,
      empty: CHOOSE_PROFILE,
      fields: {
        username: profileField(NOT_AVAILABLE),
        package_id: packageField,
        category_name: categoryField,
        amount_deposit: {
          type: 'number',
          wrongType: refused('Please enter a valid deposit amount (minimum $100)'),
          amounts: amountAnswers(refused('Please enter a valid deposit amount (minimum $100)'), {
            '100.001': DECIMALS,
            '1e15': NO_BALANCE,
            '1e21': NO_BALANCE,
            '1e308': NO_BALANCE,
          }),
        },
      },
      extra: [
        {
          name: "B's active profile, more than A's balance",
          body: { username: b.activeProfile, ...unaffordableCampaign },
          expect: NO_BALANCE,
        },
      ],
    },
    {
      path: '/api/assign-ad-package',
      as: 'a',
      template: { username: a.pausedProfile, ...unaffordableCampaign },
      templateAnswer: refused(
        'You already have a campaign for this profile. Reactivate it from Your Campaigns instead.',
        409,
      ),
      empty: CHOOSE_PROFILE,
      fields: {
        username: profileField(NOT_AVAILABLE),
        package_id: packageField,
        category_name: categoryField,
        amount_deposit: {
          type: 'number',
          wrongType: refused('Please enter a valid deposit amount'),
          amounts: amountAnswers(refused('Please enter a valid deposit amount'), {
            '100.001': DECIMALS,
            '1e15': NO_BALANCE,
            '1e21': NO_BALANCE,
            '1e308': NO_BALANCE,
          }),
        },
      },
      extra: [
        {
          name: "B's paused profile, more than A's balance",
          body: { username: b.pausedProfile, ...unaffordableCampaign },
          expect: NO_BALANCE,
        },
      ],
    },
    ...[
      ['/api/profile-ad-details', b.activeProfile],
      ['/api/campaign-daily-clicks', b.activeProfile],
      ['/api/remove-ad-package', b.pausedProfile],
    ].map(([path, username]): JsonEndpoint => ({
      path: path!,
      as: 'a',
      template: { username },
      templateAnswer: NO_CAMPAIGN,
      empty: CHOOSE_PROFILE,
      fields: { username: profileField(NO_CAMPAIGN) },
    })),
    {
      path: '/api/expire-ad-package',
      as: 'a',
      template: { username: b.activeProfile, packageId: 1 },
      templateAnswer: NO_CAMPAIGN,
      empty: CHOOSE_PROFILE,
      fields: {
        username: profileField(NO_CAMPAIGN),
        packageId: {
          type: 'number',
          wrongType: refused('packageId must be a number'),
          missing: 'valid',
        },
      },
    },
    {
      path: '/api/top-up-money-deposited',
      as: 'a',
      template: { username: a.activeProfile, package_id: 1, amount: 10_000_000 },
      templateAnswer: tooManyClicks,
      empty: CHOOSE_PROFILE,
      fields: {
        username: profileField(NO_CAMPAIGN),
        package_id: {
          type: 'number',
          wrongType: refused('package_id must be a number'),
          missing: 'valid',
        },
        amount: {
          type: 'number',
          wrongType: refused('Please enter a valid amount'),
          amounts: amountAnswers(refused('Please enter a valid amount'), {
            '100.001': DECIMALS,
            '1e15': tooManyClicks,
            '1e21': tooManyClicks,
            '1e308': tooManyClicks,
          }),
        },
      },
      extra: [b.activeProfile, b.pausedProfile].map((username) => ({
        name: `B's profile ${username}`,
        body: { username, amount: 100 },
        expect: NO_CAMPAIGN,
      })),
    },
    {
      path: '/api/top-up-balance-v2',
      as: 'a',
      // Never sent as is: every case below changes it into something refused.
      template: { amount: 100, coinType: 'usdc' },
      empty: refused('Please enter a valid amount'),
      fields: {
        amount: {
          type: 'number',
          wrongType: refused('Please enter a valid amount'),
          amounts: amountAnswers(refused('Minimum deposit amount is $100'), {
            '"NaN"': refused('Please enter a valid amount'),
            '"Infinity"': refused('Please enter a valid amount'),
            '"100.00.0"': refused('Please enter a valid amount'),
            '100.001': DECIMALS,
            '1e15': refused('Maximum deposit amount is $10,000'),
            '1e21': refused('Maximum deposit amount is $10,000'),
            '1e308': refused('Maximum deposit amount is $10,000'),
          }),
        },
        coinType: {
          type: 'text',
          wrongType: refused('Please choose ETH, USDC or USDT'),
          missing: 'valid',
          text: refused('Please choose ETH, USDC or USDT'),
          tooLong: refused('Please choose ETH, USDC or USDT'),
        },
      },
    },
    {
      path: '/api/verify-transaction-v2',
      as: 'a',
      template: { address, crmTransactionId: b.depositId },
      templateAnswer: TRANSACTION_NOT_FOUND,
      empty: refused('Please enter the address you paid from'),
      fields: {
        address: {
          type: 'text',
          wrongType: refused('Please enter the address you paid from'),
          text: refused('Please enter a valid Ethereum address (0x followed by 40 hex characters)'),
          tooLong: refused(
            'Please enter a valid Ethereum address (0x followed by 40 hex characters)',
          ),
        },
        crmTransactionId: transactionIdField,
      },
    },
    {
      path: '/api/delete-transaction',
      as: 'a',
      template: { transaction_id: b.depositId },
      templateAnswer: TRANSACTION_NOT_FOUND,
      empty: BAD_TRANSACTION_ID,
      fields: { transaction_id: transactionIdField },
    },
    {
      path: '/api/get-all-user-transactions',
      as: 'a',
      template: { action: 'pending' },
      empty: ok(expect.objectContaining({ success: true })),
      fields: {
        action: {
          type: 'text',
          wrongType: refused('Please choose all, confirmed, pending or failed'),
          missing: 'valid',
          text: refused('Please choose all, confirmed, pending or failed'),
          tooLong: refused('Please choose all, confirmed, pending or failed'),
        },
      },
    },
    {
      path: '/api/get-notifications',
      as: 'a',
      template: { read: false, page: 1 },
      empty: ok(expect.objectContaining({ success: true })),
      fields: {
        read: {
          type: 'boolean',
          wrongType: refused('read must be true, false or omitted'),
          missing: 'valid',
          null: 'valid',
        },
        page: {
          type: 'number',
          wrongType: refused('Page must be a whole number of at least 1'),
          missing: 'valid',
          ids: idAnswers(
            refused('Page must be a whole number of at least 1'),
            refused('Page must be a whole number of at least 1'),
          ),
        },
      },
    },
    {
      path: '/api/read-notification',
      as: 'a',
      template: { notification_id: b.notificationIds[0] },
      templateAnswer: NOTIFICATION_NOT_FOUND,
      empty: BAD_NOTIFICATION_ID,
      fields: {
        notification_id: {
          type: 'id',
          wrongType: BAD_NOTIFICATION_ID,
          ids: idAnswers(BAD_NOTIFICATION_ID, NOTIFICATION_NOT_FOUND),
        },
      },
    },
    {
      path: '/api/delete-notification',
      as: 'a',
      template: { notification_ids: b.notificationIds },
      // Ids of other users are ignored (contract): none of B's goes.
      templateAnswer: ok({
        success: true,
        message: 'Notifications deleted successfully',
        count: 0,
      }),
      empty: refused('Please choose at least one notification'),
      fields: {
        notification_ids: {
          type: 'list',
          wrongType: refused('Please choose at least one notification'),
        },
      },
      extra: [
        {
          name: 'an empty list',
          body: { notification_ids: [] },
          expect: refused('Please choose at least one notification'),
        },
        {
          name: '101 ids',
          body: { notification_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
          expect: refused('At most 100 notifications can be deleted at once'),
        },
        ...Object.entries(IDS)
          .filter(([kind]) => kind !== '2^31' && kind !== '"99999"')
          .map(([kind, id]) => ({
            name: `id ${kind} in the list`,
            body: { notification_ids: [b.notificationIds[0], id] },
            expect: BAD_NOTIFICATION_ID,
          })),
      ],
    },
  ];
}

/** GET endpoints: junk in the query is ignored; A gets her own data. */
const GET_ENDPOINTS: { path: string; as: Sender; answer: Answer }[] = [
  ...[
    '/api/auth/check-auth',
    '/api/get-user-details',
    '/api/get-all-categories',
    '/api/all/ad-packages',
    '/api/bought-ads-by-client',
    '/api/user/campaign-history',
    '/api/unread-notifications-count',
    '/api/read-all-notifications',
  ].map((path) => ({
    path,
    as: 'a' as const,
    answer: ok(expect.objectContaining({ success: true })),
  })),
  {
    path: '/api/config',
    as: 'anonymous',
    answer: ok(expect.objectContaining({ success: true, data: expect.any(Object) })),
  },
  { path: '/api/health', as: 'anonymous', answer: ok({ success: true, message: 'ok' }) },
];

const now = () => Math.floor(Date.now() / 1000);

/** Partner headers: signed with `secret` at `timestamp` over `signed` (the body, or a GET's URL). */
function partnerHeaders(
  signed: string,
  { timestamp = now(), secret = HOSTILE_PARTNER_SECRET } = {},
): Record<string, string> {
  return {
    'x-partner-timestamp': String(timestamp),
    'x-partner-signature': signPartnerRequest(secret, timestamp, signed),
  };
}

/** Requests whose signature or timestamp is wrong: 401 with the reason, whatever they carry. */
function signatureCases(method: string, path: string, raw?: string): HostileRequest[] {
  const signed = raw ?? path;
  const missing = refused('Missing partner signature', 401);
  const invalid = refused('Invalid partner signature', 401);
  const stale = refused('Partner request timestamp is too old', 401);
  const good = partnerHeaders(signed);
  const cases: [string, Record<string, string>, Answer][] = [
    ['no signature', {}, missing],
    ['a timestamp only', { 'x-partner-timestamp': String(now()) }, missing],
    ['a signature only', { 'x-partner-signature': good['x-partner-signature']! }, missing],
    ['a timestamp 10 minutes old', partnerHeaders(signed, { timestamp: now() - 600 }), stale],
    ['a timestamp 10 minutes ahead', partnerHeaders(signed, { timestamp: now() + 600 }), stale],
    ['a timestamp in exponent form', { ...good, 'x-partner-timestamp': '1e3' }, stale],
    ['a timestamp that is not a number', { ...good, 'x-partner-timestamp': 'soon' }, invalid],
    ['a fractional timestamp', { ...good, 'x-partner-timestamp': `${now()}.5` }, invalid],
    ['another secret', partnerHeaders(signed, { secret: 'guessed-secret' }), invalid],
    ['a signature of something else', partnerHeaders(`${signed}x`), invalid],
    ['a signature of zeros', { ...good, 'x-partner-signature': '0'.repeat(64) }, invalid],
    ['a signature that is not hex', { ...good, 'x-partner-signature': 'zz'.repeat(32) }, invalid],
    [
      'a 10,000-character signature',
      { ...good, 'x-partner-signature': 'a'.repeat(10_000) },
      invalid,
    ],
  ];
  return cases.map(([name, headers, answer]) => ({
    name,
    method,
    path,
    as: 'anonymous',
    raw,
    headers: raw === undefined ? headers : { 'content-type': 'application/json', ...headers },
    expect: answer,
  }));
}

/** Signed GETs: the signature is right, the query is hostile. */
function signedGet(name: string, path: string, answer: Answer): HostileRequest {
  return {
    name,
    method: 'GET',
    path,
    as: 'anonymous',
    headers: partnerHeaders(path),
    expect: answer,
  };
}

/** Signed click batches: the signature is right, the body is hostile. */
function signedClicks(name: string, raw: string, answer: Answer, type = 'application/json') {
  return {
    name,
    method: 'POST',
    path: '/api/partner/clicks',
    as: 'anonymous' as const,
    raw,
    headers: { 'content-type': type, ...partnerHeaders(raw) },
    expect: answer,
  };
}

function partnerCases(): HostileRequest[] {
  const unknownCategory = refused('Unknown category', 404);
  const categories = ok(expect.objectContaining({ success: true, categories: expect.any(Array) }));
  const click = { id: 'hostile-1', username: 'creator0', at: new Date().toISOString() };
  const batch = (events: unknown) => JSON.stringify({ events });
  const withClick = (change: Record<string, unknown>) => batch([{ ...click, ...change }]);
  return [
    ...signatureCases('GET', '/api/partner/categories'),
    signedGet('signed, junk query', '/api/partner/categories?x=%00%ff&__proto__=1', categories),
    ...signatureCases('GET', '/api/partner/placements?category=top'),
    ...[
      ['no category', '/api/partner/placements'],
      ['an empty category', '/api/partner/placements?category='],
      ['a SQL category', '/api/partner/placements?category=top%27%20OR%20%271%27%3D%271'],
      ['a NUL category', '/api/partner/placements?category=%00'],
      ['a 0xFF category', '/api/partner/placements?category=%ff'],
      ['a category given twice', '/api/partner/placements?category=top&category=new'],
      ['a category as an object', '/api/partner/placements?category[a]=top'],
      ['a 4,000-character category', `/api/partner/placements?category=${'x'.repeat(4000)}`],
    ].map(([name, path]) => signedGet(name!, path!, unknownCategory)),
    ...signatureCases('POST', '/api/partner/clicks', batch([click])),
    signedClicks('signed malformed JSON', '{"events": [', refused(MESSAGES.invalidJson)),
    signedClicks('signed empty body', '', refused(MESSAGES.invalidJson)),
    signedClicks('signed NaN', '{"events": NaN}', refused(MESSAGES.invalidJson)),
    signedClicks('signed list', '[]', refused(MESSAGES.notAnObject)),
    signedClicks('signed null', 'null', refused('events must be a list')),
    signedClicks('signed text/plain', batch([click]), refused(MESSAGES.notJson, 415), 'text/plain'),
    signedClicks('events as text', batch('x'), refused('events must be a list')),
    signedClicks('no events', batch([]), refused('A batch needs at least one click')),
    signedClicks(
      '1,001 events',
      batch(Array.from({ length: 1001 }, (_, i) => ({ ...click, id: `e${i}` }))),
      refused('A batch holds at most 1000 clicks'),
    ),
    signedClicks(
      'over 256 KB',
      batch([{ ...click, id: 'x'.repeat(300 * 1024) }]),
      refused(MESSAGES.tooLarge, 413),
    ),
    signedClicks('id as a number', withClick({ id: 1 }), refused('Each click needs an id')),
    signedClicks('empty id', withClick({ id: '' }), refused('Each click needs an id')),
    signedClicks('id with NUL', withClick({ id: 'a\u0000b' }), refused(MESSAGES.nul)),
    signedClicks(
      '101-character id',
      withClick({ id: 'x'.repeat(101) }),
      refused('events[0].id is too long'),
    ),
    signedClicks(
      'no username',
      withClick({ username: undefined }),
      refused('Each click needs a username'),
    ),
    signedClicks(
      'username as a list',
      withClick({ username: ['creator0'] }),
      refused('Each click needs a username'),
    ),
    signedClicks(
      'at as a number',
      withClick({ at: 1_700_000_000 }),
      refused('Each click needs a time'),
    ),
    ...['yesterday', '2026-13-01T00:00:00Z', '2026-01-01', "2026-01-01T00:00:00Z' OR 1=1"].map(
      (at) =>
        signedClicks(
          `at ${at}`,
          withClick({ at }),
          refused('Each click time must be an ISO 8601 timestamp'),
        ),
    ),
  ];
}

function avatarCases(): HostileRequest[] {
  const notFound = refused('Not found', 404);
  const forbidden = refused('Forbidden', 403);
  const cases: [string, string, Answer][] = [
    ['an unknown file', '/avatars/nobody.svg', notFound],
    ['an encoded ../ path', '/avatars/%2e%2e%2f%2e%2e%2fpackage.json', notFound],
    ['an encoded absolute path', '/avatars/%2fetc%2fpasswd', notFound],
    ['a NUL in the name', '/avatars/a%00.svg', forbidden],
    ['a 0xFF byte in the name', '/avatars/%ff.svg', refused('The request address is not valid')],
    ['a dot file', '/avatars/.env', notFound],
    ['a 4,000-character name', `/avatars/${'a'.repeat(4000)}.svg`, forbidden],
  ];
  return cases.map(([name, path, answer]) => ({
    name,
    method: 'GET',
    path,
    as: 'anonymous',
    expect: answer,
  }));
}

interface Outcome {
  status: number;
  body: unknown;
}

async function send(world: HostileWorld, request: HostileRequest): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (request.as === 'a') {
    headers.cookie = [...world.a.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  let body = request.raw;
  if (request.body !== undefined && body === undefined) body = JSON.stringify(request.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, request.headers);
  const response = await fetch(world.server.url + request.path, {
    method: request.method,
    headers,
    body,
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    body: text && type.includes('application/json') ? JSON.parse(text) : text,
  };
}

function expectedOutcome(request: HostileRequest): Outcome {
  const answer = request.expect;
  if (request.method === 'HEAD') return { status: answer.status, body: '' };
  const body = 'message' in answer ? { success: false, message: answer.message } : answer.body;
  return { status: answer.status, body };
}

function matches(actual: unknown, wanted: unknown): boolean {
  try {
    expect(actual).toEqual(wanted);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends a route's requests a dozen at a time; answers each differing from what it should be, and
 * the money state when it changed.
 */
async function failuresOf(world: HostileWorld, route: string, requests: HostileRequest[]) {
  const before = await moneyState(world);
  const failures: unknown[] = [];
  for (let i = 0; i < requests.length; i += 12) {
    const chunk = requests.slice(i, i + 12);
    const outcomes = await Promise.all(chunk.map((request) => send(world, request)));
    outcomes.forEach((outcome, index) => {
      const request = chunk[index]!;
      const wanted = expectedOutcome(request);
      if (!matches(outcome, wanted)) {
        failures.push({
          route,
          case: request.name,
          path: request.path.slice(0, 80),
          outcome,
          wanted,
        });
      }
    });
  }
  const after = await moneyState(world);
  if (!matches(after, before)) failures.push({ route, moneyStateChanged: { before, after } });
  return failures;
}

describe.each(databaseKinds())('hostile input to every endpoint on %s', (kind) => {
  let world: HostileWorld;

  beforeAll(async () => {
    world = await startHostileWorld(kind);
  });
  afterAll(() => world?.close());

  /** Every case of this file, grouped by the route it is sent to ("METHOD /path"). */
  function casesByRoute(): Map<string, HostileRequest[]> {
    const all = [
      ...jsonEndpoints(world).flatMap(jsonCases),
      ...GET_ENDPOINTS.flatMap(({ path, as, answer }) => {
        const cases = getCases(path, as, answer);
        return [...cases, ...headCases(cases)];
      }),
      ...partnerCases(),
      ...headCases(partnerCases().filter((c) => c.method === 'GET')),
      ...avatarCases(),
      ...headCases(avatarCases()),
    ];
    const routes = new Map<string, HostileRequest[]>();
    for (const request of all) {
      const route = `${request.method} ${routeOf(request.path)}`;
      routes.set(route, [...(routes.get(route) ?? []), request]);
    }
    return routes;
  }

  it('covers every route the app registers', () => {
    expect([...casesByRoute().keys()].sort()).toEqual(registeredRoutes(world.server.app));
  });

  it('answers hostile input to each route with a clear 4xx and changes nothing', async () => {
    const failures: unknown[] = [];
    for (const [route, requests] of casesByRoute()) {
      failures.push(...(await failuresOf(world, route, requests)));
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

/** The route a request path is served by: its path without the query, avatars under one wildcard. */
function routeOf(path: string): string {
  const bare = path.split('?')[0]!;
  return bare.startsWith('/avatars/') ? '/avatars/*' : bare;
}
