import { PROFILE_MESSAGES } from '@/shared/contract/profile';
import {
  MIN_PASSWORD_LENGTH,
  NEW_PASSWORD_TOO_SHORT,
  passwordIdentityProblem,
  type PasswordOwner,
} from '@/shared/rules/account';

// The rules of contract/common.ts Email, written out: running that schema here would bring valibot's
// e-mail check into every first load (valibot sits in the app chunk). The server holds it to the
// schema anyway. The username's are shared/rules/account.ts usernameProblem.

/** Spec §5 change-password rules; returns the message to show, or null when valid. */
export function validateChangePassword(
  values: {
    currentPassword: string;
    newPassword: string;
    confirmPassword: string;
  },
  owner: PasswordOwner = {},
) {
  if (!values.currentPassword || !values.newPassword || !values.confirmPassword)
    return 'Please fill in all password fields';
  // Issue 32: not the username nor the e-mail's name (the common list is the server's).
  const identity = passwordIdentityProblem(values.newPassword, owner);
  if (identity) return identity;
  if (values.newPassword !== values.confirmPassword) return 'New passwords do not match';
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) return NEW_PASSWORD_TOO_SHORT;
  return null;
}

export type EmailChangeField = 'newEmail' | 'password';

/** The e-mail change form: the new address (the server's rules) and the current password. */
export function validateEmailChange(values: {
  newEmail: string;
  password: string;
}): { field: EmailChangeField; message: string } | null {
  const email = values.newEmail.trim();
  if (!email) return { field: 'newEmail', message: 'Email is required' };
  if (email.length > 254) return { field: 'newEmail', message: 'Email is too long' };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) {
    return { field: 'newEmail', message: 'Please enter a valid email address' };
  }
  if (!values.password) return { field: 'password', message: PROFILE_MESSAGES.passwordRequired };
  return null;
}
