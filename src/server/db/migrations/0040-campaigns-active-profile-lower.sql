-- Click billing looks campaigns up by lower(profile_username): the partner may spell a username in
-- another case than the catalogue (design §5).
CREATE INDEX campaigns_active_profile_lower_idx ON campaigns (lower(profile_username)) WHERE status;
