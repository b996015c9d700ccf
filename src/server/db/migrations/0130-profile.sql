-- Issue 16 point 8: the profile really saves. An e-mail change is confirmed by a link mailed to the
-- new address, and a partner-site account without a password can set its first one by a mailed link
-- (design §3): two more purposes of one-time tokens.
ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check;
ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check
  CHECK (purpose IN ('verify-email', 'reset-password', 'change-email', 'set-password'));
-- What a link stands for besides its user: the new address of an e-mail change (null otherwise). It
-- becomes the account's e-mail only when the link is opened.
ALTER TABLE auth_tokens ADD COLUMN data text;
