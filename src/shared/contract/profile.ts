import * as v from 'valibot';
import { Username } from './auth';
import { Email, MessageResponse } from './common';
import { endpoint } from './endpoint';
import { Password } from './login';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '../rules/account';
import { UserResponse } from './user';

/**
 * Issue 16 point 8: the account page's profile really saves (spec §2 Account; the spec's simulated
 * save is gone): the username, the e-mail (confirmed by a link to the new address) and a first
 * password for an account that signs in through the partner site. The new verification mail is in
 * contract/verification.ts.
 */

// Plain constants in the schemas: a member access (MESSAGES.x) would keep an unused schema, and
// every valibot function it calls, in the client's first load (src/build/pure-valibot-calls.ts).
const PASSWORD_REQUIRED = 'Please enter your current password';
const WRONG_PASSWORD = 'Current password is incorrect';
const INVALID_EMAIL_LINK = 'The confirmation link is invalid or has expired';
const INVALID_SET_PASSWORD_LINK = 'The link is invalid or has expired';

export const PROFILE_MESSAGES = {
  /** Spec §5: what a saved profile says. */
  usernameSaved: 'Profile updated successfully!',
  usernameTaken: 'This username is already taken.',
  passwordRequired: PASSWORD_REQUIRED,
  wrongPassword: WRONG_PASSWORD,
  noPassword:
    'Your account has no password yet. Set a password first, then you can change your e-mail.',
  sameEmail: 'This is already your e-mail address',
  invalidEmailLink: INVALID_EMAIL_LINK,
  /** Generic: the address may have been taken since the link was sent. */
  emailUnavailable: 'This e-mail address cannot be used. Please choose another one.',
  alreadyHasPassword: 'Your account already has a password',
  invalidSetPasswordLink: INVALID_SET_PASSWORD_LINK,
  passwordSet: 'Your password has been set. You can now also sign in with your e-mail.',
  securityRead: 'Account security fetched successfully',
} as const;

export const emailChangeSentMessage = (email: string) =>
  `We sent a confirmation link to ${email}. Your e-mail changes once you open it.`;

export const emailChangedMessage = (email: string) => `Your e-mail address is now ${email}.`;

export const setPasswordLinkSentMessage = (email: string) =>
  `We sent a link to set your password to ${email}.`;

/** Spec §5 reset-password rules: a first password is held to the same. */
const NewPassword = v.pipe(Password, v.minLength(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT));

/** A mail link's token; any malformed one is an invalid link. */
// @__NO_SIDE_EFFECTS__
const linkToken = (message: string) =>
  v.pipe(v.string(message), v.nonEmpty(message), v.maxLength(200, message));

/** The rules of registration (contract/auth.ts Username). */
export const UpdateUsernameBody = v.object({ username: Username });
export type UpdateUsernameBody = v.InferInput<typeof UpdateUsernameBody>;

export const ChangeEmailBody = v.object({
  newEmail: Email,
  password: v.pipe(
    v.string(PASSWORD_REQUIRED),
    v.nonEmpty(PASSWORD_REQUIRED),
    v.maxLength(MAX_PASSWORD_LENGTH, WRONG_PASSWORD),
  ),
});
export type ChangeEmailBody = v.InferInput<typeof ChangeEmailBody>;

export const ConfirmEmailBody = v.object({ token: linkToken(INVALID_EMAIL_LINK) });
export type ConfirmEmailBody = v.InferInput<typeof ConfirmEmailBody>;

export const SetPasswordBody = v.object({
  token: linkToken(INVALID_SET_PASSWORD_LINK),
  newPassword: NewPassword,
});
export type SetPasswordBody = v.InferInput<typeof SetPasswordBody>;

/**
 * What the account page shows of how the account signs in: whether it has a password (an account
 * made by partner login has none until one is set), when that was last changed, and the partner
 * site's name when the account is linked to a partner account.
 */
export const AccountSecurity = v.object({
  hasPassword: v.boolean(),
  passwordChangedAt: v.nullable(v.string()),
  partnerName: v.nullable(v.string()),
});
export type AccountSecurity = v.InferOutput<typeof AccountSecurity>;

export const AccountSecurityResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: AccountSecurity,
});

const Sent = v.object({ success: v.literal(true), message: v.string() });

/** Signed in: the new username, by registration's rules; 409 when another account has it. */
export const updateUsername = endpoint({
  method: 'POST',
  path: 'account/username',
  body: UpdateUsernameBody,
  response: UserResponse,
  access: 'write',
});

/**
 * Signed in, with the current password: mails a confirmation link to the new address and a notice to
 * the current one. The answer is the same whether or not the new address has an account.
 */
export const changeEmail = endpoint({
  method: 'POST',
  path: 'account/change-email',
  body: ChangeEmailBody,
  response: Sent,
  access: 'write',
});

/** The link of the change-email mail, opened signed in to the account that asked for it. */
export const confirmEmail = endpoint({
  method: 'POST',
  path: 'account/confirm-email',
  body: ConfirmEmailBody,
  response: UserResponse,
  access: 'write',
});

export const getAccountSecurity = endpoint({
  method: 'GET',
  path: 'account/security',
  response: AccountSecurityResponse,
  access: 'read',
});

/** Signed in, without a password: mails a link to set the first one. */
export const sendSetPasswordLink = endpoint({
  method: 'POST',
  path: 'account/set-password-link',
  response: Sent,
  access: 'write',
});

/** The link of that mail: sets the first password; no session ends. */
export const setPassword = endpoint({
  method: 'POST',
  path: 'account/set-password',
  body: SetPasswordBody,
  response: MessageResponse,
  access: 'write',
});
