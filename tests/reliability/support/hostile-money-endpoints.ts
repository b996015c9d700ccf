import { expect } from 'vitest';
import {
  BAD_NOTIFICATION_ID,
  BAD_TRANSACTION_ID,
  CHOOSE_PROFILE,
  DECIMALS,
  NOTIFICATION_NOT_FOUND,
  NOT_AVAILABLE,
  NO_BALANCE,
  NO_CAMPAIGN,
  SUCCESS,
  TRANSACTION_NOT_FOUND,
  amountAnswers,
  categoryField,
  idAnswers,
  ok,
  packageField,
  profileField,
  transactionIdField,
} from './hostile-answers';
import {
  MESSAGES,
  refused,
  type Answer,
  type HostileRequest,
  type JsonEndpoint,
  type Sender,
} from './hostile-cases';
import { REQUESTED_WITH, REQUESTED_WITH_HEADER } from '@/shared/requested-with';
import { IDS } from './hostile-values';
import type { HostileWorld } from './hostile-world';

/**
 * The campaign, deposit and notification endpoints of the hostile-input test, signed in as A: each
 * hostile body and what it must get. Where a body would be valid, it asks for more than A's balance
 * or names B's data, so it is refused all the same.
 */
export function moneyEndpoints({ a, b, freeProfile }: HostileWorld): JsonEndpoint[] {
  const address = `0x${'ab'.repeat(20)}`;
  const NOT_ACTIVE = refused('This campaign is not active');
  const BAD_DAILY_BUDGET = refused('Please enter a valid daily budget');
  const BAD_END_DATE = refused('Please enter a valid end date');
  const tooManyClicks = refused(
    'This amount would take the campaign past the package maximum of 10,000 clicks',
  );
  // More than A's balance, and more clicks than the package allows: since issue 31 the package cap
  // holds for every purchase and is checked first, as for a top-up.
  const unaffordableCampaign = {
    package_id: 3,
    category_name: 'Fitness',
    amount_deposit: 10_000_000,
  };
  return [
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
      templateAnswer: tooManyClicks,
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
          expect: tooManyClicks,
        },
      ],
    },
    {
      path: '/api/assign-ad-package',
      as: 'a',
      // Replaces the paused campaign's package in one transaction (issue 13): refused for the cap.
      template: { username: a.pausedProfile, ...unaffordableCampaign },
      templateAnswer: tooManyClicks,
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
          expect: tooManyClicks,
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
      fields: {
        username: profileField(NO_CAMPAIGN),
        // Issue 35: the tracker's chart counts days in the time zone sent (none: UTC days).
        ...(path === '/api/campaign-daily-clicks' && {
          time_zone: {
            type: 'text',
            wrongType: refused('A time zone is required'),
            missing: 'valid',
            text: refused('Unknown time zone'),
            tooLong: refused('Unknown time zone'),
          },
        }),
      },
    })),
    ...statsEndpoints(b.activeProfile),
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
    // Issue 36: A's paused campaign takes no settings, so nothing here changes A.
    {
      path: '/api/update-campaign-settings',
      as: 'a',
      template: { username: a.pausedProfile, daily_budget: 5, ends_on: '2099-12-31' },
      templateAnswer: NOT_ACTIVE,
      empty: CHOOSE_PROFILE,
      fields: {
        username: profileField(NO_CAMPAIGN),
        daily_budget: {
          type: 'number',
          wrongType: BAD_DAILY_BUDGET,
          missing: NOT_ACTIVE,
          null: NOT_ACTIVE,
          amounts: amountAnswers(BAD_DAILY_BUDGET, { '100.001': DECIMALS }),
        },
        ends_on: {
          type: 'text',
          wrongType: BAD_END_DATE,
          missing: NOT_ACTIVE,
          null: NOT_ACTIVE,
          text: BAD_END_DATE,
          tooLong: BAD_END_DATE,
        },
      },
      extra: [b.activeProfile, b.pausedProfile].map((username) => ({
        name: `B's profile ${username}`,
        body: { username, daily_budget: 5 },
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
      extra: [
        {
          name: "B's paid deposit",
          body: { address, crmTransactionId: b.paidDepositId },
          expect: TRANSACTION_NOT_FOUND,
        },
      ],
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
      extra: [
        {
          name: "B's paid deposit",
          body: { transaction_id: b.paidDepositId },
          expect: TRANSACTION_NOT_FOUND,
        },
        // A's own: a paid deposit is no longer pending; nothing can be deleted.
        {
          name: "A's paid deposit",
          body: { transaction_id: a.paidDepositId },
          expect: refused('Only a pending transaction can be deleted'),
        },
      ],
    },
    {
      path: '/api/get-transaction',
      as: 'a',
      template: { transaction_id: b.depositId },
      templateAnswer: TRANSACTION_NOT_FOUND,
      empty: BAD_TRANSACTION_ID,
      fields: { transaction_id: transactionIdField },
      extra: [
        {
          name: "B's paid deposit",
          body: { transaction_id: b.paidDepositId },
          expect: TRANSACTION_NOT_FOUND,
        },
      ],
    },
    {
      path: '/api/get-all-user-transactions',
      as: 'a',
      template: { action: 'pending' },
      empty: SUCCESS,
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
      empty: SUCCESS,
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
export const GET_ENDPOINTS: { path: string; as: Sender; answer: Answer }[] = [
  ...[
    '/api/auth/check-auth',
    '/api/get-user-details',
    '/api/get-all-categories',
    '/api/all/ad-packages',
    '/api/bought-ads-by-client',
    '/api/user/campaign-history',
    '/api/unread-notifications-count',
    '/api/auth/two-factor',
    '/api/auth/passkeys',
  ].map((path) => ({
    path,
    as: 'a' as const,
    answer: SUCCESS,
  })),
  // A GET that changes data: refused without the header our pages send (issue 16).
  { path: '/api/read-all-notifications', as: 'a', answer: refused(MESSAGES.crossOrigin, 403) },
  {
    path: '/api/config',
    as: 'anonymous',
    answer: ok(expect.objectContaining({ success: true, data: expect.any(Object) })),
  },
  { path: '/api/health', as: 'anonymous', answer: ok({ success: true, message: 'ok' }) },
  // The partner API's documents (issue 18): public, and the same whoever asks.
  {
    path: '/api/openapi.json',
    as: 'anonymous',
    answer: ok(expect.objectContaining({ openapi: '3.1.0' })),
  },
  {
    path: '/api/docs',
    as: 'anonymous',
    answer: ok(expect.stringContaining('<h1>PromoClicks partner API</h1>')),
  },
  // Operating (issue 20): liveness, readiness, and the metrics, open to this machine in development.
  { path: '/healthz', as: 'anonymous', answer: ok({ status: 'ok' }) },
  { path: '/readyz', as: 'anonymous', answer: ok(expect.objectContaining({ status: 'ready' })) },
  {
    path: '/metrics',
    as: 'anonymous',
    answer: ok(expect.stringContaining('# TYPE promoclicks_clicks_billed_total counter')),
  },
];

/**
 * read-all-notifications changes data over GET: a request another site started is refused, even
 * with the header our pages send.
 */
export const CROSS_SITE_GET: HostileRequest = {
  name: 'Sec-Fetch-Site: cross-site',
  method: 'GET',
  path: '/api/read-all-notifications',
  as: 'a',
  headers: { 'sec-fetch-site': 'cross-site', [REQUESTED_WITH_HEADER]: REQUESTED_WITH },
  expect: refused(MESSAGES.crossOrigin, 403),
};

/** Issue 19: the range figures. A's own figures are harmless to read; B's campaign is not found. */
function statsEndpoints(bProfile: string): JsonEndpoint[] {
  const CHOOSE_RANGE = refused('Choose a range: today, 7d, 30d, all or custom');
  const UNKNOWN_ZONE = refused('Unknown time zone');
  const BAD_DAY = refused('Each day must be a date like 2026-11-27');
  const UNKNOWN_PAGE = refused('Unknown page of the statement');
  const rangeFields = {
    range: { type: 'text', wrongType: CHOOSE_RANGE, text: CHOOSE_RANGE, tooLong: CHOOSE_RANGE },
    time_zone: {
      type: 'text',
      wrongType: refused('A time zone is required'),
      text: UNKNOWN_ZONE,
      tooLong: UNKNOWN_ZONE,
    },
    from: { type: 'text', wrongType: BAD_DAY, missing: 'valid', text: BAD_DAY, tooLong: BAD_DAY },
    to: { type: 'text', wrongType: BAD_DAY, missing: 'valid', text: BAD_DAY, tooLong: BAD_DAY },
  } satisfies JsonEndpoint['fields'];
  const backwards = {
    name: 'a custom range ending before it starts',
    expect: refused('The first day must not be after the last day'),
  };
  return [
    ...['/api/stats/account', '/api/stats/campaigns'].map((path): JsonEndpoint => ({
      path,
      as: 'a',
      template: { range: '7d', time_zone: 'UTC' },
      empty: CHOOSE_RANGE,
      fields: rangeFields,
      extra: [
        {
          ...backwards,
          body: { range: 'custom', from: '2026-02-01', to: '2026-01-01', time_zone: 'UTC' },
        },
      ],
    })),
    // Issue 35: the statement takes the same range, and the cursor of a page of A's own.
    {
      path: '/api/account/statement',
      as: 'a',
      template: { range: '7d', time_zone: 'UTC' },
      empty: CHOOSE_RANGE,
      fields: {
        ...rangeFields,
        cursor: {
          type: 'text',
          wrongType: UNKNOWN_PAGE,
          missing: 'valid',
          text: UNKNOWN_PAGE,
          tooLong: UNKNOWN_PAGE,
        },
      },
      extra: [
        {
          ...backwards,
          body: { range: 'custom', from: '2026-02-01', to: '2026-01-01', time_zone: 'UTC' },
        },
      ],
    },
    {
      path: '/api/stats/campaign',
      as: 'a',
      template: { username: bProfile, range: '7d', time_zone: 'UTC' },
      templateAnswer: NO_CAMPAIGN,
      empty: CHOOSE_PROFILE,
      fields: { username: profileField(NO_CAMPAIGN), ...rangeFields },
      extra: [
        {
          ...backwards,
          body: {
            username: bProfile,
            range: 'custom',
            from: '2026-02-01',
            to: '2026-01-01',
            time_zone: 'UTC',
          },
        },
      ],
    },
  ];
}
