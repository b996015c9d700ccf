import {
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT,
  passwordIdentityProblem,
} from '@/shared/rules/account';

/** The client-side rules of spec §5; each returns the message to show, or null when valid. */

/** Issue 17: the password rule, shown under a new password's field before anything is typed. */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters.`;

/**
 * The field a refusal is about, by the rule its message states (the client's rules above and the
 * server's, spec §5): the confirmation, the terms, or the field a rule's message starts with; none for
 * any other message (a refusal of the whole form, a limit, a lost connection).
 */
export function fieldOfProblem(message: string) {
  if (/^Passwords (don't|do not) match/.test(message)) return 'confirmPassword';
  if (/^You must agree/.test(message)) return 'agreeTerms';
  if (/^Please enter a valid email/.test(message)) return 'email';
  // Issue 32: the new password's own rules (the owner's names, the common list).
  if (/^(Your|This) password/.test(message)) return 'password';
  return /^(Username|Email|Password) /.exec(message)?.[1]?.toLowerCase();
}

/**
 * Issue 32, as typed: a new password that contains the username or the e-mail's name (4+ characters,
 * any case) is refused before it is sent; the common-password list is the server's.
 */
export function passwordAsTypedProblem(values: {
  username?: string;
  email?: string;
  password: string;
}) {
  return values.password === '' ? null : passwordIdentityProblem(values.password, values);
}

export function validateRegistration(values: {
  username?: string;
  email?: string;
  password: string;
  confirmPassword: string;
  agreeTerms: boolean;
}) {
  const identity = passwordAsTypedProblem(values);
  if (identity) return identity;
  if (values.password !== values.confirmPassword) return "Passwords don't match!";
  if (!values.agreeTerms) return 'You must agree to the terms and privacy policy';
  return null;
}

export function validateNewPassword(values: { password: string; confirmPassword: string }) {
  if (values.password !== values.confirmPassword) return 'Passwords do not match';
  if (values.password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
