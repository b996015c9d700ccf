import type { Reader } from '../../db/db';
import type {
  AccountStats,
  CampaignFigures,
  CampaignsInRange,
  CampaignStats,
  CreditNotes,
  DayFigures,
  HourFigures,
  InvalidByReason,
  PreviousRange,
  RangeBody,
  RangeTotals,
} from '../../../shared/contract/stats';
import { centsToDollars } from '../../../shared/money';
import {
  addDays,
  countedOffsetMinutes,
  dayOf,
  dayStart,
  daysBetween,
  resolveRange,
  type Range,
} from '../../../shared/stats-range';
import { noInvalidClicks } from '../../../shared/invalid-clicks';
import { REASON_COLUMNS } from '../clicks/rollup-columns';
import { earlierPackagesIn, profileCampaigns } from './profile-periods';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Issue 19: what the money bought in a date range, in the advertiser's time zone (src/shared/
 * stats-range.ts counts the days). Read from the hourly roll-ups the click billing keeps, never from
 * the click log: per advertiser (user_click_hours, migration 0200) for the dashboard, per campaign
 * (click_hours) for a campaign and the lists. Each day is a run of whole hours, so a day's figures
 * are the sum of its hours' rows; totals are the sum of the days.
 */

/**
 * The sums of one bucket of roll-up rows, as the database adds them: billed clicks, their cents and
 * a count per reason of invalid clicks, under its roll-up column (rollup-columns.ts).
 */
type SumsRow = { billed: number | string; billed_cents: number | string } & Record<
  string,
  number | string
>;

const SUMS = [
  'COALESCE(sum(billed), 0)::bigint AS billed, COALESCE(sum(billed_cents), 0)::bigint AS billed_cents',
  ...REASON_COLUMNS.map(({ column }) => `COALESCE(sum(${column}), 0)::bigint AS ${column}`),
].join(',\n  ');

interface Sums {
  clicks: number;
  cents: number;
  invalid: InvalidByReason;
  /** Issue 35 point 4: of the billed clicks, those credited back, and their cents. */
  credited: number;
  creditedCents: number;
}

/**
 * The sums of one bucket of credits (click_refunds, migration 0300): each credited click is counted
 * in the hour it was clicked and the period that billed it, as the roll-ups count its spend.
 */
type CreditRow = { credited: number | string; credited_cents: number | string };
const CREDIT_SUMS =
  'count(*)::bigint AS credited, COALESCE(sum(amount_cents), 0)::bigint AS credited_cents';

const noInvalid = (): InvalidByReason => noInvalidClicks();

function toSums(row: SumsRow | undefined, credits?: CreditRow): Sums {
  const credited = {
    credited: Number(credits?.credited ?? 0),
    creditedCents: Number(credits?.credited_cents ?? 0),
  };
  if (!row) return { clicks: 0, cents: 0, invalid: noInvalid(), ...credited };
  return {
    clicks: Number(row.billed),
    cents: Number(row.billed_cents),
    invalid: Object.fromEntries(
      REASON_COLUMNS.map(({ code, column }) => [code, Number(row[column])]),
    ) as InvalidByReason,
    ...credited,
  };
}

/** A day's or an hour's figures: gross spend, and its credits beside it. */
const figuresOf = (sums: Sums) => ({
  clicks: sums.clicks,
  spend: centsToDollars(sums.cents),
  credits: centsToDollars(sums.creditedCents),
  credited_clicks: sums.credited,
  invalid: sums.invalid,
});

const invalidCount = (invalid: InvalidByReason) =>
  REASON_COLUMNS.reduce((sum, { code }) => sum + invalid[code], 0);

/** Spend, clicks, cost per click (to the cent) and invalid clicks of some sums. */
function totalsOf(sums: Sums): RangeTotals {
  return {
    spend: centsToDollars(sums.cents),
    clicks: sums.clicks,
    avg_cpc: sums.clicks === 0 ? 0 : centsToDollars(Math.round(sums.cents / sums.clicks)),
    invalid: invalidCount(sums.invalid),
    credits: centsToDollars(sums.creditedCents),
    credited_clicks: sums.credited,
    net_spend: centsToDollars(sums.cents - sums.creditedCents),
  };
}

