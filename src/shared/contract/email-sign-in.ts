import * as v from 'valibot';
import { Email, MessageResponse } from './common';
import { endpoint } from './endpoint';
import { LoginResponse } from './login';

/**
 * Issue 32 point 2: a one-time link mailed to sign in without the password, for an owner whose
 * sign-ins from new browsers are held back while strangers guess (single use, 15 minutes).
 */

// Plain constants in the schemas: a member access would keep them in the client's build.
const INVALID_LINK = 'The sign-in link is invalid or has expired';

export const EMAIL_SIGN_IN_MESSAGES = {
  sent: 'If an account exists for this email, we sent it a sign-in link. It works once, within 15 minutes.',
  invalidLink: INVALID_LINK,
} as const;

export const EmailSignInBody = v.object({ email: Email });

export const SignInLinkBody = v.object({
  token: v.pipe(v.string(INVALID_LINK), v.nonEmpty(INVALID_LINK), v.maxLength(200, INVALID_LINK)),
});

/** Answered alike for every e-mail, known or not; the link is issued and mailed after the answer. */
export const requestEmailSignIn = endpoint({
  method: 'POST',
  path: 'auth/email-sign-in',
  body: EmailSignInBody,
  response: MessageResponse,
  access: 'write',
});

/** The link's page sends its token: signed in, or the second factor is due. */
export const emailSignIn = endpoint({
  method: 'POST',
  path: 'auth/email-sign-in/confirm',
  body: SignInLinkBody,
  response: LoginResponse,
  access: 'write',
});
