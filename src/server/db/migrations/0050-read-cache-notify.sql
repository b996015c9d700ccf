-- The read cache (db/read-cache.ts) of every server process hears of writes by other processes to
-- the tables its answers read (sessions, users, campaigns and the profiles, packages and categories
-- a campaign shows): one notification per statement on channel read_cache (db/change-listener.ts).
-- PGlite has no other process; there the notifications go unheard.
CREATE FUNCTION notify_read_cache() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('read_cache', ''); RETURN NULL; END $$;
CREATE TRIGGER sessions_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
CREATE TRIGGER users_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
CREATE TRIGGER campaigns_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON campaigns FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
CREATE TRIGGER profiles_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
CREATE TRIGGER ad_packages_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ad_packages FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
CREATE TRIGGER categories_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
