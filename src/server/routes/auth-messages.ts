/**
 * What the auth calls answer on success (spec §7), in a file of their own: the identity routes and the
 * partner OpenAPI document read them too, and the auth routes import those routes (no import cycle).
 */
export const AUTH_MESSAGES = {
  registered: 'Account created successfully. Please check your email to verify your account.',
  loggedIn: 'Logged in successfully',
  loggedOut: 'Logged out successfully',
  resetRequested: 'If an account exists for this email, a password reset link has been sent.',
  verified: 'Account verified successfully!',
  passwordReset: 'Your password has been reset. You can now sign in.',
  passwordChanged: 'Password changed successfully!',
  invalidPartnerLogin: 'Invalid username or password',
  partnerUnreachable: 'The partner site is not reachable right now. Please try again later.',
} as const;
