-- Issue 36 points 2 and 3: a campaign's daily budget and end date.
-- daily_budget_cents: at most this much billed in one of the advertiser's days (their time zone at
-- the click's time: user_time_zones, migration 0310), or NULL for none. ends_on: the last day it
-- runs (a local date, inclusive), or NULL; ends_at: the first instant after it, in the zone in force
-- then, computed by the server (src/shared/local-days.ts) when either changes, and read by the billing
-- statement, which bills no click at or after it. day_spend: billed cents per local day, the recent
-- days only, kept on the campaign's row so the statement reads it as fresh as the row it locks.
-- (One statement per line end: migrate.ts splits the script on a semicolon that ends a line.)
ALTER TABLE campaigns ADD COLUMN daily_budget_cents bigint CHECK (daily_budget_cents > 0);
ALTER TABLE campaigns ADD COLUMN ends_on date;
ALTER TABLE campaigns ADD COLUMN ends_at timestamptz;
ALTER TABLE campaigns ADD COLUMN day_spend jsonb NOT NULL DEFAULT '{}';

-- Of the unbilled clicks, those no campaign took because each had spent its budget for the day.
ALTER TABLE click_hours ADD COLUMN budget_reached integer NOT NULL DEFAULT 0;
ALTER TABLE user_click_hours ADD COLUMN budget_reached integer NOT NULL DEFAULT 0;

-- The advertiser's day of an instant: in the zone in force then (UTC before any was set).
CREATE FUNCTION account_day(bigint, timestamptz) RETURNS date LANGUAGE sql STABLE AS $$ SELECT ($2 AT TIME ZONE COALESCE((SELECT z.time_zone FROM user_time_zones z WHERE z.user_id = $1 AND z.effective_from <= $2 ORDER BY z.effective_from DESC LIMIT 1), 'UTC'))::date $$;

