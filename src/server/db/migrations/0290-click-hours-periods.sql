-- Issue 35 point 2: a history entry took the whole roll-up hours of its period, so when one period
-- ended and the next began within an hour, both counted that hour's clicks ("Total, All time $537.70 /
-- 719 clicks" where the periods billed $265.60 / 353). The roll-ups now carry the campaign's period
-- in their key (period_start, the period's start_date: campaigns' and campaign_history's), so an hour
-- two periods share is split between them exactly, as the billing statement writes it: a billed click
-- in the period that billed it, another in the one it was on, '-infinity' for a click on no campaign.
-- (One statement per line end: migrate.ts splits the script on a semicolon that ends a line.)
ALTER TABLE click_hours ADD COLUMN period_start timestamptz;
ALTER TABLE click_hours DROP CONSTRAINT click_hours_pkey;

-- The rows before: each goes to the latest period of its campaign that began by the end of its hour
-- (the first period for a click dated before any), so an hour shared by periods counts once, with
-- the later one; a campaign with no period known (campaign 0, a click on no campaign) gets none.
WITH periods AS (
  SELECT campaign_id, start_date FROM campaign_history WHERE campaign_id IS NOT NULL
  UNION
  SELECT id, start_date FROM campaigns
)
UPDATE click_hours h
   SET period_start = COALESCE(
         (SELECT max(p.start_date) FROM periods p
           WHERE p.campaign_id = h.campaign_id AND p.start_date < h.hour + interval '1 hour'),
         (SELECT min(p.start_date) FROM periods p WHERE p.campaign_id = h.campaign_id),
         '-infinity');

-- As far as the click log still holds them (CLICK_LOG_RETENTION_DAYS), the billed clicks of such an
-- hour go back to the period that billed them: the one under way when they were billed (received_at),
-- at its rate. What the log no longer holds, and the invalid and unbilled clicks of a shared hour,
-- stay with the later period (README, Reports).
WITH periods AS (
  SELECT DISTINCT ON (campaign_id, start_date) campaign_id, start_date, click_rate_cents AS rate
    FROM (SELECT campaign_id, start_date, click_rate_cents FROM campaign_history WHERE campaign_id IS NOT NULL
          UNION ALL
          SELECT id, start_date, click_rate_cents FROM campaigns) a
   ORDER BY campaign_id, start_date
), logged AS (
  SELECT l.campaign_id, date_trunc('hour', l.clicked_at, 'UTC') AS hour, lower(l.profile_username) AS profile_key,
         p.start_date AS period_start, count(*) AS billed, count(*) * min(p.rate) AS billed_cents
    FROM click_log l
    CROSS JOIN LATERAL (SELECT q.start_date, q.rate FROM periods q
                         WHERE q.campaign_id = l.campaign_id AND q.start_date <= l.received_at
                         ORDER BY q.start_date DESC LIMIT 1) p
   WHERE l.billed
   GROUP BY 1, 2, 3, 4
), shifted AS (
  SELECT g.campaign_id, g.period_start, g.hour, g.profile_key, h.user_id, g.billed, g.billed_cents
    FROM logged g
    JOIN click_hours h ON h.campaign_id = g.campaign_id AND h.hour = g.hour AND h.profile_key = g.profile_key
   WHERE h.period_start <> g.period_start
), taken AS (
  SELECT campaign_id, hour, profile_key, sum(billed) AS billed, sum(billed_cents) AS billed_cents
    FROM shifted GROUP BY 1, 2, 3
), added AS (
  INSERT INTO click_hours (campaign_id, period_start, hour, profile_key, user_id, billed, billed_cents)
  SELECT s.campaign_id, s.period_start, s.hour, s.profile_key, s.user_id, s.billed, s.billed_cents
    FROM shifted s JOIN taken t USING (campaign_id, hour, profile_key)
    JOIN click_hours h ON h.campaign_id = t.campaign_id AND h.hour = t.hour AND h.profile_key = t.profile_key
   WHERE h.billed >= t.billed AND h.billed_cents >= t.billed_cents
), kept AS (
  UPDATE click_hours h
     SET billed = h.billed - t.billed, billed_cents = h.billed_cents - t.billed_cents
    FROM taken t
   WHERE h.campaign_id = t.campaign_id AND h.hour = t.hour AND h.profile_key = t.profile_key
     AND h.billed >= t.billed AND h.billed_cents >= t.billed_cents
)
SELECT 1;

ALTER TABLE click_hours ALTER COLUMN period_start SET NOT NULL;
ALTER TABLE click_hours ADD PRIMARY KEY (campaign_id, period_start, hour, profile_key);
