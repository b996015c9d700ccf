-- Issue 32 point 8: a sensitive change (two-factor sign-in set up or turned on, a passkey added or
-- removed) needs the owner proved in this session within 10 minutes: the password (for an account
-- made by partner login, its partner password), a current two-factor code or a recovery code. The
-- sign-in itself never sets it. NULL: never proved in this session.
ALTER TABLE sessions ADD COLUMN proved_at timestamptz;

-- Issue 32 point 10: the owner is mailed of a password change or reset. The mail is written in the
-- change's own transaction and sent after the answer (src/server/domain/auth/password-mails.ts); a row is
-- taken once (DELETE … RETURNING under SKIP LOCKED), so several server processes never mail twice.
CREATE TABLE password_mails (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 'changed' (with the current password) | 'reset' (with a mailed link)
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
