import * as v from 'valibot';
import { MessageResponse } from './common';
import { endpoint } from './endpoint';
import { Password } from './login';
import { UserResponse } from './user';

/**
 * Two-factor sign-in (issue 16, design §3): TOTP set up with a QR code and a first code, ten
 * recovery codes shown once, asked at every sign-in once on.
 */

// A plain constant in the schema: a member access would keep it in the client's build
// (src/build/pure-valibot-calls.ts).
const INVALID_CODE = 'The code is not valid. Check your authenticator app and try again.';

export const TWO_FACTOR_MESSAGES = {
  challenge: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  invalidCode: INVALID_CODE,
  noChallenge: 'Your sign-in has expired. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notSetUp: 'Start the set-up again: scan the new QR code first.',
  notOn: 'Two-factor sign-in is not on.',
} as const;

/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const Code = v.pipe(
  v.string('Enter the code from your authenticator app'),
  v.transform((code) => code.replace(/\s+/g, '')),
  v.nonEmpty('Enter the code from your authenticator app'),
  v.maxLength(64, INVALID_CODE),
);

export const CodeBody = v.object({ code: Code });
export const DisableTwoFactorBody = v.object({ password: v.optional(Password), code: Code });

export const twoFactorStatus = endpoint({
  method: 'GET',
  path: 'auth/two-factor',
  response: v.object({
    success: v.literal(true),
    enabled: v.boolean(),
    recoveryCodesLeft: v.number(),
    hasPassword: v.boolean(),
  }),
  access: 'read',
});

export const setUpTwoFactor = endpoint({
  method: 'POST',
  path: 'auth/two-factor/setup',
  response: v.object({
    success: v.literal(true),
    /** Base32, for typing into the app by hand. */
    secret: v.string(),
    /** The otpauth:// URI the QR code holds. */
    uri: v.string(),
    /** The QR code as an SVG document. */
    qrSvg: v.string(),
  }),
  access: 'write',
});

export const enableTwoFactor = endpoint({
  method: 'POST',
  path: 'auth/two-factor/enable',
  body: CodeBody,
  response: v.object({
    success: v.literal(true),
    message: v.string(),
    recoveryCodes: v.array(v.string()),
  }),
  access: 'write',
});

export const disableTwoFactor = endpoint({
  method: 'POST',
  path: 'auth/two-factor/disable',
  body: DisableTwoFactorBody,
  response: MessageResponse,
  access: 'write',
});

/** The second step of a sign-in that answered a SecondFactorChallenge. */
export const loginSecondFactor = endpoint({
  method: 'POST',
  path: 'auth/login-second-factor',
  body: CodeBody,
  response: UserResponse,
  access: 'write',
});
