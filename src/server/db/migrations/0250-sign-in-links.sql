-- Issue 32 point 2: a link mailed on request signs in without the password (15 minutes, once), so an
-- owner whose new-browser sign-ins are held back by strangers' guesses still gets in.
ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check;
ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check
  CHECK (purpose IN ('verify-email', 'reset-password', 'change-email', 'set-password', 'sign-in'));
-- Issue 32 point 3: the links mailed to an account in the last hour are counted by their creation.
CREATE INDEX auth_tokens_user_created_idx ON auth_tokens (user_id, purpose, created_at);