function addSums(into: Sums, more: Sums): void {
  into.clicks += more.clicks;
  into.cents += more.cents;
  into.credited += more.credited;
  into.creditedCents += more.creditedCents;
  for (const key of Object.keys(into.invalid) as (keyof InvalidByReason)[])
    into.invalid[key] += more.invalid[key];
}

/** A resolved range with its day boundaries: n days, n + 1 instants, each a whole UTC hour. */
function rangeOf(body: RangeBody, now: number, firstDay: string | undefined) {
  const range = resolveRange(body, now, firstDay);
  const days = daysBetween(range.from, range.to);
  const bounds = [...days, addDays(range.to, 1)].map((day) =>
    new Date(dayStart(range.time_zone, day)).toISOString(),
  );
  return { range, days, bounds, start: bounds[0]!, end: bounds[bounds.length - 1]! };
}

/**
 * Each day's sums from rows bucketed by width_bucket over the boundaries (1 is the first day), and
 * its credits, bucketed alike.
 */
function dayFigures(
  days: string[],
  rows: (SumsRow & { bucket: number })[],
  credits: (CreditRow & { bucket: number })[],
) {
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  const creditsBy = new Map(credits.map((row) => [Number(row.bucket), row]));
  const total = toSums(undefined);
  const figures: DayFigures[] = days.map((date, index) => {
    const sums = toSums(byBucket.get(index + 1), creditsBy.get(index + 1));
    addSums(total, sums);
    return { date, ...figuresOf(sums) };
  });
  return { figures, total };
}

/** The owner's credits in a range by day (width_bucket over the days' boundaries). */
function creditsByDay(
  db: Reader,
  owner: Owner,
  span: { bounds: string[]; start: string; end: string },
) {
  return db.query<CreditRow & { bucket: number }>(
    `SELECT width_bucket(hour, $2::timestamptz[]) AS bucket, ${CREDIT_SUMS}
       FROM click_refunds
      WHERE ${owner.column} = ANY($1::bigint[]) AND hour >= $3 AND hour < $4
      GROUP BY 1`,
    [owner.ids, span.bounds, span.start, span.end],
  );
}

/**
 * Issue 35 point 4: the credits for the owner's clicks in the range, one per refund (its reason) and
 * campaign, newest first: the profile is the campaign's, or its history's once it was deleted.
 */
async function creditNotes(
  db: Reader,
  owner: Owner,
  span: { start: string; end: string },
): Promise<CreditNotes> {
  const rows = await db.query<{
    at: Date;
    reason: string;
    profile: string | null;
    clicks: number | string;
    cents: number | string;
  }>(
    `SELECT a.created_at AS at, a.reason, count(*)::bigint AS clicks, sum(r.amount_cents)::bigint AS cents,
            COALESCE((SELECT c.profile_username FROM campaigns c WHERE c.id = r.campaign_id),
                     (SELECT e.profile_username FROM campaign_history e WHERE e.campaign_id = r.campaign_id
                       ORDER BY e.end_date DESC LIMIT 1)) AS profile
       FROM click_refunds r JOIN operator_actions a ON a.id = r.action_id
      WHERE r.${owner.column} = ANY($1::bigint[]) AND r.hour >= $2 AND r.hour < $3
      GROUP BY r.action_id, a.created_at, a.reason, r.campaign_id
      ORDER BY a.created_at DESC, r.action_id DESC, r.campaign_id`,
    [owner.ids, span.start, span.end],
  );
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    profile: row.profile ?? '',
    clicks: Number(row.clicks),
    amount: centsToDollars(Number(row.cents)),
    reason: row.reason,
  }));
}

/**
 * Issue 35: a one-day range's hours (the screens chart its hours, not one bar), zero-filled; none
 * for a longer range. From the same roll-ups as its day: `owner` is the advertiser's (user_id in
 * user_click_hours) or the campaigns' (campaign_id in click_hours: a profile's, issue 35 point 6).
 */
