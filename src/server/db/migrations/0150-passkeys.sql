-- Issue 16: passkeys (WebAuthn). A credential's id is the authenticator's (base64url); its public
-- key is COSE-encoded (base64url). The signature counter is kept to notice a cloned authenticator
-- (one that reports a counter of 0 keeps 0).
CREATE TABLE passkeys (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_id ON passkeys (user_id);
