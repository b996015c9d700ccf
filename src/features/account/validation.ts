import { MIN_PASSWORD_LENGTH } from '../../shared/constants';
import { PROFILE_MESSAGES } from '../../shared/contract/profile';

// The rules of contract/auth.ts Username and contract/common.ts Email, written out: running those
// schemas here would bring valibot's e-mail and regex checks into every first load (valibot sits in
// the app chunk). The server holds both to the schemas anyway.

/** Spec §5 change-password rules; returns the message to show, or null when valid. */
export function validateChangePassword(values: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}) {
  if (!values.currentPassword || !values.newPassword || !values.confirmPassword)
    return 'Please fill in all password fields';
  if (values.newPassword !== values.confirmPassword) return 'New passwords do not match';
  if (values.newPassword.length < MIN_PASSWORD_LENGTH)
    return 'New password must be at least 8 characters long';
  return null;
}

/** Spec §5 profile edit: the username is required, by the rules of registration. */
export function validateUsername(username: string): string | null {
  const name = username.trim();
  if (!name) return 'Username is required';
  if (name.length < 3) return 'Username must be at least 3 characters long';
  if (name.length > 30) return 'Username must be at most 30 characters long';
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) {
    return 'Username may only contain letters, digits, dots, dashes and underscores';
  }
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