async function hourFigures(
  db: Reader,
  owner: Owner,
  span: { days: string[]; start: string; end: string },
): Promise<HourFigures[]> {
  if (span.days.length !== 1) return [];
  const rows = await db.query<SumsRow & { hour: Date }>(
    `SELECT hour, ${SUMS} FROM ${owner.table}
      WHERE ${owner.column} = ANY($1::bigint[]) AND hour >= $2 AND hour < $3
      GROUP BY hour`,
    [owner.ids, span.start, span.end],
  );
  const credits = await db.query<CreditRow & { hour: Date }>(
    `SELECT hour, ${CREDIT_SUMS} FROM click_refunds
      WHERE ${owner.column} = ANY($1::bigint[]) AND hour >= $2 AND hour < $3
      GROUP BY hour`,
    [owner.ids, span.start, span.end],
  );
  const byHour = new Map(rows.map((row) => [new Date(row.hour).getTime(), row]));
  const creditsBy = new Map(credits.map((row) => [new Date(row.hour).getTime(), row]));
  const hours: HourFigures[] = [];
  for (let at = Date.parse(span.start); at < Date.parse(span.end); at += HOUR_MS) {
    const sums = toSums(byHour.get(at), creditsBy.get(at));
    hours.push({ at: new Date(at).toISOString(), ...figuresOf(sums) });
  }
  return hours;
}

type Owner = {
  table: 'user_click_hours' | 'click_hours';
  column: 'user_id' | 'campaign_id';
  ids: number[];
};

/**
 * Issue 35 point 7: the owner's figures in the range before, of as many days. When the range ends
 * today, the previous one stops at the same time of day: its last day up to the end of the clock hour
 * under way today (that hour included, as it is in the range), by the zone's clock, so that a day of
 * a clock change cuts at the same time too. Null for all time, and when the figures begin
 * (`firstDay`) after the previous range: nothing to compare with.
 */
