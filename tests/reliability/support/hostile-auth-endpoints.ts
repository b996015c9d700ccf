import {
  EMAIL_REQUIRED,
  EMAIL_TOO_LONG,
  INVALID_EMAIL,
  INVALID_LOGIN,
  INVALID_PARTNER_LOGIN,
  INVALID_RESET,
  INVALID_VERIFICATION,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  WRONG_PASSWORD,
  SUCCESS,
  ok,
} from './hostile-answers';
import { refused, type Answer, type JsonEndpoint } from './hostile-cases';
import type { HostileWorld } from './hostile-world';

/** The auth endpoints of the hostile-input test: each hostile body and what it must get. */
export function authEndpoints({ a, b }: HostileWorld): JsonEndpoint[] {
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
  const loggedOut = ok({ success: true, message: 'Logged out successfully' });
  const sessionNotFound = refused('Session not found', 404);
  const enterCode = refused('Enter the code from your authenticator app');
  const invalidCode = refused('The code is not valid. Check your authenticator app and try again.');
  const passkeyExpired = refused('The passkey request has expired. Please try again.');
  const passkeyFailed = refused('The passkey could not be checked. Please try again.');
  const passkeyNotFound = refused('Passkey not found', 404);
  const INVALID_SIGN_IN_LINK = refused('The sign-in link is invalid or has expired');
  const codeField = (text: Answer) => ({
    type: 'text' as const,
    wrongType: enterCode,
    text,
    tooLong: invalidCode,
  });
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
      path: '/api/auth/email-sign-in',
      as: 'anonymous',
      template: { email: 'nobody@example.com' },
      templateAnswer: ok({
        success: true,
        message:
          'If an account exists for this email, we sent it a sign-in link. It works once, within 15 minutes.',
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
      path: '/api/auth/email-sign-in/confirm',
      as: 'anonymous',
      template: { token: 'nope' },
      templateAnswer: INVALID_SIGN_IN_LINK,
      empty: INVALID_SIGN_IN_LINK,
      fields: {
        token: {
          type: 'text',
          wrongType: INVALID_SIGN_IN_LINK,
          text: INVALID_SIGN_IN_LINK,
          tooLong: INVALID_SIGN_IN_LINK,
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
      path: '/api/auth/reset-password/check',
      as: 'anonymous',
      template: { resetPasswordToken: 'nope' },
      templateAnswer: INVALID_RESET,
      empty: INVALID_RESET,
      fields: {
        resetPasswordToken: {
          type: 'text',
          wrongType: INVALID_RESET,
          text: INVALID_RESET,
          tooLong: INVALID_RESET,
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
    // Issue 16 point 7: A's own sessions only; any id that is not one of them is the same 404.
    {
      path: '/api/auth/sessions',
      as: 'a',
      template: { anything: 'at all' },
      templateAnswer: SUCCESS,
      bodyIgnored: true,
      empty: SUCCESS,
      fields: {},
    },
    {
      path: '/api/auth/end-session',
      as: 'a',
      template: { id: '00000000-0000-4000-8000-000000000000' },
      templateAnswer: sessionNotFound,
      empty: refused('Please choose a session'),
      fields: {
        id: {
          type: 'text',
          wrongType: refused('Please choose a session'),
          text: sessionNotFound,
          tooLong: sessionNotFound,
        },
      },
    },
    {
      path: '/api/auth/end-other-sessions',
      as: 'a',
      template: { anything: 'at all' },
      templateAnswer: SUCCESS,
      bodyIgnored: true,
      empty: SUCCESS,
      fields: {},
    },
    // Issue 16 point 6: A has no second factor; set-up (first) leaves one pending, unconfirmed.
    {
      path: '/api/auth/two-factor/setup',
      as: 'a',
      template: { anything: 'at all' },
      templateAnswer: SUCCESS,
      bodyIgnored: true,
      empty: SUCCESS,
      fields: {},
    },
    {
      path: '/api/auth/two-factor/enable',
      as: 'a',
      template: { code: '000000' },
      templateAnswer: invalidCode,
      empty: enterCode,
      fields: { code: codeField(invalidCode) },
    },
    {
      path: '/api/auth/two-factor/disable',
      as: 'a',
      template: { password: 'password-123', code: '000000' },
      templateAnswer: refused('Two-factor sign-in is not on.'),
      empty: enterCode,
      fields: {
        password: {
          type: 'text',
          wrongType: PASSWORD_REQUIRED,
          missing: 'valid',
          text: refused('Two-factor sign-in is not on.'),
          tooLong: PASSWORD_TOO_LONG,
        },
        code: codeField(refused('Two-factor sign-in is not on.')),
      },
    },
    {
      path: '/api/auth/login-second-factor',
      as: 'anonymous',
      template: { code: '000000' },
      templateAnswer: refused('Your sign-in has expired. Please sign in again.', 401),
      empty: enterCode,
      fields: { code: codeField(refused('Your sign-in has expired. Please sign in again.', 401)) },
    },
    // Issue 16 point 6: passkeys. A has none; no ceremony is under way for these callers.
    {
      path: '/api/auth/passkeys/options',
      as: 'a',
      template: { anything: 'at all' },
      templateAnswer: SUCCESS,
      bodyIgnored: true,
      empty: SUCCESS,
      fields: {},
    },
    {
      path: '/api/auth/passkeys/add',
      as: 'a',
      template: { name: 'Laptop', credential: CREDENTIAL },
      templateAnswer: passkeyExpired,
      empty: passkeyFailed,
      fields: {
        name: {
          type: 'text',
          wrongType: refused('Please enter a name'),
          missing: 'valid',
          text: passkeyExpired,
          tooLong: refused('The name can have at most 60 characters'),
        },
      },
    },
    {
      path: '/api/auth/passkeys/rename',
      as: 'a',
      template: { id: 'not-a-passkey', name: 'Laptop' },
      templateAnswer: passkeyNotFound,
      empty: refused('Please choose a passkey'),
      fields: {
        id: {
          type: 'text',
          wrongType: refused('Please choose a passkey'),
          text: passkeyNotFound,
          tooLong: refused('Passkey not found'),
        },
        name: {
          type: 'text',
          wrongType: refused('Please enter a name'),
          text: passkeyNotFound,
          tooLong: refused('The name can have at most 60 characters'),
        },
      },
    },
    {
      path: '/api/auth/passkeys/remove',
      as: 'a',
      template: { id: 'not-a-passkey' },
      templateAnswer: passkeyNotFound,
      empty: refused('Please choose a passkey'),
      fields: {
        id: {
          type: 'text',
          wrongType: refused('Please choose a passkey'),
          text: passkeyNotFound,
          tooLong: refused('Passkey not found'),
        },
      },
    },
    {
      path: '/api/auth/passkey-sign-in/options',
      as: 'anonymous',
      template: { anything: 'at all' },
      templateAnswer: SUCCESS,
      bodyIgnored: true,
      empty: SUCCESS,
      fields: {},
    },
    {
      path: '/api/auth/passkey-sign-in',
      as: 'anonymous',
      template: { credential: CREDENTIAL },
      templateAnswer: passkeyExpired,
      empty: passkeyFailed,
      fields: {},
    },
    ...partnerLinkEndpoints(),
  ];
}

/** Issue 16 point 5: A has no link; any token is another account's, unknown or malformed. */
function partnerLinkEndpoints(): JsonEndpoint[] {
  const invalidLink = refused('The link is invalid or has expired');
  return ['/api/auth/link-partner/details', '/api/auth/link-partner'].map((path) => ({
    path,
    as: 'a',
    template: { token: 'not-a-link' },
    templateAnswer: invalidLink,
    empty: invalidLink,
    fields: {
      token: { type: 'text', wrongType: invalidLink, text: invalidLink, tooLong: invalidLink },
    },
  }));
}

/** The outline of a browser's passkey answer; no ceremony is under way, so it is never checked. */
const CREDENTIAL = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30' },
  clientExtensionResults: {},
};
