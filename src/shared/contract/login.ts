import * as v from 'valibot';
// Not from rules/account.ts, which re-exports them: that would bring all of it into /login's first load.
import {
  MAX_PASSWORD_LENGTH,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
} from '../rules/sign-in-password';
import { Email } from './common';
import { endpoint } from './endpoint';
import { UserResponse } from './user';

/**
 * Sign-in, in a module of its own: /login is a first screen, and its first load carries this body
 * schema but none of the other account calls' (contract/auth.ts).
 */
export const Password = v.pipe(
  v.string(PASSWORD_REQUIRED),
  v.nonEmpty(PASSWORD_REQUIRED),
  v.maxLength(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
);

export const LoginBody = v.object({ email: Email, password: Password });
export type LoginBody = v.InferInput<typeof LoginBody>;

/**
 * Issue 16: the password (or partner login) was right and a second factor is due; the sign-in ends
 * with login-second-factor or a passkey (contract/two-factor.ts, contract/passkeys.ts).
 */
export const SecondFactorChallenge = v.object({
  success: v.literal(true),
  message: v.string(),
  secondFactor: v.object({ totp: v.boolean(), passkey: v.boolean() }),
});
export type SecondFactorChallenge = v.InferOutput<typeof SecondFactorChallenge>;

export const LoginResponse = v.union([UserResponse, SecondFactorChallenge]);

/**
 * Issue 32: the code of a 429 from the account-wide limit of sign-ins from new browsers; the sign-in
 * screen then offers the mailed sign-in link.
 */
export const SIGN_IN_LIMITED_CODE = 'sign_in_limited';

export const login = endpoint({
  method: 'POST',
  path: 'auth/login',
  body: LoginBody,
  response: LoginResponse,
  access: 'write',
});
