/**
 * The password rules the sign-in form's contract (contract/login.ts) reads, apart from the other
 * account rules (rules/account.ts, which re-exports them: import them from there) because sign-in is
 * a first screen: a module sits whole in one chunk, and the sign-in contract importing rules/account.ts
 * put all of it in /login's first load, 407 B gzip more (`npm run test:size`, issue 34 point 8).
 */

/** Any password (new or current) longer than this is refused before scrypt spends time on it. */
export const MAX_PASSWORD_LENGTH = 200;
export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_TOO_LONG = 'Password is too long';
