import * as v from 'valibot';
import { Email } from './common';
import { endpoint } from './endpoint';
import { UserResponse } from './user';

/**
 * Sign-in, in a module of its own: /login is a first screen, and its first load carries this body
 * schema but none of the other account calls' (contract/auth.ts).
 */
export const Password = v.pipe(
  v.string('Password is required'),
  v.nonEmpty('Password is required'),
  v.maxLength(200, 'Password is too long'),
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

export const login = endpoint({
  method: 'POST',
  path: 'auth/login',
  body: LoginBody,
  response: LoginResponse,
  access: 'write',
});
