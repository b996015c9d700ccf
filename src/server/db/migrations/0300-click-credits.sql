-- Issue 35 point 4: a credit for clicks found invalid (refund-clicks) changed the balance but no
-- report. Each credited click now keeps the hour it was clicked (as the hourly roll-ups count it) and
-- the period that billed it (as click_hours.period_start), so the range figures, the lists and the
-- CSVs set its credit beside the spend it gave back, in the same hour and period. Read from here, not
-- from the click log: a refund is kept for ever, the log only for CLICK_LOG_RETENTION_DAYS.
-- (One statement per line end: migrate.ts splits the script on a semicolon that ends a line.)
ALTER TABLE click_refunds ADD COLUMN hour timestamptz;
ALTER TABLE click_refunds ADD COLUMN period_start timestamptz;

-- The refunds before: the hour from the click log while it holds the click, else from the click id's
-- own time (a UUIDv7: its first 48 bits are the milliseconds, and a billed click is dated within the
-- window of its receipt).
UPDATE click_refunds r
   SET hour = date_trunc('hour', COALESCE(
         (SELECT l.clicked_at FROM click_log l WHERE l.day = r.day AND l.event_id = r.event_id),
         to_timestamp(('x' || substr(replace(r.event_id::text, '-', ''), 1, 12))::bit(48)::bigint / 1000.0)),
         'UTC');

-- The period under way when the click was billed (received_at; by its hour's end once the log no
-- longer holds it), as migration 0290 placed the billed clicks of a shared hour.
WITH periods AS (
  SELECT campaign_id, start_date FROM campaign_history WHERE campaign_id IS NOT NULL
  UNION
  SELECT id, start_date FROM campaigns
)
UPDATE click_refunds r
   SET period_start = COALESCE(
         (SELECT max(p.start_date) FROM periods p
           WHERE p.campaign_id = r.campaign_id
             AND p.start_date <= COALESCE(
               (SELECT l.received_at FROM click_log l WHERE l.day = r.day AND l.event_id = r.event_id),
               r.hour + interval '1 hour')),
         (SELECT min(p.start_date) FROM periods p WHERE p.campaign_id = r.campaign_id),
         '-infinity');

ALTER TABLE click_refunds ALTER COLUMN hour SET NOT NULL;
ALTER TABLE click_refunds ALTER COLUMN period_start SET NOT NULL;
CREATE INDEX click_refunds_user_hour_idx ON click_refunds (user_id, hour);
CREATE INDEX click_refunds_campaign_idx ON click_refunds (campaign_id, period_start, hour);
