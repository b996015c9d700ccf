-- Issue 18: only valid clicks are billed, and the click log stays small however long it runs
-- (design §5, domain/clicks/README.md).
--
-- click_log replaces click_events. It is partitioned by the UTC day of the event id's own time (ids
-- are UUIDv7 since this change), so an id always lands in the same partition however it is re-sent,
-- and the primary key (day, event_id) keeps it billed once. Partitions are made ahead by the
-- billing path and the background job, and dropped by the job once older than the retention
-- (CLICK_LOG_RETENTION_DAYS), which is longer than the accept window (CLICK_ACCEPT_DAYS): an id that
-- old is refused before it reaches the log. No foreign key to campaigns: the log is raw and short-lived,
-- and each insert would pay for the check.
CREATE TABLE click_log (
  day date NOT NULL,
  event_id uuid NOT NULL,
  -- Billed: the campaign charged. Otherwise the campaign the click was on (the tracker shows its
  -- invalid clicks), or NULL when the profile was not placed.
  campaign_id bigint,
  profile_username text NOT NULL,
  clicked_at timestamptz NOT NULL,
  billed boolean NOT NULL,
  -- NULL for a valid click; else the reason it was not billed (contract InvalidClickCounts).
  invalid text,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (day, event_id)
) PARTITION BY RANGE (day);

-- The events recorded before keep their billing (and stay charted through the roll-ups below), in
-- one partition that ends tomorrow and is dropped with the others. An id that was a UUIDv7 already
-- keeps itself and its own day, so a partner that re-sends it is answered a duplicate; any other id
-- was free text, which the contract now refuses, so none of those can be sent again: each gets a
-- uuid of its text's md5 and the day it was clicked.
-- (One statement per line end: migrate.ts splits the script on a semicolon that ends a line.)
DO $$ DECLARE until date := (now() AT TIME ZONE 'UTC')::date + 1; BEGIN
  EXECUTE format('CREATE TABLE %I PARTITION OF click_log FOR VALUES FROM (MINVALUE) TO (%L)',
                 'click_log_until_' || to_char(until, 'YYYYMMDD'), until); INSERT INTO click_log
    (day, event_id, campaign_id, profile_username, clicked_at, billed, received_at)
  SELECT LEAST(CASE WHEN v7 THEN (to_timestamp(('x' || substr(replace(e.event_id, '-', ''), 1, 12))::bit(48)::bigint / 1000.0)
                                   AT TIME ZONE 'UTC')::date
                    ELSE (e.clicked_at AT TIME ZONE 'UTC')::date END, until - 1),
         CASE WHEN v7 THEN e.event_id::uuid ELSE md5(e.event_id)::uuid END,
         e.campaign_id, e.profile_username, e.clicked_at, e.billed, e.received_at
    FROM click_events e,
         LATERAL (SELECT e.event_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' AS v7) k; END $$;

-- Hourly roll-ups of every click, by the campaign it was on (0: none) and profile: the charts read
-- these, never the raw log. Billing adds to them in its statement. An invalid click dated outside the
-- window (too old, in the future) counts at the hour it arrived.
CREATE TABLE click_hours (
  campaign_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  profile_key text NOT NULL,
  -- The campaign's advertiser (NULL when none): the dashboard's totals read by advertiser.
  user_id bigint,
  billed integer NOT NULL DEFAULT 0,
  billed_cents bigint NOT NULL DEFAULT 0,
  unbilled integer NOT NULL DEFAULT 0,
  bot integer NOT NULL DEFAULT 0,
  double_click integer NOT NULL DEFAULT 0,
  daily_cap integer NOT NULL DEFAULT 0,
  not_placed integer NOT NULL DEFAULT 0,
  too_old integer NOT NULL DEFAULT 0,
  future integer NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, hour, profile_key)
);
CREATE INDEX click_hours_user_idx ON click_hours (user_id, hour) WHERE user_id IS NOT NULL;

INSERT INTO click_hours (campaign_id, hour, profile_key, user_id, billed, billed_cents, unbilled)
SELECT COALESCE(e.campaign_id, 0), date_trunc('hour', e.clicked_at, 'UTC'), lower(e.profile_username),
       min(c.user_id),
       count(*) FILTER (WHERE e.billed),
       COALESCE(sum(c.click_rate_cents) FILTER (WHERE e.billed), 0),
       count(*) FILTER (WHERE NOT e.billed)
  FROM click_events e
  LEFT JOIN campaigns c ON c.id = e.campaign_id
 GROUP BY 1, 2, 3;

DROP TABLE click_events;

-- The double-click and daily-cap rules' memory: per UTC day and key (a 64-bit keyed hash of the
-- profile with the visitor id, or with the address: domain/clicks/classify.ts), the clicks counted
-- toward the cap and the time of the latest click. `version` goes up by one with every statement
-- that changes the row: billing compares it with the version its snapshot saw, so two statements
-- judging the same visitor at once never both pass (the later one is tried again). The job deletes
-- days past the accept window.
CREATE TABLE click_visitors (
  day date NOT NULL,
  key bigint NOT NULL,
  clicks integer NOT NULL,
  last_at timestamptz NOT NULL,
  version integer NOT NULL,
  PRIMARY KEY (day, key)
);

-- "Not placed at that time" looks for a period of the profile's campaigns that covered the click.
CREATE INDEX campaign_history_profile_key_idx ON campaign_history (lower(profile_username), end_date);
