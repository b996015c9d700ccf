import {
  EMAIL_REQUIRED,
  EMAIL_TOO_LONG,
  INVALID_EMAIL,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  SUCCESS,
  WRONG_PASSWORD,
} from './hostile-answers';
import { refused, type Answer, type JsonEndpoint, type Sender } from './hostile-cases';

/**
 * Issue 16 point 8: the profile calls of the hostile-input test. A is verified and has a password;
 * no body sent here changes A (a taken or unknown value, a wrong password, a link that names nothing).
 */

const USERNAME_REQUIRED = refused('Username is required');
const TIME_ZONE_REQUIRED = refused('A time zone is required');
const UNKNOWN_TIME_ZONE = refused('Unknown time zone');
const INVALID_EMAIL_LINK = refused('The confirmation link is invalid or has expired');
const INVALID_SET_PASSWORD_LINK = refused('The link is invalid or has expired');
const PASSWORD_NEEDED = refused('Please enter your current password');
const PROOF_MISSING = refused('Enter your password or a code from your authenticator app');

export function profileEndpoints(): JsonEndpoint[] {
  return [
    // Issue 36: no zone the time-zone database does not know is ever kept.
    {
      path: '/api/account/time-zone',
      as: 'a',
      template: { time_zone: 'Mars/Olympus' },
      templateAnswer: UNKNOWN_TIME_ZONE,
      empty: TIME_ZONE_REQUIRED,
      fields: {
        time_zone: {
          type: 'text',
          wrongType: TIME_ZONE_REQUIRED,
          text: UNKNOWN_TIME_ZONE,
          tooLong: UNKNOWN_TIME_ZONE,
        },
      },
    },
    {
      path: '/api/account/username',
      as: 'a',
      template: { username: 'hostile_renamed' },
      empty: USERNAME_REQUIRED,
      fields: {
        username: {
          type: 'text',
          wrongType: USERNAME_REQUIRED,
          text: refused('Username may only contain letters, digits, dots, dashes and underscores'),
          tooLong: refused('Username must be at most 30 characters long'),
        },
      },
    },
    {
      path: '/api/account/change-email',
      as: 'a',
      template: { newEmail: 'hostile-new@example.com', password: 'not-my-password' },
      templateAnswer: WRONG_PASSWORD,
      empty: EMAIL_REQUIRED,
      fields: {
        newEmail: {
          type: 'text',
          wrongType: EMAIL_REQUIRED,
          text: INVALID_EMAIL,
          tooLong: EMAIL_TOO_LONG,
        },
        password: {
          type: 'text',
          wrongType: PASSWORD_NEEDED,
          text: WRONG_PASSWORD,
          tooLong: WRONG_PASSWORD,
        },
      },
    },
    // Issue 32 point 8: "Confirm it's you" with a wrong password proves nothing.
    {
      path: '/api/account/confirm-identity',
      as: 'a',
      template: { password: 'not-my-password' },
      templateAnswer: WRONG_PASSWORD,
      empty: PROOF_MISSING,
      fields: {
        password: {
          type: 'text',
          wrongType: PROOF_MISSING,
          text: WRONG_PASSWORD,
          tooLong: WRONG_PASSWORD,
        },
      },
    },
    {
      path: '/api/account/confirm-email',
      as: 'a',
      template: { token: 'nope' },
      templateAnswer: INVALID_EMAIL_LINK,
      empty: INVALID_EMAIL_LINK,
      fields: {
        token: {
          type: 'text',
          wrongType: INVALID_EMAIL_LINK,
          text: INVALID_EMAIL_LINK,
          tooLong: INVALID_EMAIL_LINK,
        },
      },
    },
    bodyless('/api/account/resend-verification', refused('Your account is already verified')),
    bodyless('/api/account/set-password-link', refused('Your account already has a password')),
    {
      path: '/api/account/set-password',
      as: 'anonymous',
      template: { token: 'nope', newPassword: 'long-enough-1' },
      templateAnswer: INVALID_SET_PASSWORD_LINK,
      empty: INVALID_SET_PASSWORD_LINK,
      fields: {
        token: {
          type: 'text',
          wrongType: INVALID_SET_PASSWORD_LINK,
          text: INVALID_SET_PASSWORD_LINK,
          tooLong: INVALID_SET_PASSWORD_LINK,
        },
        newPassword: {
          type: 'text',
          wrongType: PASSWORD_REQUIRED,
          text: INVALID_SET_PASSWORD_LINK,
          tooLong: PASSWORD_TOO_LONG,
        },
      },
    },
  ];
}

/** A signed-in call that reads no body: whatever well-formed JSON it gets, A's answer. */
function bodyless(path: string, answer: Answer): JsonEndpoint {
  return {
    path,
    as: 'a',
    template: { anything: 'at all' },
    templateAnswer: answer,
    bodyIgnored: true,
    empty: answer,
    fields: {},
  };
}

/** The profile's GET: A's account security. */
export const PROFILE_GET_ENDPOINTS: { path: string; as: Sender; answer: Answer }[] = [
  { path: '/api/account/security', as: 'a', answer: SUCCESS },
  { path: '/api/account/time-zone', as: 'a', answer: SUCCESS },
];
