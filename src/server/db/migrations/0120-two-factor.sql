-- Issue 16: two-factor sign-in with TOTP. The secret is stored encrypted (AES-256-GCM, a key derived
-- from SESSION_SECRET): a leaked table gives no usable second factor. totp_last_step is the time step
-- of the last code accepted, so a code works once (ASVS 5.0 6.5.1).
ALTER TABLE users
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_pending_secret text,
  ADD COLUMN totp_last_step bigint;

-- Ten per account, shown once, stored as SHA-256 (they are random 50-bit values).
CREATE TABLE recovery_codes (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- A sign-in half done: the password (or partner login) was right, the second factor is due. The
-- browser holds the id in an httpOnly cookie; only its hash is here. Also a passkey ceremony's
-- challenge (purpose 'passkey-sign-in', 'passkey-add'), with or without a user.
CREATE TABLE auth_challenges (
  id_hash text PRIMARY KEY,
  purpose text NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  challenge text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_challenges_expires_at ON auth_challenges (expires_at);
