-- Reference data (design §2) and the partner's creator catalogue (design §5).
CREATE TABLE ad_packages (
  id integer PRIMARY KEY,
  name text NOT NULL,
  click_rate_cents integer NOT NULL CHECK (click_rate_cents > 0),
  max_slots integer NOT NULL,
  ranks text NOT NULL,
  categories text[] NOT NULL,
  ad_icon boolean NOT NULL,
  popup_ads boolean NOT NULL
);
INSERT INTO ad_packages (id, name, click_rate_cents, max_slots, ranks, categories, ad_icon, popup_ads) VALUES
  (1, 'Main Categories', 80, 10000, '1-5', ARRAY['Top', 'New', 'Popular', 'Free'], true, true),
  (2, 'Site-Wide', 60, 10000, '6-10', ARRAY['All'], true, true),
  (3, 'Category-Specific', 50, 10000, '1-5', ARRAY['Any category chosen by the client'], false, false),
  (4, 'Main Categories 2nd tier', 40, 10000, '6-15', ARRAY['Top', 'New', 'Popular', 'Free'], false, false);

CREATE TABLE categories (
  slug text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  -- Top, New, Popular, Free: excluded from package 3 (spec §5).
  is_main boolean NOT NULL DEFAULT false,
  position integer NOT NULL
);
INSERT INTO categories (slug, name, is_main, position) VALUES
  ('top', 'Top', true, 1), ('new', 'New', true, 2), ('popular', 'Popular', true, 3), ('free', 'Free', true, 4),
  ('fitness', 'Fitness', false, 5), ('cosplay', 'Cosplay', false, 6), ('gaming', 'Gaming', false, 7),
  ('music', 'Music', false, 8), ('dance', 'Dance', false, 9), ('art', 'Art', false, 10),
  ('travel', 'Travel', false, 11), ('fashion', 'Fashion', false, 12), ('beauty', 'Beauty', false, 13),
  ('cooking', 'Cooking', false, 14), ('comedy', 'Comedy', false, 15), ('lifestyle', 'Lifestyle', false, 16),
  ('outdoors', 'Outdoors', false, 17), ('yoga', 'Yoga', false, 18), ('photography', 'Photography', false, 19),
  ('tattoos', 'Tattoos', false, 20), ('asmr', 'ASMR', false, 21), ('education', 'Education', false, 22),
  ('pets', 'Pets', false, 23), ('couples', 'Couples', false, 24);

CREATE TABLE profiles (
  username text PRIMARY KEY,
  full_name text NOT NULL,
  avatar text NOT NULL,
  likes integer NOT NULL DEFAULT 0,
  photos_count integer NOT NULL DEFAULT 0,
  videos_count integer NOT NULL DEFAULT 0,
  subscribe_price_cents integer NOT NULL DEFAULT 0,
  listed boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX profiles_username_lower_key ON profiles (lower(username));
CREATE INDEX profiles_username_trgm ON profiles USING gin (username gin_trgm_ops);
CREATE INDEX profiles_full_name_trgm ON profiles USING gin (full_name gin_trgm_ops);
