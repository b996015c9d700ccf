import { MIN_PASSWORD_LENGTH } from '../../shared/constants';

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

/** Spec §5 profile edit: username and email are required. */
export function validateProfile(values: { username: string; email: string }) {
  if (!values.username.trim() || !values.email.trim()) return 'Username and email are required';
  return null;
}
