-- Issue 13: a campaign's figures and its history entries cover one period, from its creation or
-- reactivation to its ending (the contract's Campaign and CampaignHistoryEntry). Before this, the
-- counters of a campaign ran over its whole life (a reactivation added to amount_deposit_cents,
-- clicks_count and billed_cents; an ending set remaining_clicks to 0) and each history entry copied
-- them, so a second ending's entry repeated the first period's spend.
--
-- The rows are recomputed from what they kept, which is exact: an entry's clicks_count and
-- total_spent_cents were the campaign's totals at that ending, so the period's own are the
-- difference with the entry before (same campaign_id, by end_date); total_clicks_purchased was
-- clicks used over the life + clicks left, so the period bought it less the clicks used before;
-- the refund of each ending is the ledger's campaign-refund row of that campaign written in the
-- ending's transaction (created_at = end_date; none when nothing was left), so the period's budget
-- is its spend + that refund. An entry whose campaign_id is missing is its own period; its
-- amount_deposit (then the last deposit) stays, as nothing tells the period's budget.
WITH ordered AS (
  SELECT h.id, h.campaign_id, h.end_date,
         lag(h.clicks_count) OVER w AS clicks_before,
         lag(h.total_spent_cents) OVER w AS spent_before,
         lag(h.end_date) OVER w AS ended_before
    FROM campaign_history h
  WINDOW w AS (PARTITION BY COALESCE(h.campaign_id, -h.id) ORDER BY h.end_date, h.id)
), periods AS (
  SELECT o.id, COALESCE(o.clicks_before, 0) AS clicks_before, COALESCE(o.spent_before, 0) AS spent_before,
         (SELECT COALESCE(sum(l.amount_cents), 0) FROM ledger_entries l
           WHERE l.reference = 'campaign:' || o.campaign_id AND l.kind = 'campaign-refund'
             AND l.created_at <= o.end_date
             AND (o.ended_before IS NULL OR l.created_at > o.ended_before)) AS refund_cents
    FROM ordered o
)
UPDATE campaign_history h
   SET total_clicks_purchased = h.total_clicks_purchased - p.clicks_before,
       clicks_purchased = h.total_clicks_purchased - p.clicks_before,
       remaining_clicks = h.total_clicks_purchased - h.clicks_count,
       clicks_count = h.clicks_count - p.clicks_before,
       total_spent_cents = h.total_spent_cents - p.spent_before,
       amount_deposit_cents = CASE WHEN h.campaign_id IS NULL THEN h.amount_deposit_cents
                                   ELSE h.total_spent_cents - p.spent_before + p.refund_cents END
  FROM periods p
 WHERE p.id = h.id;

-- An active campaign's period began after its last ending: the clicks and spend of the ended
-- periods (their entries, now per period, added up) come off its life totals; nothing was refunded
-- in it yet, so its budget is what it spent + what remains. An ended campaign's period is the one
-- its last entry records; one without an entry (none is known) keeps its life as one period. Either
-- way the clicks not used are kept as remaining_clicks (refunded, once ended).
WITH ended AS (
  SELECT h.campaign_id, sum(h.clicks_count) AS clicks, sum(h.total_spent_cents) AS spent
    FROM campaign_history h
   WHERE h.campaign_id IS NOT NULL
   GROUP BY h.campaign_id
), last_entry AS (
  SELECT DISTINCT ON (h.campaign_id) h.campaign_id, h.total_clicks_purchased, h.clicks_count,
         h.remaining_clicks, h.total_spent_cents, h.amount_deposit_cents
    FROM campaign_history h
   WHERE h.campaign_id IS NOT NULL
   ORDER BY h.campaign_id, h.end_date DESC, h.id DESC
), period AS (
  SELECT c.id,
         CASE WHEN c.status THEN c.clicks_purchased - COALESCE(e.clicks, 0)
              WHEN le.campaign_id IS NOT NULL THEN le.total_clicks_purchased
              ELSE c.clicks_purchased END AS clicks_purchased,
         CASE WHEN c.status THEN c.clicks_count - COALESCE(e.clicks, 0)
              WHEN le.campaign_id IS NOT NULL THEN le.clicks_count
              ELSE c.clicks_count END AS clicks_count,
         CASE WHEN c.status THEN c.billed_cents - COALESCE(e.spent, 0)
              WHEN le.campaign_id IS NOT NULL THEN le.total_spent_cents
              ELSE c.billed_cents END AS billed_cents,
         CASE WHEN c.status THEN 0
              WHEN le.campaign_id IS NOT NULL THEN le.amount_deposit_cents - le.total_spent_cents
              ELSE c.refunded_cents END AS refunded_cents
    FROM campaigns c
    LEFT JOIN ended e ON e.campaign_id = c.id
    LEFT JOIN last_entry le ON le.campaign_id = c.id
)
UPDATE campaigns c
   SET clicks_purchased = p.clicks_purchased,
       clicks_count = p.clicks_count,
       remaining_clicks = p.clicks_purchased - p.clicks_count,
       billed_cents = p.billed_cents,
       refunded_cents = p.refunded_cents,
       amount_deposit_cents = p.billed_cents + p.refunded_cents + c.amount_remaining_cents
  FROM period p
 WHERE p.id = c.id;

-- The history entry records the period's budget now; the last deposit alone is no longer kept.
ALTER TABLE campaigns DROP COLUMN IF EXISTS last_deposit_cents;

COMMENT ON COLUMN campaigns.amount_deposit_cents IS 'Money put in during the current period (creation or reactivation to ending) = billed_cents + refunded_cents + amount_remaining_cents';
COMMENT ON COLUMN campaigns.clicks_purchased IS 'Clicks bought in the current period = clicks_count + remaining_clicks (once ended, remaining_clicks are the clicks refunded)';
COMMENT ON TABLE campaign_history IS 'One entry per ended period of a campaign, with that period''s figures only';
