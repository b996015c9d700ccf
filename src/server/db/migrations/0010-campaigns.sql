-- Campaigns, their endings and billed clicks (design §2, §5).
CREATE TABLE campaigns (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  profile_username text NOT NULL REFERENCES profiles (username),
  package_id integer NOT NULL REFERENCES ad_packages (id),
  category_slug text REFERENCES categories (slug),
  status boolean NOT NULL,
  click_rate_cents integer NOT NULL,
  -- Whenever money is added: clicks_purchased = clicks_count + remaining_clicks (design §2).
  clicks_purchased integer NOT NULL,
  clicks_count integer NOT NULL DEFAULT 0,
  remaining_clicks integer NOT NULL,
  -- Money over the campaign's life: funded = billed + refunded + remaining, always.
  amount_deposit_cents bigint NOT NULL,
  amount_remaining_cents bigint NOT NULL CHECK (amount_remaining_cents >= 0),
  billed_cents bigint NOT NULL DEFAULT 0,
  refunded_cents bigint NOT NULL DEFAULT 0,
  last_deposit_cents bigint NOT NULL,
  start_date timestamptz NOT NULL DEFAULT now(),
  end_date timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (amount_deposit_cents = billed_cents + refunded_cents + amount_remaining_cents)
);
-- One campaign per advertiser and profile (design §2).
CREATE UNIQUE INDEX campaigns_user_profile_key ON campaigns (user_id, profile_username);
CREATE INDEX campaigns_profile_active_idx ON campaigns (profile_username) WHERE status;

-- One entry per ending of a campaign; kept when the campaign is deleted.
CREATE TABLE campaign_history (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  campaign_id bigint,
  profile_username text NOT NULL,
  package_id integer NOT NULL,
  package_name text NOT NULL,
  categories text[] NOT NULL,
  total_clicks_purchased integer NOT NULL,
  clicks_purchased integer NOT NULL,
  remaining_clicks integer NOT NULL,
  clicks_count integer NOT NULL,
  total_spent_cents bigint NOT NULL,
  amount_deposit_cents bigint NOT NULL,
  click_rate_cents integer NOT NULL,
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL
);
CREATE INDEX campaign_history_user_idx ON campaign_history (user_id, end_date DESC);

-- Every click event the partner reports, once per event id; billed or not (design §5).
CREATE TABLE click_events (
  event_id text PRIMARY KEY,
  campaign_id bigint REFERENCES campaigns (id) ON DELETE SET NULL,
  profile_username text NOT NULL,
  clicked_at timestamptz NOT NULL,
  billed boolean NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX click_events_campaign_idx ON click_events (campaign_id, clicked_at) WHERE billed;
