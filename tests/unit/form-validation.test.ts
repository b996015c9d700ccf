import { describe, expect, it } from 'vitest';
import { validateChangePassword, validateEmailChange } from '@/features/account/validation';
import {
  fieldOfProblem,
  validateNewPassword,
  validateRegistration,
} from '@/features/auth/validation';
import { usernameProblem } from '@/shared/rules/account';

describe('registration (spec §5)', () => {
  it('accepts matching passwords with the terms agreed', () => {
    expect(
      validateRegistration({ password: 'abc', confirmPassword: 'abc', agreeTerms: true }),
    ).toBeNull();
  });

  it('refuses mismatched passwords', () => {
    expect(
      validateRegistration({ password: 'abc', confirmPassword: 'abd', agreeTerms: true }),
    ).toBe("Passwords don't match!");
  });

  it('requires the terms', () => {
    expect(
      validateRegistration({ password: 'abc', confirmPassword: 'abc', agreeTerms: false }),
    ).toBe('You must agree to the terms and privacy policy');
  });
});

describe('a new password and its owner (issue 32)', () => {
  const owner = { username: 'Marguerite', email: 'm.duval@example.com' };
  it.each([
    ['xMARGUERITEx99', 'Your password must not contain your username'],
    ['M.Duval-2026!', 'Your password must not contain the name of your e-mail address'],
    ['kettle-drum-77', null],
  ])('registration refuses %s as typed: %s', (password, message) => {
    expect(
      validateRegistration({ ...owner, password, confirmPassword: password, agreeTerms: true }),
    ).toBe(message);
    if (message) expect(fieldOfProblem(message)).toBe('password');
  });

  it('does not refuse for a name of fewer than 4 characters', () => {
    const password = 'bob-kettle-drum';
    expect(
      validateRegistration({
        username: 'bob',
        email: 'bob@x.io',
        password,
        confirmPassword: password,
        agreeTerms: true,
      }),
    ).toBeNull();
  });

  it('change password refuses the username as the new one', () => {
    expect(
      validateChangePassword(
        {
          currentPassword: 'old-secret-1',
          newPassword: 'marguerite-2026',
          confirmPassword: 'marguerite-2026',
        },
        owner,
      ),
    ).toBe('Your password must not contain your username');
  });
});

describe('reset password (spec §5)', () => {
  it.each([
    ['password1', 'password1', null],
    ['12345678', '12345678', null],
    ['password1', 'password2', 'Passwords do not match'],
    ['short', 'short', 'Password must be at least 8 characters long'],
    ['1234567', '1234567', 'Password must be at least 8 characters long'],
  ])('%s / %s → %s', (password, confirmPassword, message) => {
    expect(validateNewPassword({ password, confirmPassword })).toBe(message);
  });
});

describe('change password (spec §5)', () => {
  it.each([
    [
      { currentPassword: '', newPassword: 'newpass12', confirmPassword: 'newpass12' },
      'Please fill in all password fields',
    ],
    [
      { currentPassword: 'old', newPassword: '', confirmPassword: 'newpass12' },
      'Please fill in all password fields',
    ],
    [
      { currentPassword: 'old', newPassword: 'newpass12', confirmPassword: '' },
      'Please fill in all password fields',
    ],
    [
      { currentPassword: 'old', newPassword: 'newpass12', confirmPassword: 'newpass13' },
      'New passwords do not match',
    ],
    [
      { currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' },
      'New password must be at least 8 characters long',
    ],
    [{ currentPassword: 'old', newPassword: 'newpass12', confirmPassword: 'newpass12' }, null],
  ])('%o → %s', (values, message) => {
    expect(validateChangePassword(values)).toBe(message);
  });
});

describe('profile edit (spec §5; issue 16 point 8: the rules of registration)', () => {
  it.each([
    ['alice', null],
    ['  alice.b-c_d  ', null],
    ['', 'Username is required'],
    ['   ', 'Username is required'],
    ['ab', 'Username must be at least 3 characters long'],
    ['a'.repeat(31), 'Username must be at most 30 characters long'],
    ['no spaces', 'Username may only contain letters, digits, dots, dashes and underscores'],
  ])('username %j → %s', (username, message) => {
    expect(usernameProblem(username)).toBe(message);
  });

  it.each([
    [{ newEmail: 'new@example.com', password: 'secret' }, null],
    [
      { newEmail: '', password: 'secret' },
      { field: 'newEmail', message: 'Email is required' },
    ],
    [
      { newEmail: 'not-an-address', password: 'secret' },
      { field: 'newEmail', message: 'Please enter a valid email address' },
    ],
    [
      { newEmail: 'new@example.com', password: '' },
      { field: 'password', message: 'Please enter your current password' },
    ],
  ])('e-mail change %o → %o', (values, problem) => {
    expect(validateEmailChange(values)).toEqual(problem);
  });
});

describe('first password (the reset rules of spec §5)', () => {
  it.each([
    ['password1', 'password1', null],
    ['password1', 'password2', 'Passwords do not match'],
    ['short', 'short', 'Password must be at least 8 characters long'],
  ])('%s / %s → %s', (password, confirmPassword, message) => {
    expect(validateNewPassword({ password, confirmPassword })).toBe(message);
  });
});

describe('the field a refusal is about (issue 17)', () => {
  it.each([
    ["Passwords don't match!", 'confirmPassword'],
    ['Passwords do not match', 'confirmPassword'],
    ['You must agree to the terms and privacy policy', 'agreeTerms'],
    ['Username must be at least 3 characters long', 'username'],
    ['Please enter a valid email address', 'email'],
    ['Password must be at least 8 characters long', 'password'],
    ['Email is too long', 'email'],
    ['Registration failed. Please try again.', undefined],
    [
      'Unable to register with these details. If you already have an account, sign in or reset your password.',
      undefined,
    ],
    ['Too many attempts. Please try again later.', undefined],
  ])('%s: %s', (message, field) => {
    expect(fieldOfProblem(message)).toBe(field);
  });
});
