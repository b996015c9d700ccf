-- Issue 32 finding 7: a click with neither a visitor id nor an address escaped the visitor rules
-- (15 of 15 billed). It is now invalid by a reason of its own, `unidentified` (domain/clicks/
-- classify.ts; CLICK_ALLOW_UNIDENTIFIED bills them for a partner that cannot send either), counted in
-- the hourly roll-ups like the other reasons.
ALTER TABLE click_hours ADD COLUMN unidentified integer NOT NULL DEFAULT 0;
ALTER TABLE user_click_hours ADD COLUMN unidentified integer NOT NULL DEFAULT 0;

-- Migration 0200's trigger function, with the new column.
-- (One statement per line end: migrate.ts splits the script on a semicolon that ends a line.)
CREATE OR REPLACE FUNCTION user_click_hours_apply() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_click_hours AS u (user_id, hour, billed, billed_cents, unbilled, bot, unidentified, double_click, daily_cap, not_placed, too_old, future)
    SELECT user_id, hour, sum(billed), sum(billed_cents), sum(unbilled), sum(bot), sum(unidentified), sum(double_click),
           sum(daily_cap), sum(not_placed), sum(too_old), sum(future)
      FROM new_rows WHERE user_id IS NOT NULL GROUP BY user_id, hour ORDER BY user_id, hour
    ON CONFLICT (user_id, hour) DO UPDATE SET
      billed = u.billed + EXCLUDED.billed, billed_cents = u.billed_cents + EXCLUDED.billed_cents,
      unbilled = u.unbilled + EXCLUDED.unbilled, bot = u.bot + EXCLUDED.bot,
      unidentified = u.unidentified + EXCLUDED.unidentified,
      double_click = u.double_click + EXCLUDED.double_click, daily_cap = u.daily_cap + EXCLUDED.daily_cap,
      not_placed = u.not_placed + EXCLUDED.not_placed, too_old = u.too_old + EXCLUDED.too_old,
      future = u.future + EXCLUDED.future
  ; ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO user_click_hours AS u (user_id, hour, billed, billed_cents, unbilled, bot, unidentified, double_click, daily_cap, not_placed, too_old, future)
    SELECT user_id, hour, sum(billed), sum(billed_cents), sum(unbilled), sum(bot), sum(unidentified), sum(double_click),
           sum(daily_cap), sum(not_placed), sum(too_old), sum(future)
      FROM (SELECT user_id, hour, billed, billed_cents, unbilled, bot, unidentified, double_click, daily_cap, not_placed, too_old, future FROM new_rows
            UNION ALL
            SELECT user_id, hour, -billed, -billed_cents, -unbilled, -bot, -unidentified, -double_click, -daily_cap, -not_placed, -too_old, -future FROM old_rows) d
     WHERE user_id IS NOT NULL GROUP BY user_id, hour ORDER BY user_id, hour
    ON CONFLICT (user_id, hour) DO UPDATE SET
      billed = u.billed + EXCLUDED.billed, billed_cents = u.billed_cents + EXCLUDED.billed_cents,
      unbilled = u.unbilled + EXCLUDED.unbilled, bot = u.bot + EXCLUDED.bot,
      unidentified = u.unidentified + EXCLUDED.unidentified,
      double_click = u.double_click + EXCLUDED.double_click, daily_cap = u.daily_cap + EXCLUDED.daily_cap,
      not_placed = u.not_placed + EXCLUDED.not_placed, too_old = u.too_old + EXCLUDED.too_old,
      future = u.future + EXCLUDED.future
  ; ELSE
    UPDATE user_click_hours u SET
      billed = u.billed - d.billed, billed_cents = u.billed_cents - d.billed_cents, unbilled = u.unbilled - d.unbilled,
      bot = u.bot - d.bot, unidentified = u.unidentified - d.unidentified, double_click = u.double_click - d.double_click,
      daily_cap = u.daily_cap - d.daily_cap, not_placed = u.not_placed - d.not_placed, too_old = u.too_old - d.too_old,
      future = u.future - d.future
      FROM (SELECT user_id, hour, sum(billed) AS billed, sum(billed_cents) AS billed_cents, sum(unbilled) AS unbilled,
                   sum(bot) AS bot, sum(unidentified) AS unidentified, sum(double_click) AS double_click,
                   sum(daily_cap) AS daily_cap, sum(not_placed) AS not_placed, sum(too_old) AS too_old,
                   sum(future) AS future
              FROM old_rows WHERE user_id IS NOT NULL GROUP BY user_id, hour) d
     WHERE u.user_id = d.user_id AND u.hour = d.hour
  ; END IF
  ; RETURN NULL
; END $$;
