-- Issue 16 point 5: a partner-site account whose e-mail belongs to a local account is linked to it
-- only by that account's owner, signed in, through a link mailed to the e-mail. A row is one such
-- link: the partner account it stands for, the local account it was mailed to. Only the SHA-256 hash
-- of the link's token is stored (design §3); a link lives 24 hours and works once.
CREATE TABLE partner_links (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  partner_username text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one mail per account in 10 minutes: the newest link of an account is looked up.
CREATE INDEX partner_links_user_idx ON partner_links (user_id, created_at);
