/**
 * The rules of an account's username and password, declared once (issue 34 point 8): the contract's
 * schemas (contract/login.ts, auth.ts, profile.ts), the forms' checks as typed and the server's
 * partner accounts (domain/auth/partner-accounts.ts) all read them. The forms check without valibot: its
 * regex and length checks would join the first load (valibot sits in the app chunk). The sign-in's
 * three are in a module of their own, to keep the rest out of /login's first load.
 */

export { MAX_PASSWORD_LENGTH, PASSWORD_REQUIRED, PASSWORD_TOO_LONG } from './sign-in-password';

/** Spec §5. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Letters, digits, dots, dashes and underscores. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** Spec §9. */
export const MIN_PASSWORD_LENGTH = 8;

// Plain constants, not an object's members: a member access in a schema would keep unused schemas in
// the client's first load (src/build/pure-valibot-calls.ts).
export const USERNAME_REQUIRED = 'Username is required';
export const USERNAME_TOO_SHORT = `Username must be at least ${USERNAME_MIN_LENGTH} characters long`;
export const USERNAME_TOO_LONG = `Username must be at most ${USERNAME_MAX_LENGTH} characters long`;
export const USERNAME_CHARACTERS =
  'Username may only contain letters, digits, dots, dashes and underscores';
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
export const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

/** What the username is refused for (spec §5), or null; it counts trimmed, as the contract does. */
export function usernameProblem(username: string): string | null {
  const name = username.trim();
  if (!name) return USERNAME_REQUIRED;
  if (name.length < USERNAME_MIN_LENGTH) return USERNAME_TOO_SHORT;
  if (name.length > USERNAME_MAX_LENGTH) return USERNAME_TOO_LONG;
  return USERNAME_PATTERN.test(name) ? null : USERNAME_CHARACTERS;
}

/**
 * Issue 32 (NIST SP 800-63B §3.1.1.2, OWASP ASVS 6.2.x): a new password may not contain the
 * account's username or the name of its e-mail address (the part before the @), each when it has at
 * least 4 characters, ignoring case. The forms check it as typed; the server checks it again, then
 * the list of common passwords (server only: src/server/domain/auth/common-passwords.ts).
 */

export const PASSWORD_RULE_MESSAGES = {
  containsUsername: 'Your password must not contain your username',
  containsEmailName: 'Your password must not contain the name of your e-mail address',
  common:
    'This password is one of the most common passwords. Please choose one that is harder to guess',
} as const;

/** Shorter names would refuse too many good passwords ("anna" yes, "al" no). */
const MIN_NAME_LENGTH = 4;

export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
}

function contains(password: string, name: string | null | undefined): boolean {
  const trimmed = name?.trim().toLowerCase() ?? '';
  return trimmed.length >= MIN_NAME_LENGTH && password.toLowerCase().includes(trimmed);
}

/** The first way `password` contains its owner's names, or null. */
export function passwordIdentityProblem(password: string, owner: PasswordOwner): string | null {
  if (contains(password, owner.username)) return PASSWORD_RULE_MESSAGES.containsUsername;
  const at = owner.email?.lastIndexOf('@') ?? -1;
  const emailName = at > 0 ? owner.email!.slice(0, at) : null;
  if (contains(password, emailName)) return PASSWORD_RULE_MESSAGES.containsEmailName;
  return null;
}
