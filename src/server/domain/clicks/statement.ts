/**
 * Records and bills a group of batches in one statement, which is its own transaction (no BEGIN and
 * COMMIT: two round trips less a batch). It locks every active campaign on the
 * events' profiles in a fixed order (by id, in a materialized CTE, so concurrent statements never
 * deadlock: stack notes; NO KEY UPDATE, so foreign-key checks of other events do not wait for it),
 * keeps the first of each event id not recorded before, gives each profile's k-th new event to the
 * campaign whose purchased clicks cover k when the campaigns are queued by start date (the first
 * started bills first: `billing` numbers each campaign's share), inserts the events with their
 * campaign, and charges the campaigns.
 * Events keep their arrival order across the group (batch by batch), so the group bills exactly as
 * its batches would one after another. It answers per batch (fresh, inserted, billed) and lists the
 * campaigns used up with the batch whose event took their last click; those are ended right after, in
 * a transaction of their own (endCampaignsOutOfClicks). An event recorded by another statement after
 * this one's snapshot is skipped by ON CONFLICT yet was counted: `inserted` then differs from `fresh`,
 * the statement fails as a whole (serialization_failure, migration 0060) and the caller tries again.
 *
 * Speed tricks that live inside the statement (style habit 14; the runs behind each figure are in
 * README.md), each with a comment where it sits:
 * - one statement, no BEGIN/COMMIT: two round trips less a batch (commit 082c630);
 * - the profiles' campaigns found by a join on the stored campaigns.profile_key, not tested against
 *   an array (981cd36: 3.8 -> 2.7 ms a batch in process on PostgreSQL);
 * - ids recorded before looked for by one primary-key probe each, and only when retries.ts asks ($5)
 *   (3cbe93f; e7adea8, with the stored profile_key: PostgreSQL, one sender, 18,600 -> 24,100 billed
 *   clicks/s);
 * - the times sent as text (75fd549; no figure of its own).
 */
export const RECORD_AND_BILL = `
  WITH input AS (
    SELECT e.id, e.username, e.at, lower(e.username) AS profile, e.batch, e.ord
      -- The times come as text: a timestamptz[] parameter would have the driver turn each into a Date
      -- and back into text.
      FROM unnest($1::text[], $2::text[], $3::text[]::timestamptz[], $4::int[])
           WITH ORDINALITY AS e(id, username, at, batch, ord)
  ), locked AS MATERIALIZED (
    -- A join, not profile_key = ANY (array): the planner takes the campaigns table for small and
    -- scans it, and a row tested against an array parameter goes through it element by element.
    SELECT c.id, c.profile_key AS profile, c.remaining_clicks, c.start_date
      FROM campaigns c
      JOIN (SELECT DISTINCT lower(u) AS profile FROM unnest($2::text[]) AS u) d ON d.profile = c.profile_key
     WHERE c.status
     ORDER BY c.id
     FOR NO KEY UPDATE OF c
  ), fresh AS (
    -- With $5, one primary-key probe per event for ids recorded before (LIMIT keeps the lateral a
    -- probe: the planner would otherwise scan the whole, ever growing table once the group holds a
    -- few hundred ids). Without, the insert finds them (see recordGroup).
    SELECT DISTINCT ON (i.id) i.*
      FROM input i
      LEFT JOIN LATERAL (SELECT true AS found FROM click_events x WHERE $5 AND x.event_id = i.id LIMIT 1) r ON true
     WHERE r.found IS NULL
     ORDER BY i.id, i.ord
  ), ev AS (
    SELECT f.*, row_number() OVER (PARTITION BY f.profile ORDER BY f.ord) AS k FROM fresh f
  ), demand AS (
    SELECT profile, count(*) AS n FROM ev GROUP BY profile
  ), queued AS (
    SELECT id, profile, remaining_clicks,
           sum(remaining_clicks) OVER (PARTITION BY profile ORDER BY start_date, id) - remaining_clicks AS before
      FROM locked
  ), alloc AS (
    SELECT q.id, q.before, q.profile,
           LEAST(q.remaining_clicks, GREATEST(d.n - q.before, 0))::int AS take
      FROM queued q JOIN demand d ON d.profile = q.profile
  ), billing AS (
    SELECT a.profile, g.k, a.id
      FROM alloc a, generate_series(a.before + 1, a.before + a.take) AS g(k)
  ), inserted AS (
    INSERT INTO click_events (event_id, profile_username, clicked_at, billed, campaign_id)
    SELECT ev.id, ev.username, ev.at, b.id IS NOT NULL, b.id
      FROM ev LEFT JOIN billing b ON b.profile = ev.profile AND b.k = ev.k
     -- In id order: statements sharing ids then wait for each other instead of deadlocking.
     ORDER BY ev.id
    ON CONFLICT (event_id) DO NOTHING
    RETURNING event_id, billed
  ), charged AS (
    UPDATE campaigns c
       SET clicks_count = c.clicks_count + a.take,
           remaining_clicks = c.remaining_clicks - a.take,
           billed_cents = c.billed_cents + a.take * c.click_rate_cents,
           amount_remaining_cents = c.amount_remaining_cents - a.take * c.click_rate_cents,
           updated_at = now()
      FROM alloc a
     WHERE c.id = a.id AND a.take > 0
    RETURNING c.id, c.remaining_clicks
  ), per_batch AS (
    SELECT ev.batch, count(*)::int AS fresh, count(i.event_id)::int AS inserted,
           count(*) FILTER (WHERE i.billed)::int AS billed
      FROM ev LEFT JOIN inserted i ON i.event_id = ev.id
     GROUP BY ev.batch
  )
  SELECT COALESCE((SELECT json_agg(per_batch) FROM per_batch), '[]')::text AS batches,
         COALESCE((SELECT json_agg(json_build_object('batch', last.batch, 'id', ch.id) ORDER BY ch.id)
                     FROM charged ch
                     JOIN alloc a ON a.id = ch.id
                     JOIN ev last ON last.profile = a.profile AND last.k = a.before + a.take
                    WHERE ch.remaining_clicks = 0), '[]')::text AS used_up,
         CASE WHEN EXISTS (SELECT 1 FROM per_batch WHERE inserted <> fresh)
              THEN click_events_recorded_concurrently() END AS conflict`;
