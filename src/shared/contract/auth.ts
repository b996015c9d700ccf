import * as v from 'valibot';
import {
  MIN_PASSWORD_LENGTH,
  NEW_PASSWORD_TOO_SHORT,
  PASSWORD_TOO_SHORT,
  USERNAME_CHARACTERS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  USERNAME_REQUIRED,
  USERNAME_TOO_LONG,
  USERNAME_TOO_SHORT,
} from '../rules/account';
import { Email, MessageResponse } from './common';
import { endpoint } from './endpoint';
import { LoginResponse, Password } from './login';
import { UserResponse } from './user';

/** Spec §5, as the forms check it (rules/account.ts usernameProblem). */
export const Username = v.pipe(
  v.string(USERNAME_REQUIRED),
  v.trim(),
  v.nonEmpty(USERNAME_REQUIRED),
  v.minLength(USERNAME_MIN_LENGTH, USERNAME_TOO_SHORT),
  v.maxLength(USERNAME_MAX_LENGTH, USERNAME_TOO_LONG),
  v.regex(USERNAME_PATTERN, USERNAME_CHARACTERS),
);

// A schema maker: the bundler may drop its unused schemas (src/build/client-endpoints.ts).
// @__NO_SIDE_EFFECTS__
const NewPassword = (message: string) =>
  v.pipe(Password, v.minLength(MIN_PASSWORD_LENGTH, message));

/** Spec §3 Registration payload; spec §5 rules. */
export const RegisterBody = v.pipe(
  v.object({
    username: Username,
    email: Email,
    password: NewPassword(PASSWORD_TOO_SHORT),
    confirmPassword: v.string('Please confirm your password'),
    agreeTerms: v.literal(true, 'You must agree to the terms and privacy policy'),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      "Passwords don't match!",
    ),
    ['confirmPassword'],
  ),
);
export type RegisterBody = v.InferInput<typeof RegisterBody>;

/** Partner-site login: the partner account's username and password (design §3). */
export const PartnerLoginBody = v.object({
  username: v.pipe(
    v.string('Username is required'),
    v.trim(),
    v.nonEmpty('Username is required'),
    v.maxLength(100),
  ),
  password: Password,
});
export type PartnerLoginBody = v.InferInput<typeof PartnerLoginBody>;

export const ForgotPasswordBody = v.object({ email: Email });
export type ForgotPasswordBody = v.InferInput<typeof ForgotPasswordBody>;

export const VerifyEmailBody = v.object({
  code: v.pipe(
    v.string('The verification link is invalid or has expired'),
    v.nonEmpty('The verification link is invalid or has expired'),
    v.maxLength(200, 'The verification link is invalid or has expired'),
  ),
});
export type VerifyEmailBody = v.InferInput<typeof VerifyEmailBody>;

/** Issue 17: the answer of verify-email says whether the link's account was verified before. */
export const VerifyEmailResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  alreadyVerified: v.boolean(),
});
export type VerifyEmailResponse = v.InferOutput<typeof VerifyEmailResponse>;

const ResetPasswordToken = v.pipe(
  v.string('The reset link is invalid or has expired'),
  v.nonEmpty('The reset link is invalid or has expired'),
  v.maxLength(200, 'The reset link is invalid or has expired'),
);

export const ResetPasswordBody = v.object({
  resetPasswordToken: ResetPasswordToken,
  newPassword: NewPassword(PASSWORD_TOO_SHORT),
});
export type ResetPasswordBody = v.InferInput<typeof ResetPasswordBody>;

export const ResetLinkBody = v.object({ resetPasswordToken: ResetPasswordToken });
export type ResetLinkBody = v.InferInput<typeof ResetLinkBody>;

/** Says nothing but that the link works: an unusable one gets reset-password's own 400. */
export const ResetLinkResponse = v.object({ success: v.literal(true) });

export const ChangePasswordBody = v.object({
  oldPassword: v.pipe(
    v.string('Please fill in all password fields'),
    v.nonEmpty('Please fill in all password fields'),
  ),
  newPassword: NewPassword(NEW_PASSWORD_TOO_SHORT),
});
export type ChangePasswordBody = v.InferInput<typeof ChangePasswordBody>;

/** Creates the account and signs it in (201). */
export const register = endpoint({
  method: 'POST',
  path: 'auth/register',
  body: RegisterBody,
  response: UserResponse,
  access: 'write',
});

/** Design §3: the path carries the partner's slug, a setting (default login-with-partner). */
export const loginWithPartner = endpoint({
  method: 'POST',
  path: 'auth/login-with-{product}',
  body: PartnerLoginBody,
  response: LoginResponse,
  access: 'write',
});

/** Spec §7: answers the same whether or not the e-mail exists. */
export const forgotPassword = endpoint({
  method: 'POST',
  path: 'auth/forgot-password',
  body: ForgotPasswordBody,
  response: MessageResponse,
  access: 'write',
});

/**
 * 400 for an unknown link, or an expired one of an unverified account. Issue 17: a link of an account
 * verified already (by this link or another) answers 200 with `alreadyVerified`, however old it is.
 */
export const verifyEmail = endpoint({
  method: 'POST',
  path: 'auth/verify-email',
  body: VerifyEmailBody,
  response: VerifyEmailResponse,
  access: 'write',
});

export const resetPassword = endpoint({
  method: 'POST',
  path: 'auth/reset-password',
  body: ResetPasswordBody,
  response: MessageResponse,
  access: 'write',
});

/**
 * Issue 17: whether a reset link still works, asked when its page opens, so that a used, expired or
 * replaced link says so before the form is filled in. Changes nothing: a mail scanner opening the
 * link spends nothing. 400 with reset-password's message when the link would be refused.
 */
export const checkResetLink = endpoint({
  method: 'POST',
  path: 'auth/reset-password/check',
  body: ResetLinkBody,
  response: ResetLinkResponse,
  access: 'read',
});

/** Signed in: needs the old password and ends the other sessions (design §3). */
export const changePassword = endpoint({
  method: 'POST',
  path: 'auth/change-password',
  body: ChangePasswordBody,
  response: MessageResponse,
  access: 'write',
});
