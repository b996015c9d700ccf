-- Click billing records and bills a group of batches in one statement, which is its own transaction
-- (domain/clicks.ts). When another statement has recorded one of its event ids since it started, the
-- statement must fail as a whole, so it calls this: serialization_failure, and the group is tried again.
CREATE FUNCTION click_events_recorded_concurrently() RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'click event recorded concurrently' USING ERRCODE = 'serialization_failure'; END $$;
