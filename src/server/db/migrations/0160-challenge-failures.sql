-- Issue 16 review: a half-done sign-in (the password was right) takes at most 5 wrong codes; then it
-- ends and the password is asked again. The count is kept with the challenge.
ALTER TABLE auth_challenges ADD COLUMN failures integer NOT NULL DEFAULT 0;
