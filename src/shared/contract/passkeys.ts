import * as v from 'valibot';
import { MessageResponse } from './common';
import { endpoint } from './endpoint';
import { UserResponse } from './user';

/**
 * Passkeys (WebAuthn, issue 16): added, named and removed on /account; a sign-in of their own, or
 * the second factor of a sign-in with two-factor sign-in on. The browser's JSON of a ceremony is
 * checked by @simplewebauthn/server; here only its outline.
 */

// Plain constants in the schemas: a member access (MESSAGES.x) would keep an unused schema, and
// every valibot function it calls, in the client's app chunk (src/build/pure-valibot-calls.ts).
const NOT_FOUND = 'Passkey not found';
const FAILED = 'The passkey could not be checked. Please try again.';
const NAME_REQUIRED = 'Please enter a name';
const NAME_TOO_LONG = 'The name can have at most 60 characters';
const CHOOSE_PASSKEY = 'Please choose a passkey';

export const PASSKEY_MESSAGES = {
  added: 'Passkey added. You can now sign in with it.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  notFound: NOT_FOUND,
  failed: FAILED,
  expired: 'The passkey request has expired. Please try again.',
  otherAccount: 'This passkey belongs to another account.',
  nameRequired: NAME_REQUIRED,
  nameTooLong: NAME_TOO_LONG,
  choosePasskey: CHOOSE_PASSKEY,
} as const;

export const PasskeyName = v.pipe(
  v.string(NAME_REQUIRED),
  v.trim(),
  v.nonEmpty(NAME_REQUIRED),
  v.maxLength(60, NAME_TOO_LONG),
);

const PasskeyId = v.pipe(
  v.string(CHOOSE_PASSKEY),
  v.nonEmpty(CHOOSE_PASSKEY),
  v.maxLength(1024, NOT_FOUND),
);

/** A ceremony's answer from the browser (RegistrationResponseJSON / AuthenticationResponseJSON). */
const CredentialJson = v.looseObject(
  {
    id: v.pipe(v.string(FAILED), v.maxLength(1024, FAILED)),
    rawId: v.string(FAILED),
    type: v.literal('public-key', FAILED),
    response: v.looseObject({ clientDataJSON: v.string(FAILED) }, FAILED),
    clientExtensionResults: v.optional(v.looseObject({}), {}),
  },
  FAILED,
);

export const Passkey = v.object({
  id: v.string(),
  name: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
});
export type Passkey = v.InferOutput<typeof Passkey>;

export const AddPasskeyBody = v.object({
  name: v.optional(PasskeyName),
  credential: CredentialJson,
});
export const RenamePasskeyBody = v.object({ id: PasskeyId, name: PasskeyName });
export const PasskeyIdBody = v.object({ id: PasskeyId });
export const PasskeySignInBody = v.object({ credential: CredentialJson });

export const getPasskeys = endpoint({
  method: 'GET',
  path: 'auth/passkeys',
  response: v.object({ success: v.literal(true), data: v.array(Passkey) }),
  access: 'read',
});

/**
 * The options of a ceremony, as JSON text (PublicKeyCredentialCreationOptionsJSON /
 * …RequestOptionsJSON): handed to the browser as they are, so the client parses no schema of theirs.
 */
const CeremonyOptions = v.object({ success: v.literal(true), options: v.string() });

/** The options for navigator.credentials.create. */
export const passkeyAddOptions = endpoint({
  method: 'POST',
  path: 'auth/passkeys/options',
  response: CeremonyOptions,
  access: 'write',
});

export const addPasskey = endpoint({
  method: 'POST',
  path: 'auth/passkeys/add',
  body: AddPasskeyBody,
  response: v.object({ success: v.literal(true), message: v.string(), passkey: Passkey }),
  access: 'write',
});

export const renamePasskey = endpoint({
  method: 'POST',
  path: 'auth/passkeys/rename',
  body: RenamePasskeyBody,
  response: MessageResponse,
  access: 'write',
});

export const removePasskey = endpoint({
  method: 'POST',
  path: 'auth/passkeys/remove',
  body: PasskeyIdBody,
  response: MessageResponse,
  access: 'write',
});

/** The options for navigator.credentials.get; for a half-done sign-in, its account's passkeys only. */
export const passkeySignInOptions = endpoint({
  method: 'POST',
  path: 'auth/passkey-sign-in/options',
  response: CeremonyOptions,
  access: 'write',
});

export const passkeySignIn = endpoint({
  method: 'POST',
  path: 'auth/passkey-sign-in',
  body: PasskeySignInBody,
  response: UserResponse,
  access: 'write',
});
