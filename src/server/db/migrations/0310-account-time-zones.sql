-- Issue 36 point 1: the advertiser's time zone, on the account. Its days (a daily budget's, an end
-- date's) begin at that zone's midnight. UTC until set: from the browser at the first sign-in after
-- this change (users.time_zone_chosen still false), then only on /account, taking effect from the
-- next midnight of the zone in force. Each zone is kept from the instant it took effect, so a click
-- that arrives late is counted in the day it had when it was clicked.
-- (One statement per line end: migrate.ts splits the script on a semicolon that ends a line.)
ALTER TABLE users ADD COLUMN time_zone_chosen boolean NOT NULL DEFAULT false;

CREATE TABLE user_time_zones (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  effective_from timestamptz NOT NULL,
  time_zone text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
  PRIMARY KEY (user_id, effective_from)
);
