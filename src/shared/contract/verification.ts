import * as v from 'valibot';
import { endpoint } from './endpoint';

/**
 * Issue 16 point 8: "Resend verification e-mail", in a module of its own: the unverified banner of
 * every signed-in page offers it (lazily), and this module brings none of the other account calls'
 * schemas, nor the sign-in chunk they import (contract/profile.ts uses login.ts's Password).
 */

export const VERIFICATION_MESSAGES = {
  sent: 'Verification e-mail sent. Check your inbox.',
  alreadyVerified: 'Your account is already verified',
} as const;

/** Signed in and unverified: a new verification link to the account's e-mail. */
export const resendVerification = endpoint({
  method: 'POST',
  path: 'account/resend-verification',
  response: v.object({ success: v.literal(true), message: v.string() }),
  access: 'write',
});