async function previousFigures(
  db: Reader,
  owner: Owner,
  body: RangeBody,
  span: { range: Range; days: string[] },
  firstDay: string | undefined,
  now: number,
): Promise<PreviousRange> {
  const { range, days } = span;
  const from = addDays(range.from, -days.length);
  const to = addDays(range.from, -1);
  if (body.range === 'all' || firstDay === undefined || firstDay > to) return null;
  const zone = range.time_zone;
  const start = dayStart(zone, from);
  let end = dayStart(zone, range.from);
  let until: string | null = null;
  const today = dayOf(zone, now);
  if (range.to === today) {
    const clockHour = Math.floor(
      ((now + countedOffsetMinutes(zone, now) * 60_000) % DAY_MS) / HOUR_MS,
    );
    // The end of that hour on the previous range's last day, as the zone's clock reads it then.
    end = Math.min(end, Math.max(dayStart(zone, to) + HOUR_MS, dayStart(zone, to, clockHour + 1)));
    until = new Date(end).toISOString();
  }
  const [row] = await db.query<SumsRow>(
    `SELECT ${SUMS} FROM ${owner.table}
      WHERE ${owner.column} = ANY($1::bigint[]) AND hour >= $2 AND hour < $3`,
    [owner.ids, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  const { spend, clicks, avg_cpc } = totalsOf(toSums(row));
  return { from, to, until, spend, clicks, avg_cpc };
}

/** The day the advertiser's figures begin: the first roll-up or the first campaign, whichever first. */
async function accountFirstDay(db: Reader, userId: number, timeZone: string) {
  const [row] = await db.query<{ first: Date | null }>(
    `SELECT LEAST((SELECT min(hour) FROM user_click_hours WHERE user_id = $1),
                  (SELECT min(created_at) FROM campaigns WHERE user_id = $1),
                  (SELECT min(start_date) FROM campaign_history WHERE user_id = $1)) AS first`,
    [userId],
  );
  return row?.first ? dayOf(timeZone, new Date(row.first).getTime()) : undefined;
}

/** The dashboard's range: totals, campaigns that ran in it, and every day's figures. */
export async function accountStats(
  db: Reader,
  userId: number,
  body: RangeBody,
  now = Date.now(),
): Promise<AccountStats> {
  const firstDay = await accountFirstDay(db, userId, body.time_zone);
  const { range, days, bounds, start, end } = rangeOf(body, now, firstDay);
  const owner: Owner = { table: 'user_click_hours', column: 'user_id', ids: [userId] };
  const rows = await db.query<SumsRow & { bucket: number }>(
    `SELECT width_bucket(hour, $2::timestamptz[]) AS bucket, ${SUMS}
       FROM user_click_hours
      WHERE user_id = $1 AND hour >= $3 AND hour < $4
      GROUP BY 1`,
    [userId, bounds, start, end],
  );
  // Issue 35 point 6: profiles, as everywhere "active campaigns" is said (one campaign per profile,
  // which a New Package replaces with a new one: the profile counts once), case-insensitively as
  // profile_key compares them.
  const [active] = await db.query<{ count: number }>(
    `SELECT count(DISTINCT profile)::int AS count FROM (
       SELECT lower(profile_username) AS profile FROM campaigns
        WHERE user_id = $1 AND status AND start_date < $3
       UNION ALL
       SELECT lower(profile_username) FROM campaign_history
        WHERE user_id = $1 AND start_date < $3 AND end_date >= $2) AS ran`,
    [userId, start, end],
  );
  const credits = await creditsByDay(db, owner, { bounds, start, end });
  const { figures, total } = dayFigures(days, rows, credits);
  return {
    range,
    totals: { ...totalsOf(total), active_campaigns: Number(active?.count ?? 0) },
    days: figures,
    hours: await hourFigures(db, owner, { days, start, end }),
    previous: await previousFigures(db, owner, body, { range, days }, firstDay, now),
    credit_notes: await creditNotes(db, owner, { start, end }),
  };
}

/** A campaign's or history entry's sums in the range, its credits and their reasons. */
type RowOfRange = SumsRow & CreditRow & { id: number; credit_reasons: string[] | null };

/**
 * The credits of one period of a campaign for clicks in the range ($2, $3), with their reasons (the
 * operator's, as the advertiser's notification gave them), each once, alphabetically.
 */
const CREDITS_OF_PERIOD = (campaign: string, period: string) =>
  `SELECT ${CREDIT_SUMS}, array_agg(DISTINCT a.reason ORDER BY a.reason) AS credit_reasons
     FROM click_refunds r JOIN operator_actions a ON a.id = r.action_id
    WHERE r.campaign_id = ${campaign} AND r.period_start = ${period}
      AND r.hour >= $2 AND r.hour < $3`;

/**
 * Each current campaign's figures in the range and each history entry's, each of its own period
 * (issue 35 point 2: the roll-ups carry it, so an hour two periods share is split between them, never
 * counted by both): the entries and the active campaigns add up to the dashboard's figures. A paused
 * campaign's period is its last entry's.
 */
export async function campaignsInRange(
  db: Reader,
  userId: number,
  body: RangeBody,
  now = Date.now(),
): Promise<CampaignsInRange> {
  const firstDay =
    body.range === 'all' ? await accountFirstDay(db, userId, body.time_zone) : undefined;
  const { range, start, end } = rangeOf(body, now, firstDay);
  const campaigns = await db.query<RowOfRange>(
    `SELECT c.id, s.*, k.*
       FROM campaigns c
       LEFT JOIN LATERAL (SELECT ${SUMS} FROM click_hours h
                           WHERE h.campaign_id = c.id AND h.period_start = c.start_date
                             AND h.hour >= $2 AND h.hour < $3) s ON true
       LEFT JOIN LATERAL (${CREDITS_OF_PERIOD('c.id', 'c.start_date')}) k ON true
      WHERE c.user_id = $1
      ORDER BY c.id`,
    [userId, start, end],
  );
  const history = await db.query<RowOfRange>(
    `SELECT e.id, s.*, k.*
       FROM campaign_history e
       LEFT JOIN LATERAL (SELECT ${SUMS} FROM click_hours h
                           WHERE h.campaign_id = e.campaign_id AND h.period_start = e.start_date
                             AND h.hour >= $2 AND h.hour < $3) s ON true
       LEFT JOIN LATERAL (${CREDITS_OF_PERIOD('e.campaign_id', 'e.start_date')}) k ON true
      WHERE e.user_id = $1
      ORDER BY e.id`,
    [userId, start, end],
  );
  const figures = (row: RowOfRange): CampaignFigures => ({
    id: Number(row.id),
    ...totalsOf(toSums(row, row)),
    ...(row.credit_reasons?.length ? { credit_reasons: row.credit_reasons } : {}),
  });
  return { range, campaigns: campaigns.map(figures), history: history.map(figures) };
}

/**
 * What the campaign's current period (its latest, once ended) was billed by `end`: its billing total
 * less what hours from `end` on billed. Those hours all belong to the period when it began before
 * `end` (a whole hour, and the period began before it), so the figure is exact also when the period
 * began within an hour that billed the one before; a period that began at or after `end` had nothing.
 */
const PERIOD_SPENT_BY = `
  SELECT CASE WHEN c.start_date >= $2 THEN 0
              ELSE GREATEST(0, c.billed_cents - COALESCE((SELECT sum(h.billed_cents) FROM click_hours h
                                                           WHERE h.campaign_id = c.id AND h.hour >= $2), 0))
         END::bigint AS cents
    FROM campaigns c WHERE c.id = $1`;

/**
 * One campaign's range: its days (from its creation for all time) and its current period (issue 35:
 * the tracker sets this period's spend against this period's budget, never the lifetime spend).
 * The days follow the profile (issue 35 point 6): the advertiser's earlier packages on it count too
 * (all time begins with the first), and the answer names those with a period in the range.
 * Undefined without such a campaign.
 */
export async function campaignStats(
  db: Reader,
  userId: number,
  username: string,
  body: RangeBody,
  now = Date.now(),
): Promise<CampaignStats | undefined> {
  const [campaign] = await db.query<{
    id: number;
    profile_username: string;
    amount_deposit_cents: number;
    created_at: Date;
    start_date: Date;
    end_date: Date | null;
  }>(
    `SELECT id, profile_username, amount_deposit_cents, created_at, start_date, end_date FROM campaigns
      WHERE user_id = $1 AND lower(profile_username) = lower($2)`,
    [userId, username],
  );
  if (!campaign) return undefined;
  const zone = body.time_zone;
  const profile = await profileCampaigns(db, userId, campaign);
  const firstDay = dayOf(zone, profile.firstAt.getTime());
  const { range, days, bounds, start, end } = rangeOf(body, now, firstDay);
  const owner: Owner = { table: 'click_hours', column: 'campaign_id', ids: profile.ids };
  const rows = await db.query<SumsRow & { bucket: number }>(
    `SELECT width_bucket(hour, $2::timestamptz[]) AS bucket, ${SUMS}
       FROM click_hours
      WHERE campaign_id = ANY($1::bigint[]) AND hour >= $3 AND hour < $4
      GROUP BY 1`,
    [profile.ids, bounds, start, end],
  );
  const earlier = earlierPackagesIn(profile, start, end);
  const [spent] = await db.query<{ cents: number | string }>(PERIOD_SPENT_BY, [campaign.id, end]);
  const credits = await creditsByDay(db, owner, { bounds, start, end });
  const { figures, total } = dayFigures(days, rows, credits);
  return {
    range,
    totals: totalsOf(total),
    period: {
      from: dayOf(zone, new Date(campaign.start_date).getTime()),
      to: campaign.end_date ? dayOf(zone, new Date(campaign.end_date).getTime()) : null,
      budget: centsToDollars(Number(campaign.amount_deposit_cents)),
      spent: centsToDollars(Number(spent?.cents ?? 0)),
    },
    days: figures,
    hours: await hourFigures(db, owner, { days, start, end }),
    previous: await previousFigures(db, owner, body, { range, days }, firstDay, now),
    credit_notes: await creditNotes(db, owner, { start, end }),
    ...(earlier ? { earlier_packages: earlier } : {}),
  };
}
