-- Creator search (design §5) over a catalogue of 100,000+ profiles, fast for every query: one
-- lowercased text of username, newline, full name, searched with LIKE (no per-row lower() as ILIKE
-- does), and its two-letter pieces (for 2-character queries, below what trigrams index). Common terms
-- are read from the likes order alone (both included: best first, no table rows), username prefixes
-- from a prefix index, rarer terms from the trigram or the two-letter index.
CREATE FUNCTION profile_bigrams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT ARRAY(SELECT DISTINCT substr(value, i, 2) FROM generate_series(1, length(value) - 1) AS i) $$;
ALTER TABLE profiles ADD COLUMN search_text text GENERATED ALWAYS AS (lower(username) || E'\n' || lower(full_name)) STORED;
ALTER TABLE profiles ADD COLUMN search_bigrams text[] GENERATED ALWAYS AS (profile_bigrams(lower(username) || E'\n' || lower(full_name))) STORED;
CREATE INDEX profiles_listed_likes_search ON profiles (likes DESC, username) INCLUDE (search_text, search_bigrams) WHERE listed;
CREATE INDEX profiles_search_text_prefix ON profiles (search_text text_pattern_ops) INCLUDE (likes, username) WHERE listed;
CREATE INDEX profiles_search_text_trgm ON profiles USING gin (search_text gin_trgm_ops);
CREATE INDEX profiles_search_bigrams ON profiles USING gin (search_bigrams);
-- The ILIKE searches these served are gone.
DROP INDEX profiles_username_trgm;
DROP INDEX profiles_full_name_trgm;
