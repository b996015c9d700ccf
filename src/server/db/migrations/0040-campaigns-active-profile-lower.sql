-- Click billing looks campaigns up by lower(profile_username): the partner may spell a username in
-- another case than the catalogue (design §5).
CREATE INDEX campaigns_active_profile_lower_idx ON campaigns (lower(profile_username)) WHERE status;
-- Every click batch updates its campaigns' counters: room on each page lets those updates stay on the
-- page (HOT), with no new index entries.
ALTER TABLE campaigns SET (fillfactor = 70);