-- The billing of the profiles that have a campaign with a daily budget or an end date (the others
-- take the statement's allocation by running sums): each valid click, in arrival order, goes to the
-- first campaign in the queue (by start) that has clicks left, has not ended by the click's time and
-- has room for one more click in its budget of the click's day; none when no campaign can take it
-- (budget_hit when one could but for its budget). Campaigns come sorted by profile, then queue;
-- events by profile, then their number k. The zone in force now (from, until) is used directly;
-- a click outside it asks account_day.
CREATE FUNCTION bill_within_limits(c_profile text[], c_id bigint[], c_remaining int[], c_rate bigint[], c_budget bigint[], c_ends_at timestamptz[], c_user bigint[], c_spend jsonb[], c_zone text[], c_zone_from timestamptz[], c_zone_until timestamptz[], e_profile text[], e_k bigint[], e_at timestamptz[]) RETURNS TABLE (profile text, k bigint, campaign_id bigint, budget_hit boolean, day date) LANGUAGE plpgsql AS $$
DECLARE
  n int := COALESCE(array_length(e_profile, 1), 0)
; m int := COALESCE(array_length(c_id, 1), 0)
; left_clicks int[] := c_remaining
; spend jsonb[] := c_spend
; cur_day date[] := array_fill(NULL::date, ARRAY[m])
; cur_from timestamptz[] := array_fill(NULL::timestamptz, ARRAY[m])
; cur_until timestamptz[] := array_fill(NULL::timestamptz, ARRAY[m])
; cur_spent bigint[] := array_fill(NULL::bigint, ARRAY[m])
; first_c int := 1
; last_c int := 0
; j int
; d date
; hit boolean
; chosen bigint
; chosen_day date
; BEGIN
  -- Each campaign's current day is kept with its bounds and spend: a click inside the bounds needs
  -- no time-zone conversion and no JSON (the day's spend goes back to spend[] when the day changes).
  FOR e IN 1..n LOOP
    IF e = 1 OR e_profile[e] IS DISTINCT FROM e_profile[e - 1] THEN
      first_c := last_c + 1
    ; WHILE first_c <= m AND c_profile[first_c] IS DISTINCT FROM e_profile[e] LOOP first_c := first_c + 1; END LOOP
    ; last_c := first_c
    ; WHILE last_c < m AND c_profile[last_c + 1] = e_profile[e] LOOP last_c := last_c + 1; END LOOP
    ; END IF
    ; chosen := NULL
    ; chosen_day := NULL
    ; hit := false
    ; IF first_c <= m THEN
      FOR j IN first_c..last_c LOOP
        CONTINUE WHEN left_clicks[j] <= 0 OR (c_ends_at[j] IS NOT NULL AND e_at[e] >= c_ends_at[j])
      ; IF c_budget[j] IS NOT NULL THEN
          IF cur_from[j] IS NULL OR e_at[e] < cur_from[j] OR e_at[e] >= cur_until[j] THEN
            IF cur_day[j] IS NOT NULL THEN
              spend[j] := jsonb_set(spend[j], ARRAY[cur_day[j]::text], to_jsonb(cur_spent[j]))
            ; END IF
            ; IF e_at[e] >= c_zone_from[j] AND e_at[e] < c_zone_until[j] THEN
              d := (e_at[e] AT TIME ZONE c_zone[j])::date
            ; cur_from[j] := GREATEST(d::timestamp AT TIME ZONE c_zone[j], c_zone_from[j])
            ; cur_until[j] := LEAST((d + 1)::timestamp AT TIME ZONE c_zone[j], c_zone_until[j])
            ; ELSE
              -- Outside the zone in force now: asked each time.
              d := account_day(c_user[j], e_at[e])
            ; cur_from[j] := e_at[e]
            ; cur_until[j] := e_at[e]
            ; END IF
            ; cur_day[j] := d
            ; cur_spent[j] := COALESCE((spend[j] ->> d::text)::bigint, 0)
          ; END IF
          ; IF cur_spent[j] + c_rate[j] > c_budget[j] THEN hit := true; CONTINUE; END IF
          ; cur_spent[j] := cur_spent[j] + c_rate[j]
          ; chosen_day := cur_day[j]
        ; END IF
        ; chosen := c_id[j]
        ; left_clicks[j] := left_clicks[j] - 1
        ; EXIT
      ; END LOOP
    ; END IF
    ; profile := e_profile[e]
    ; k := e_k[e]
    ; campaign_id := chosen
    ; budget_hit := hit AND chosen IS NULL
    ; day := chosen_day
    ; RETURN NEXT
  ; END LOOP
; END $$;

-- Migration 0260's trigger function, with the new column.
CREATE OR REPLACE FUNCTION user_click_hours_apply() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_click_hours AS u (user_id, hour, billed, billed_cents, unbilled, budget_reached, bot, unidentified, double_click, daily_cap, not_placed, too_old, future)
    SELECT user_id, hour, sum(billed), sum(billed_cents), sum(unbilled), sum(budget_reached), sum(bot), sum(unidentified), sum(double_click),
           sum(daily_cap), sum(not_placed), sum(too_old), sum(future)
      FROM new_rows WHERE user_id IS NOT NULL GROUP BY user_id, hour ORDER BY user_id, hour
    ON CONFLICT (user_id, hour) DO UPDATE SET
      billed = u.billed + EXCLUDED.billed, billed_cents = u.billed_cents + EXCLUDED.billed_cents,
      unbilled = u.unbilled + EXCLUDED.unbilled, budget_reached = u.budget_reached + EXCLUDED.budget_reached,
      bot = u.bot + EXCLUDED.bot,
      unidentified = u.unidentified + EXCLUDED.unidentified,
      double_click = u.double_click + EXCLUDED.double_click, daily_cap = u.daily_cap + EXCLUDED.daily_cap,
      not_placed = u.not_placed + EXCLUDED.not_placed, too_old = u.too_old + EXCLUDED.too_old,
      future = u.future + EXCLUDED.future
  ; ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO user_click_hours AS u (user_id, hour, billed, billed_cents, unbilled, budget_reached, bot, unidentified, double_click, daily_cap, not_placed, too_old, future)
    SELECT user_id, hour, sum(billed), sum(billed_cents), sum(unbilled), sum(budget_reached), sum(bot), sum(unidentified), sum(double_click),
           sum(daily_cap), sum(not_placed), sum(too_old), sum(future)
      FROM (SELECT user_id, hour, billed, billed_cents, unbilled, budget_reached, bot, unidentified, double_click, daily_cap, not_placed, too_old, future FROM new_rows
            UNION ALL
            SELECT user_id, hour, -billed, -billed_cents, -unbilled, -budget_reached, -bot, -unidentified, -double_click, -daily_cap, -not_placed, -too_old, -future FROM old_rows) d
     WHERE user_id IS NOT NULL GROUP BY user_id, hour ORDER BY user_id, hour
    ON CONFLICT (user_id, hour) DO UPDATE SET
      billed = u.billed + EXCLUDED.billed, billed_cents = u.billed_cents + EXCLUDED.billed_cents,
      unbilled = u.unbilled + EXCLUDED.unbilled, budget_reached = u.budget_reached + EXCLUDED.budget_reached,
      bot = u.bot + EXCLUDED.bot,
      unidentified = u.unidentified + EXCLUDED.unidentified,
      double_click = u.double_click + EXCLUDED.double_click, daily_cap = u.daily_cap + EXCLUDED.daily_cap,
      not_placed = u.not_placed + EXCLUDED.not_placed, too_old = u.too_old + EXCLUDED.too_old,
      future = u.future + EXCLUDED.future
  ; ELSE
    UPDATE user_click_hours u SET
      billed = u.billed - d.billed, billed_cents = u.billed_cents - d.billed_cents, unbilled = u.unbilled - d.unbilled,
      budget_reached = u.budget_reached - d.budget_reached,
      bot = u.bot - d.bot, unidentified = u.unidentified - d.unidentified, double_click = u.double_click - d.double_click,
      daily_cap = u.daily_cap - d.daily_cap, not_placed = u.not_placed - d.not_placed, too_old = u.too_old - d.too_old,
      future = u.future - d.future
      FROM (SELECT user_id, hour, sum(billed) AS billed, sum(billed_cents) AS billed_cents, sum(unbilled) AS unbilled, sum(budget_reached) AS budget_reached,
                   sum(bot) AS bot, sum(unidentified) AS unidentified, sum(double_click) AS double_click,
                   sum(daily_cap) AS daily_cap, sum(not_placed) AS not_placed, sum(too_old) AS too_old,
                   sum(future) AS future
              FROM old_rows WHERE user_id IS NOT NULL GROUP BY user_id, hour) d
     WHERE u.user_id = d.user_id AND u.hour = d.hour
  ; END IF
  ; RETURN NULL
; END $$;
