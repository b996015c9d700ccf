import { KEPT_COLUMNS, NOT_KEPT_COLUMNS, REASON_COLUMNS } from './rollup-columns';

/**
 * Judges, records and bills a group of batches in one statement, which is its own transaction (no BEGIN and
 * COMMIT: two round trips less a batch). It locks every active campaign on the
 * events' profiles in a fixed order (by id, in a materialized CTE, so concurrent statements never
 * deadlock: stack notes; NO KEY UPDATE, so foreign-key checks of other events do not wait for it),
 * keeps the first of each event id not recorded before, judges each new event (the invalid-click
 * rules of README.md that need the database: not placed, double click, daily cap; bots and clicks
 * with no visitor id nor address come judged), gives each
 * profile's k-th valid new event to the
 * campaign whose purchased clicks cover k when the campaigns are queued by start date (the first
 * started bills first: `billing` numbers each campaign's share), inserts the events with their
 * campaign, and charges the campaigns.
 * Events keep their arrival order across the group (batch by batch), so the group bills exactly as
 * its batches would one after another. It adds every event to the hourly roll-ups (click_hours) and
 * the visitors' memory (click_visitors). It answers per batch (fresh, billed, invalid by reason) and
 * lists the
 * campaigns used up with the batch whose event took their last click; those are ended right after, in
 * a transaction of their own (endCampaignsOutOfClicks). The events, and the visitors' rows new to the
 * snapshot, are inserted without ON CONFLICT: an id recorded before (on the first try, which does not
 * look: retries.ts) or by another statement since, or a visitor's row another statement inserted
 * since, fails the statement as a whole (unique_violation) and the caller tries again. Likewise
 * (serialization_failure, raised by migration 0060's function, whose comment still speaks of event
 * ids: now only the visitors' versions call it) when another statement changed a visitor's memory
 * after this one's snapshot (its `version` moved by more than this statement's one step): two batches
 * judging the same visitor at once never both bill the visitor's click.
 *
 * Parameters: $1 ids, $2 usernames, $3 times (text), $4 batch numbers, $5 look for recorded ids,
 * $6 days (the ids' UTC days), $7 verdicts judged before (PreparedEvent), $8 visitor keys, $9 address
 * keys, $10 the double-click window (ms), $11 the daily cap.
 *
 * The reasons' counts and roll-up columns (`outside`, `rolled`, `hours_written`, `per_batch`,
 * `not_kept`) are listed from the registry of reasons (rollup-columns.ts, issue 34 point 4): the text
 * sent is the one written out before, token for token. The verdicts themselves are the rules'.
 *
 * Speed tricks that live inside the statement (style habit 14; the runs behind each figure are in
 * README.md), each with a comment where it sits:
 * - one statement, no BEGIN/COMMIT: two round trips less a batch (commit 082c630);
 * - the profiles' campaigns found by a join on the stored campaigns.profile_key, not tested against
 *   an array (981cd36: 3.8 -> 2.7 ms a batch in process on PostgreSQL);
 * - ids recorded before looked for by one primary-key probe each, and only when retries.ts asks ($5)
 *   (3cbe93f; e7adea8, with the stored profile_key: PostgreSQL, one sender, 18,600 -> 24,100 billed
 *   clicks/s);
 * - the times sent as text (75fd549; no figure of its own);
 * - the events and the visitors' rows new to the snapshot inserted without ON CONFLICT (a row written
 *   since fails the insert, and retries.ts tries again): in process, groups of 800 events
 *   33.9-34.1 -> 29.8-33.5 ms (README.md);
 * - the double click judged once per event, on its main key, before the keys are counted (`timed`,
 *   `key_rows`): one window pass over the events instead of two over the event-key pairs, and the cap
 *   read back by a hash join: groups of 800 events 28.6-28.7 -> 25.9-26.9 ms (README.md).
 */
