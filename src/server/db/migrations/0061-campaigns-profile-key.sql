-- Click billing looks the campaigns of a batch's profiles up by lower(profile_username) (the partner
-- may spell a username in another case, design §5). Kept in a column, it is not computed again for
-- every campaign on every batch.
ALTER TABLE campaigns ADD COLUMN profile_key text GENERATED ALWAYS AS (lower(profile_username)) STORED;
DROP INDEX campaigns_active_profile_lower_idx;
CREATE INDEX campaigns_active_profile_key_idx ON campaigns (profile_key) WHERE status;
