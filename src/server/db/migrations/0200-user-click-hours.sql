-- Issue 19: what the money bought, per advertiser and hour. The dashboard's totals and per-day
-- figures for a range read these (at most 24 rows a day an advertiser, however many campaigns), not
-- click_hours (a row per campaign, hour and profile). Kept by statement triggers on click_hours, so
-- whatever writes there (the billing statement, anything later) keeps them equal to its sums: each
-- statement adds the new rows and takes away the old ones, per advertiser and hour, in key order.
CREATE TABLE user_click_hours (
  user_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  billed integer NOT NULL DEFAULT 0,
  billed_cents bigint NOT NULL DEFAULT 0,
  unbilled integer NOT NULL DEFAULT 0,
  bot integer NOT NULL DEFAULT 0,
  double_click integer NOT NULL DEFAULT 0,
  daily_cap integer NOT NULL DEFAULT 0,
  not_placed integer NOT NULL DEFAULT 0,
  too_old integer NOT NULL DEFAULT 0,
  future integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, hour)
);

INSERT INTO user_click_hours (user_id, hour, billed, billed_cents, unbilled, bot, double_click, daily_cap, not_placed, too_old, future)
SELECT user_id, hour, sum(billed), sum(billed_cents), sum(unbilled), sum(bot), sum(double_click), sum(daily_cap),
       sum(not_placed), sum(too_old), sum(future)
  FROM click_hours WHERE user_id IS NOT NULL GROUP BY user_id, hour;

-- (One statement per line end: migrate.ts splits the script on a semicolon that ends a line.)
CREATE FUNCTION user_click_hours_apply() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_click_hours AS u (user_id, hour, billed, billed_cents, unbilled, bot, double_click, daily_cap, not_placed, too_old, future)
    SELECT user_id, hour, sum(billed), sum(billed_cents), sum(unbilled), sum(bot), sum(double_click), sum(daily_cap),
           sum(not_placed), sum(too_old), sum(future)
      FROM new_rows WHERE user_id IS NOT NULL GROUP BY user_id, hour ORDER BY user_id, hour
    ON CONFLICT (user_id, hour) DO UPDATE SET
      billed = u.billed + EXCLUDED.billed, billed_cents = u.billed_cents + EXCLUDED.billed_cents,
      unbilled = u.unbilled + EXCLUDED.unbilled, bot = u.bot + EXCLUDED.bot,
      double_click = u.double_click + EXCLUDED.double_click, daily_cap = u.daily_cap + EXCLUDED.daily_cap,
      not_placed = u.not_placed + EXCLUDED.not_placed, too_old = u.too_old + EXCLUDED.too_old,
      future = u.future + EXCLUDED.future
  ; ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO user_click_hours AS u (user_id, hour, billed, billed_cents, unbilled, bot, double_click, daily_cap, not_placed, too_old, future)
    SELECT user_id, hour, sum(billed), sum(billed_cents), sum(unbilled), sum(bot), sum(double_click), sum(daily_cap),
           sum(not_placed), sum(too_old), sum(future)
      FROM (SELECT user_id, hour, billed, billed_cents, unbilled, bot, double_click, daily_cap, not_placed, too_old, future FROM new_rows
            UNION ALL
            SELECT user_id, hour, -billed, -billed_cents, -unbilled, -bot, -double_click, -daily_cap, -not_placed, -too_old, -future FROM old_rows) d
     WHERE user_id IS NOT NULL GROUP BY user_id, hour ORDER BY user_id, hour
    ON CONFLICT (user_id, hour) DO UPDATE SET
      billed = u.billed + EXCLUDED.billed, billed_cents = u.billed_cents + EXCLUDED.billed_cents,
      unbilled = u.unbilled + EXCLUDED.unbilled, bot = u.bot + EXCLUDED.bot,
      double_click = u.double_click + EXCLUDED.double_click, daily_cap = u.daily_cap + EXCLUDED.daily_cap,
      not_placed = u.not_placed + EXCLUDED.not_placed, too_old = u.too_old + EXCLUDED.too_old,
      future = u.future + EXCLUDED.future
  ; ELSE
    UPDATE user_click_hours u SET
      billed = u.billed - d.billed, billed_cents = u.billed_cents - d.billed_cents, unbilled = u.unbilled - d.unbilled,
      bot = u.bot - d.bot, double_click = u.double_click - d.double_click, daily_cap = u.daily_cap - d.daily_cap,
      not_placed = u.not_placed - d.not_placed, too_old = u.too_old - d.too_old, future = u.future - d.future
      FROM (SELECT user_id, hour, sum(billed) AS billed, sum(billed_cents) AS billed_cents, sum(unbilled) AS unbilled,
                   sum(bot) AS bot, sum(double_click) AS double_click, sum(daily_cap) AS daily_cap,
                   sum(not_placed) AS not_placed, sum(too_old) AS too_old, sum(future) AS future
              FROM old_rows WHERE user_id IS NOT NULL GROUP BY user_id, hour) d
     WHERE u.user_id = d.user_id AND u.hour = d.hour
  ; END IF
  ; RETURN NULL
; END $$;

CREATE TRIGGER click_hours_to_user_insert AFTER INSERT ON click_hours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_click_hours_apply();
CREATE TRIGGER click_hours_to_user_update AFTER UPDATE ON click_hours
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_click_hours_apply();
CREATE TRIGGER click_hours_to_user_delete AFTER DELETE ON click_hours
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_click_hours_apply();
