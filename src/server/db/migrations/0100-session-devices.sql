-- Issue 16 point 7: the account page lists the active sessions and can end them; a sign-in from a
-- new browser is told by mail (design §3).

-- A session is named to its owner by a random public id, never by its secret or the secret's hash
-- (those stay server-side: the hash is what a cookie is checked against).
ALTER TABLE sessions ADD COLUMN public_id text NOT NULL DEFAULT gen_random_uuid()::text;
CREATE UNIQUE INDEX sessions_public_id_key ON sessions (public_id);
-- Where and with what the session was started (the User-Agent header, cut to 512 characters, and
-- the client address); unknown for sessions older than this migration.
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN ip text;
-- Moved with the sliding expiry (at most once a minute, src/server/domain/auth/sessions.ts), not per request.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET DEFAULT now();
ALTER TABLE sessions ALTER COLUMN last_seen_at SET NOT NULL;

-- The browsers each user has signed in from: the SHA-256 hash of the random id in the browser's
-- long-lived device cookie. A sign-in from a browser not listed here sends the new-browser mail.
CREATE TABLE user_devices (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_hash)
);
