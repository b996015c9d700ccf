import { MIN_PASSWORD_LENGTH } from '../../shared/constants';

/** The client-side rules of spec §5; each returns the message to show, or null when valid. */

export function validateRegistration(values: {
  password: string;
  confirmPassword: string;
  agreeTerms: boolean;
}) {
  if (values.password !== values.confirmPassword) return "Passwords don't match!";
  if (!values.agreeTerms) return 'You must agree to the terms and privacy policy';
  return null;
}

export function validateNewPassword(values: { password: string; confirmPassword: string }) {
  if (values.password !== values.confirmPassword) return 'Passwords do not match';
  if (values.password.length < MIN_PASSWORD_LENGTH)
    return 'Password must be at least 8 characters long';
  return null;
}