export const RECORD_AND_BILL = `
  WITH input AS (
    SELECT e.id::uuid AS id, e.day::date AS day, e.username, e.at, lower(e.username) AS profile,
           e.batch, e.preset, e.vkey, e.akey, e.ord
      -- The times come as text: a timestamptz[] parameter would have the driver turn each into a Date
      -- and back into text.
      FROM unnest($1::text[], $2::text[], $3::text[]::timestamptz[], $4::int[], $6::text[], $7::text[],
                  $8::bigint[], $9::bigint[])
           WITH ORDINALITY AS e(id, username, at, batch, day, preset, vkey, akey, ord)
  ), locked AS MATERIALIZED (
    -- A join, not profile_key = ANY (array): the planner takes the campaigns table for small and
    -- scans it, and a row tested against an array parameter goes through it element by element.
    SELECT c.id, c.profile_key AS profile, c.remaining_clicks, c.start_date, c.click_rate_cents AS rate, c.user_id,
           c.daily_budget_cents AS budget, c.ends_at, c.day_spend,
           c.daily_budget_cents IS NOT NULL OR c.ends_at IS NOT NULL AS limited
      FROM campaigns c
      JOIN (SELECT DISTINCT lower(u) AS profile FROM unnest($2::text[]) AS u) d ON d.profile = c.profile_key
     WHERE c.status
     ORDER BY c.id
     FOR NO KEY UPDATE OF c
  ), limited_profiles AS (
    -- Issue 36: profiles with a campaign that has a daily budget or an end date are billed click by
    -- click (bill_within_limits, migration 0320); the others by the running sums below.
    SELECT DISTINCT profile FROM locked WHERE limited
  ), limited_queue AS (
    -- Their campaigns, in queue order, with the zone their advertiser's days follow now (from, until:
    -- a click outside it is dated by account_day).
    SELECT l.*, COALESCE(z.time_zone, 'UTC') AS zone, COALESCE(z.effective_from, '-infinity') AS zone_from,
           COALESCE((SELECT min(n.effective_from) FROM user_time_zones n
                      WHERE n.user_id = l.user_id AND n.effective_from > now()), 'infinity') AS zone_until
      FROM locked l
      LEFT JOIN LATERAL (SELECT t.time_zone, t.effective_from FROM user_time_zones t
                          WHERE t.user_id = l.user_id AND t.effective_from <= now()
                          ORDER BY t.effective_from DESC LIMIT 1) z ON true
     WHERE l.profile IN (SELECT profile FROM limited_profiles)
  ), fresh AS (
    -- With $5, one primary-key probe per event for ids recorded before (LIMIT keeps the lateral a
    -- probe: the planner would otherwise scan the whole, ever growing table once the group holds a
    -- few hundred ids). Without, the insert finds them (see recordGroup). Events too old or in the
    -- future are not kept: only counted (input).
    SELECT DISTINCT ON (i.id) i.*
      FROM input i
      LEFT JOIN LATERAL (SELECT true AS found FROM click_log x
                          WHERE $5 AND x.day = i.day AND x.event_id = i.id LIMIT 1) r ON true
     WHERE (i.preset IS NULL OR i.preset IN ('bot', 'unidentified')) AND r.found IS NULL
     ORDER BY i.id, i.ord
  ), outside AS (
    -- Dated outside the window, not kept: only counted, unless the id (whose own time is inside the
    -- window: it has a day) was recorded before. Then it is a duplicate, like any resend.
    SELECT i.* FROM input i
     WHERE i.preset IN (${NOT_KEPT_COLUMNS.map(({ code }) => `'${code}'`).join(', ')})
       AND NOT EXISTS (SELECT 1 FROM click_log x WHERE i.day IS NOT NULL AND x.day = i.day AND x.event_id = i.id)
  ), showing AS (
    -- Per profile: since when it is placed by an active campaign, and the campaign its clicks are on
    -- (the one billing now: the first started with clicks left).
    SELECT DISTINCT ON (profile) profile, id, user_id, start_date,
           min(start_date) OVER (PARTITION BY profile) AS since
      FROM locked
     ORDER BY profile, remaining_clicks = 0, start_date, id
  ), placed AS (
    -- Placed at the click's time (5 minutes either side for the clocks): an active campaign had
    -- started, or an ended period of a campaign on the profile covered it (campaign_history).
    SELECT f.*, COALESCE(s.id, h.campaign_id) AS on_campaign, COALESCE(s.user_id, h.user_id) AS on_user,
           COALESCE(s.start_date, h.start_date) AS on_period,
           s.id IS NOT NULL OR h.found IS NOT NULL AS is_placed,
           -- Only a click an active campaign placed is billed: one placed by an ended period is valid
           -- but paid for by nobody (unbilled), never by a campaign that started after it.
           s.id IS NOT NULL AS by_active
      FROM fresh f
      LEFT JOIN showing s ON s.profile = f.profile AND s.since <= f.at + interval '5 minutes'
      LEFT JOIN LATERAL (
        SELECT true AS found, hh.campaign_id, hh.user_id, hh.start_date FROM campaign_history hh
         WHERE s.id IS NULL AND lower(hh.profile_username) = f.profile
           AND hh.end_date >= f.at - interval '5 minutes' AND hh.start_date <= f.at + interval '5 minutes'
         ORDER BY hh.end_date LIMIT 1) h ON true
  ), judged AS MATERIALIZED (
    -- Each event once, with the key of the double-click rule (mkey: the visitor's, else the
    -- address's) and, with a visitor id and an address, the address's (skey: the daily cap holds
    -- for each key); none when the event has neither a visitor id nor an address, or was judged
    -- already (skey only with both). A key is of one profile (classify.ts). Materialized: each row
    -- then looks its key up in click_visitors by the whole primary key (inlined, the planner joined
    -- the table before the keys and scanned the whole day for each row).
    SELECT j.*, CASE WHEN j.pre IS NULL THEN j.vkey END AS mkey, CASE WHEN j.pre IS NULL THEN j.akey END AS skey
      FROM (SELECT p.*, CASE WHEN p.preset IS NOT NULL THEN p.preset WHEN NOT p.is_placed THEN 'notPlaced' END AS pre
              FROM placed p) j
  ), keyed AS (
    -- The main key's memory, by its primary key; the day before only when the click is within the
    -- window of (UTC) midnight.
    SELECT j.*, s.clicks, s.last_at, s.version, y.last_at AS last_before, y.version AS version_before,
           y.looked IS NOT NULL AS looked_before
      FROM judged j
      LEFT JOIN LATERAL (SELECT x.clicks, x.last_at, x.version FROM click_visitors x
                          WHERE j.mkey IS NOT NULL AND x.day = j.day AND x.key = j.mkey) s ON true
      LEFT JOIN LATERAL (SELECT true AS looked, x.last_at, x.version
                           FROM (SELECT 1) one LEFT JOIN click_visitors x
                             ON x.day = j.day - 1 AND x.key = j.mkey
                          WHERE j.mkey IS NOT NULL
                            AND j.at < (j.day::timestamp AT TIME ZONE 'UTC') + $10 * interval '1 millisecond'
                          -- OFFSET 0 keeps the subquery whole, so the test above skips the probe.
                          OFFSET 0) y ON true
  ), timed AS (
    -- A double click: within the window of the visitor's click before it in the group (by time) or
    -- of the latest one remembered (either side: batches may come out of order). Judged per event,
    -- on the main key alone, before the keys are counted.
    SELECT t.*,
           t.mkey IS NOT NULL AND (
             COALESCE(t.at - lag(t.at) OVER (PARTITION BY t.mkey ORDER BY t.at, t.id)
                      < $10 * interval '1 millisecond', false)
             OR COALESCE(t.at > t.last_at - $10 * interval '1 millisecond'
                         AND t.at < t.last_at + $10 * interval '1 millisecond', false)
             OR COALESCE(t.at < t.last_before + $10 * interval '1 millisecond', false)) AS dbl
      FROM keyed t
  ), key_rows AS MATERIALIZED (
    -- One narrow row per event and key it is counted under, so the cap is one window function over
    -- one row set (joins between CTEs are planned as nested loops on estimates of one row: a group's
    -- cost would grow with its square). The main key's memory came with the event; the address's is
    -- looked up below. The verdict goes back to the events (judged_all) by a join on the few ids past
    -- the cap (capped), hashed in the plans measured: a nested loop there stays small as well.
    SELECT t.id, t.day, t.at, t.dbl, true AS main, t.mkey AS key, t.clicks, t.version
      FROM timed t WHERE t.mkey IS NOT NULL
    UNION ALL
    SELECT t.id, t.day, t.at, t.dbl, false, t.skey, NULL::int, NULL::int
      FROM timed t WHERE t.skey IS NOT NULL
  ), counted AS (
    -- The day's clicks of each key, double clicks left out, counted in time order after those
    -- remembered: past the cap, the click is invalid (and still counted).
    SELECT r.day, r.key, r.main, r.at, r.dbl, r.id, COALESCE(r.version, s.version) AS version,
           CASE WHEN NOT r.dbl THEN COALESCE(r.clicks, s.clicks, 0)
                + row_number() OVER (PARTITION BY r.day, r.key, NOT r.dbl ORDER BY r.at, r.id) END AS n
      FROM key_rows r
      LEFT JOIN LATERAL (SELECT x.clicks, x.version FROM click_visitors x
                          WHERE NOT r.main AND x.day = r.day AND x.key = r.key) s ON true
  ), capped AS (
    SELECT DISTINCT id FROM counted WHERE n > $11
  ), judged_all AS (
    SELECT t.*, COALESCE(t.pre, CASE WHEN t.dbl THEN 'doubleClick'
                                     WHEN c.id IS NOT NULL THEN 'dailyCap' END) AS verdict
      FROM timed t LEFT JOIN capped c ON c.id = t.id
  ), state_rows AS (
    -- Every key's row of the same day saw the same memory: one version.
    SELECT day, key, sum(added)::int AS added, max(last_at) AS last_at, max(version) AS version
      FROM (
        -- The latest click of a key is remembered from its main rows only: in the group, too, the
        -- double-click rule compares a click with main keys alone.
        SELECT day, key, (NOT dbl)::int AS added,
               CASE WHEN main THEN at ELSE '-infinity'::timestamptz END AS last_at, version
          FROM counted
        UNION ALL
        -- A click near midnight read the day before's row: written too (nothing added), so its
        -- version is checked like the others and two statements cannot both miss each other.
        SELECT day - 1, mkey, 0, '-infinity'::timestamptz, version_before
          FROM timed WHERE looked_before
      ) r
     GROUP BY day, key
  ), visitors_added AS (
    -- Keys the snapshot had no memory of, inserted plainly (no ON CONFLICT: a row another statement
    -- inserted since is a unique violation, and the group is tried again), in key order like the
    -- events: statements sharing keys wait for each other, never deadlock.
    INSERT INTO click_visitors (day, key, clicks, last_at, version)
    SELECT day, key, added, last_at, 1 FROM state_rows WHERE version IS NULL ORDER BY day, key
  ), visitors_written AS (
    -- Keys remembered: the version written is the snapshot's plus one; a row another statement
    -- changed since then gets -1 instead, the statement fails (below) and that -1 is never committed.
    INSERT INTO click_visitors AS s (day, key, clicks, last_at, version)
    SELECT day, key, added, last_at, version + 1 FROM state_rows WHERE version IS NOT NULL ORDER BY day, key
    ON CONFLICT (day, key) DO UPDATE
       SET clicks = s.clicks + excluded.clicks, last_at = GREATEST(s.last_at, excluded.last_at),
           version = CASE WHEN s.version + 1 = excluded.version THEN excluded.version ELSE -1 END
    RETURNING version
  ), final AS (
    SELECT a.*, a.verdict IS NULL AND a.by_active AS billable,
           row_number() OVER (PARTITION BY a.profile, a.verdict IS NULL AND a.by_active ORDER BY a.ord) AS k
      FROM judged_all a
  ), demand AS (
    SELECT profile, count(*) AS n FROM final WHERE billable GROUP BY profile
  ), queued AS (
    SELECT id, profile, remaining_clicks, rate, user_id, start_date,
           sum(remaining_clicks) OVER (PARTITION BY profile ORDER BY start_date, id) - remaining_clicks AS before
      FROM locked
  ), alloc AS (
    SELECT q.id, q.before, q.profile, q.rate, q.user_id, q.start_date,
           LEAST(q.remaining_clicks, GREATEST(d.n - q.before, 0))::int AS take
      FROM queued q JOIN demand d ON d.profile = q.profile
     WHERE q.profile NOT IN (SELECT profile FROM limited_profiles)
  ), limited_clicks AS (
    SELECT f.profile, f.k, f.at FROM final f
     WHERE f.billable AND f.profile IN (SELECT profile FROM limited_profiles)
  ), limited_billing AS (
    -- Each valid click of those profiles, in order, with the campaign it bills (or none, and whether
    -- a daily budget was why) and the advertiser's day it counts toward.
    SELECT * FROM bill_within_limits(
      (SELECT array_agg(profile ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(id ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(remaining_clicks ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(rate::bigint ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(budget ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(ends_at ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(user_id ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(day_spend ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(zone ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(zone_from ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(zone_until ORDER BY profile, start_date, id) FROM limited_queue),
      (SELECT array_agg(profile ORDER BY profile, k) FROM limited_clicks),
      (SELECT array_agg(k ORDER BY profile, k) FROM limited_clicks),
      (SELECT array_agg(at ORDER BY profile, k) FROM limited_clicks))
  ), billing AS (
    SELECT a.profile, g.k, a.id, a.rate, a.user_id, a.start_date
      FROM alloc a, generate_series(a.before + 1, a.before + a.take) AS g(k)
    UNION ALL
    SELECT b.profile, b.k, q.id, q.rate, q.user_id, q.start_date
      FROM limited_billing b JOIN limited_queue q ON q.id = b.campaign_id
  ), taken AS (
    -- What each campaign bills: the running sums' take, or the limited profiles' clicks it took.
    SELECT id, take FROM alloc WHERE take > 0
    UNION ALL
    SELECT campaign_id, count(*)::int FROM limited_billing WHERE campaign_id IS NOT NULL GROUP BY campaign_id
  ), spend_added AS (
    SELECT b.campaign_id AS id, b.day, count(*) * q.rate AS cents
      FROM limited_billing b JOIN limited_queue q ON q.id = b.campaign_id
     WHERE b.day IS NOT NULL GROUP BY b.campaign_id, b.day, q.rate
  ), spend_written AS (
    -- Each budgeted campaign's new spend of the days it billed in (merged into its row's day_spend;
    -- days past the accept window are dropped by the background job: pruneDaySpend).
    SELECT a.id, jsonb_object_agg(a.day, COALESCE((q.day_spend ->> a.day::text)::bigint, 0) + a.cents) AS added
      FROM (SELECT id, day, sum(cents) AS cents FROM spend_added GROUP BY id, day) a
      JOIN limited_queue q ON q.id = a.id
     GROUP BY a.id
  ), settled AS (
    -- Each new event with the campaign it bills, if any: valid events take the profile's k-th click.
    -- (An equality join, which the planner hashes; a range join to alloc was a nested loop over
    -- every campaign of the group for each event.)
    SELECT f.*, b.id AS billed_to, b.rate, b.user_id AS billed_user, b.start_date AS billed_period,
           COALESCE(lb.budget_hit, false) AS budget_hit
      FROM final f
      LEFT JOIN billing b ON f.billable AND b.profile = f.profile AND b.k = f.k
      LEFT JOIN limited_billing lb ON f.billable AND lb.profile = f.profile AND lb.k = f.k
  ), recorded AS (
    INSERT INTO click_log (day, event_id, campaign_id, profile_username, clicked_at, billed, invalid)
    SELECT s.day, s.id, COALESCE(s.billed_to, s.on_campaign), s.username, s.at, s.billed_to IS NOT NULL, s.verdict
      FROM settled s
     -- In id order: statements sharing ids then wait for each other instead of deadlocking. No ON
     -- CONFLICT: an id recorded before, or by another statement since the snapshot, is a unique
     -- violation, and the group is tried again (retries.ts).
     ORDER BY s.day, s.id
  ), charged AS (
    UPDATE campaigns c
       SET clicks_count = c.clicks_count + a.take,
           remaining_clicks = c.remaining_clicks - a.take,
           billed_cents = c.billed_cents + a.take * c.click_rate_cents,
           amount_remaining_cents = c.amount_remaining_cents - a.take * c.click_rate_cents,
           day_spend = CASE WHEN w.added IS NULL THEN c.day_spend ELSE c.day_spend || w.added END,
           updated_at = now()
      FROM taken a LEFT JOIN spend_written w ON w.id = a.id
     WHERE c.id = a.id AND a.take > 0
    RETURNING c.id, c.remaining_clicks
  ), rolled AS (
    -- Issue 35 point 2: each in its campaign's period (its start): a billed click in the period that
    -- billed it, another in the one it was on; none (-infinity) for a click on no campaign.
    SELECT COALESCE(s.billed_to, s.on_campaign, 0) AS campaign_id, date_trunc('hour', s.at, 'UTC') AS hour,
           s.profile, COALESCE(s.billed_user, s.on_user) AS user_id,
           CASE WHEN s.billed_to IS NOT NULL THEN s.billed_period
                ELSE COALESCE(s.on_period, '-infinity'::timestamptz) END AS period_start,
           count(s.billed_to) AS billed, COALESCE(sum(s.rate), 0) AS billed_cents,
           count(*) FILTER (WHERE s.verdict IS NULL AND s.billed_to IS NULL) AS unbilled,
           count(*) FILTER (WHERE s.verdict IS NULL AND s.billed_to IS NULL AND s.budget_hit) AS budget_reached,
           ${REASON_COLUMNS.map(({ code, column, kept }) =>
             kept ? `count(*) FILTER (WHERE s.verdict = '${code}') AS ${column}` : `0 AS ${column}`,
           ).join(',\n           ')}
      FROM settled s GROUP BY 1, 2, 3, 4, 5
    UNION ALL
    -- Not kept, dated outside the window: counted at the hour they came.
    SELECT 0, date_trunc('hour', now(), 'UTC'), i.profile, NULL, '-infinity'::timestamptz, 0, 0, 0, 0,
           ${REASON_COLUMNS.map(({ code, kept }) =>
             kept ? '0' : `count(*) FILTER (WHERE i.preset = '${code}')`,
           ).join(', ')}
      FROM outside i GROUP BY i.profile
  ), hours_written AS (
    INSERT INTO click_hours AS h (campaign_id, period_start, hour, profile_key, user_id, billed, billed_cents,
                                  unbilled, budget_reached, ${REASON_COLUMNS.map(({ column }) => column).join(', ')})
    SELECT campaign_id, period_start, hour, profile, max(user_id), sum(billed), sum(billed_cents), sum(unbilled),
           sum(budget_reached),
           ${REASON_COLUMNS.map(({ column }) => `sum(${column})`).join(', ')}
      FROM rolled GROUP BY campaign_id, period_start, hour, profile
     ORDER BY campaign_id, period_start, hour, profile
    ON CONFLICT (campaign_id, period_start, hour, profile_key) DO UPDATE
       SET user_id = COALESCE(h.user_id, excluded.user_id),
           billed = h.billed + excluded.billed, billed_cents = h.billed_cents + excluded.billed_cents,
           unbilled = h.unbilled + excluded.unbilled, budget_reached = h.budget_reached + excluded.budget_reached,
           ${REASON_COLUMNS.map(({ column }) => `${column} = h.${column} + excluded.${column}`).join(',\n           ')}
  ), per_batch AS (
    -- What each batch's new events came to (all of them inserted: a duplicate fails the insert).
    SELECT s.batch, count(*)::int AS fresh,
           count(s.billed_to)::int AS billed,
           count(*) FILTER (WHERE s.verdict IS NULL AND s.billed_to IS NULL AND s.budget_hit)::int AS "budgetReached",
           ${KEPT_COLUMNS.map(({ code }) => `count(*) FILTER (WHERE s.verdict = '${code}')::int AS "${code}"`).join(',\n           ')}
      FROM settled s
     GROUP BY s.batch
  ), not_kept AS (
    SELECT batch,
           ${NOT_KEPT_COLUMNS.map(({ code }) => `count(*) FILTER (WHERE preset = '${code}')::int AS "${code}"`).join(',\n           ')}
      FROM outside GROUP BY batch
  )
  SELECT COALESCE((SELECT json_agg(per_batch) FROM per_batch), '[]')::text AS batches,
         COALESCE((SELECT json_agg(not_kept) FROM not_kept), '[]')::text AS skipped,
         COALESCE((SELECT json_agg(json_build_object('batch', last.batch, 'id', ch.id) ORDER BY ch.id)
                     FROM charged ch
                     JOIN (SELECT DISTINCT ON (s.billed_to) s.billed_to, s.batch FROM settled s
                            WHERE s.billed_to IS NOT NULL ORDER BY s.billed_to, s.k DESC) last
                       ON last.billed_to = ch.id
                    WHERE ch.remaining_clicks = 0), '[]')::text AS used_up,
         -- A visitor's memory another statement changed after this one's snapshot was marked -1:
         -- try again.
         CASE WHEN EXISTS (SELECT 1 FROM visitors_written WHERE version = -1)
              THEN click_events_recorded_concurrently() END AS conflict`;
