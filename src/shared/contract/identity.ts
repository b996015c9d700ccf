import * as v from 'valibot';
import { MAX_PASSWORD_LENGTH } from '../rules/account';
import { endpoint } from './endpoint';
import { Code } from './two-factor';

/**
 * Issue 32 point 8: changes to how the account signs in (two-factor sign-in, passkeys) need the
 * owner proved in the session within the last 10 minutes, the sign-in itself not counting. A
 * refusal is 403 with PROOF_REQUIRED_CODE; the client asks "Confirm it's you", calls
 * confirmIdentity and sends the change again.
 */
export const PROOF_REQUIRED_CODE = 'proof_required';

// Plain constants in the schemas: a member access would keep the schema in the client's build
// (src/build/pure-valibot-calls.ts).
const PROOF_MISSING = 'Enter your password or a code from your authenticator app';

export const IDENTITY_MESSAGES = {
  proofRequired:
    "Please confirm it's you first: this change needs your password or a code from your authenticator app.",
  proofMissing: PROOF_MISSING,
  confirmed: "Thanks, it's you. For the next 10 minutes you can change how you sign in.",
} as const;

/**
 * The password (for an account made by partner login without a password of its own: its partner
 * password), or a current code or a recovery code when two-factor sign-in is on.
 */
export const ConfirmIdentityBody = v.pipe(
  v.object({
    password: v.optional(
      v.pipe(
        v.string(PROOF_MISSING),
        v.maxLength(MAX_PASSWORD_LENGTH, 'Current password is incorrect'),
      ),
    ),
    code: v.optional(Code),
  }),
  v.check((body) => Boolean(body.password || body.code), PROOF_MISSING),
);
export type ConfirmIdentityBody = v.InferInput<typeof ConfirmIdentityBody>;

export const confirmIdentity = endpoint({
  method: 'POST',
  path: 'account/confirm-identity',
  body: ConfirmIdentityBody,
  response: v.object({ success: v.literal(true), message: v.string() }),
  access: 'write',
});
