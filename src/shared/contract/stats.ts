import * as v from 'valibot';
import { INVALID_REASONS } from '../invalid-clicks';
import { countsOf, EarlierPackages, UsernameBody } from './campaigns';
import { endpoint } from './endpoint';
import { dayOf, MAX_CUSTOM_RANGE_DAYS, STAT_RANGES } from '../stats-range';
import { TimeZone } from './time-zone';

/**
 * Issue 19: what the money bought over a date range. Ranges and days are in the advertiser's time
 * zone, which the browser sends (IANA name). The roll-ups are hourly, so a zone whose offset is not a
 * whole number of hours (India's +05:30, Nepal's +05:45) has its days counted from the nearest whole
 * hour; the answer says which offset was used and the screen says so.
 */

const IsoDay = v.pipe(
  v.string('Each day must be a date like 2026-11-27'),
  v.isoDate('Each day must be a date like 2026-11-27'),
  v.check((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return Number.isFinite(time) && new Date(time).toISOString().startsWith(day);
  }, 'Each day must be a date like 2026-11-27'),
);

export const RANGE_ENTRIES = {
  range: v.picklist(STAT_RANGES, 'Choose a range: today, 7d, 30d, all or custom'),
  /** Custom ranges only: the first and the last day, both included, in the time zone. */
  from: v.optional(IsoDay),
  to: v.optional(IsoDay),
  time_zone: TimeZone,
};

interface RangeFields {
  range: string;
  from?: string | undefined;
  to?: string | undefined;
  time_zone: string;
}

export const FUTURE_DAY_MESSAGE = 'The last day must not be after today';

/**
 * A custom range's days: both given, in order, none after today in the time zone (issue 35: a day
 * to come has no figures yet), at most MAX_CUSTOM_RANGE_DAYS apart.
 */
export function customRangeProblem(body: RangeFields, now = Date.now()): string | undefined {
  if (body.range !== 'custom') return undefined;
  if (body.from === undefined || body.to === undefined)
    return 'A custom range needs its first and last day';
  if (body.from > body.to) return 'The first day must not be after the last day';
  if (body.to > dayOf(body.time_zone, now)) return FUTURE_DAY_MESSAGE;
  if ((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 >= MAX_CUSTOM_RANGE_DAYS)
    return `A custom range can span at most ${MAX_CUSTOM_RANGE_DAYS} days`;
  return undefined;
}

/** Refuses a custom range without its days, out of order or too long (a body-level message). */
// @__NO_SIDE_EFFECTS__
export function customRangeCheck<T extends RangeFields>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = customRangeProblem(dataset.value);
    if (message) addIssue({ message });
  });
}

const RangeObject = v.object(RANGE_ENTRIES);
export const RangeBody = v.pipe(RangeObject, customRangeCheck<v.InferOutput<typeof RangeObject>>());
export type RangeBody = v.InferOutput<typeof RangeBody>;

/** The range as the server resolved it. */
export const ResolvedRange = v.object({
  /** First and last day, both included (`YYYY-MM-DD` in the time zone). */
  from: v.string(),
  to: v.string(),
  time_zone: v.string(),
  /** The zone's offset from UTC at the range's end, e.g. `+05:30`. */
  utc_offset: v.string(),
  /** The whole-hour offset days were counted with, e.g. `+06:00`; equal to utc_offset unless rounded. */
  counted_offset: v.string(),
  rounded: v.boolean(),
});
export type ResolvedRange = v.InferOutput<typeof ResolvedRange>;

/** Clicks not billed because invalid, by reason (issue 18): every reason of shared/invalid-clicks.ts. */
export const InvalidByReason = v.object(/* @__PURE__ */ countsOf(INVALID_REASONS));
export type InvalidByReason = v.InferOutput<typeof InvalidByReason>;

/**
 * Issue 35 point 4: billed clicks found invalid later and credited back (refund-clicks), counted in
 * the hour they were clicked, as their spend was: how many, and the dollars given back.
 */
const CREDITS = { credits: v.number(), credited_clicks: v.number() };

/**
 * One day: billed clicks, their spend (dollars: clicks x rate; gross, before credits), the clicks of
 * them credited back and their credit, and the invalid clicks.
 */
export const DayFigures = v.object({
  date: v.string(),
  clicks: v.number(),
  spend: v.number(),
  ...CREDITS,
  invalid: InvalidByReason,
});
export type DayFigures = v.InferOutput<typeof DayFigures>;

/** One hour of a one-day range (issue 35): `at` is its start (an ISO instant), as a day's figures. */
export const HourFigures = v.object({
  at: v.string(),
  clicks: v.number(),
  spend: v.number(),
  ...CREDITS,
  invalid: InvalidByReason,
});
export type HourFigures = v.InferOutput<typeof HourFigures>;
/** A one-day range's hours in the zone (23 to 25), zero-filled, oldest first; none for a longer one. */
const Hours = v.array(HourFigures);

export const RangeTotals = v.object({
  /** Gross: every billed click at its rate. */
  spend: v.number(),
  clicks: v.number(),
  /** spend / clicks, rounded to the cent; 0 without clicks. */
  avg_cpc: v.number(),
  invalid: v.number(),
  ...CREDITS,
  /** spend - credits: what the range cost once credits are given back. */
  net_spend: v.number(),
});
export type RangeTotals = v.InferOutput<typeof RangeTotals>;

/**
 * Issue 35 point 7: the range before the chosen one, of the same number of days, to compare with
 * (as ad managers do). A range that ends today is compared up to the same time of day (`until`, to the
 * whole hour), so a day not yet over is not set against a whole one. Null for all time, and when the
 * figures begin after the previous range.
 */
export const PreviousRange = v.nullable(
  v.object({
    from: v.string(),
    to: v.string(),
    /** The instant the previous range is cut at (ISO) when the chosen one ends today; else null. */
    until: v.nullable(v.string()),
    spend: v.number(),
    clicks: v.number(),
    avg_cpc: v.number(),
  }),
);
export type PreviousRange = v.InferOutput<typeof PreviousRange>;

/**
 * Issue 35 point 4: each credit for clicks in the range, with its reason: when it was given, the
 * profile of the campaign that billed them, how many of them and their dollars (those of its clicks
 * inside the range), newest first.
 */
export const CreditNotes = v.array(
  v.object({
    at: v.string(),
    profile: v.string(),
    clicks: v.number(),
    amount: v.number(),
    reason: v.string(),
  }),
);
export type CreditNotes = v.InferOutput<typeof CreditNotes>;

export const AccountStatsResponse = v.object({
  success: v.literal(true),
  range: ResolvedRange,
  totals: v.object({
    ...RangeTotals.entries,
    /**
     * Profiles with a campaign running at some time in the range (a paused or deleted one included):
     * a New Package replaces a profile's campaign, and the profile counts once (issue 35 point 6).
     */
    active_campaigns: v.number(),
  }),
  /** Every day of the range, oldest first, zero-filled; the totals are their sums. */
  days: v.array(DayFigures),
  hours: Hours,
  previous: PreviousRange,
  credit_notes: CreditNotes,
});
export type AccountStats = Omit<v.InferOutput<typeof AccountStatsResponse>, 'success'>;

/**
 * Each campaign's figures in the range (All Campaigns and Expired Campaigns sort by them), and the
 * reasons of its credits in the range when it has any (issue 35 point 4), alphabetically.
 */
export const CampaignFigures = v.object({
  id: v.number(),
  ...RangeTotals.entries,
  credit_reasons: v.optional(v.array(v.string())),
});
export type CampaignFigures = v.InferOutput<typeof CampaignFigures>;
export const CampaignsInRangeResponse = v.object({
  success: v.literal(true),
  range: ResolvedRange,
  /** By the campaign's id: every current campaign. */
  campaigns: v.array(CampaignFigures),
  /** By the history entry's id: the part of its period inside the range. */
  history: v.array(CampaignFigures),
});
export type CampaignsInRange = Omit<v.InferOutput<typeof CampaignsInRangeResponse>, 'success'>;

const CampaignRangeObject = v.object({ username: UsernameBody.entries.username, ...RANGE_ENTRIES });
export const CampaignRangeBody = v.pipe(
  CampaignRangeObject,
  customRangeCheck<v.InferOutput<typeof CampaignRangeObject>>(),
);
export const CampaignStatsResponse = v.object({
  success: v.literal(true),
  range: ResolvedRange,
  totals: RangeTotals,
  /**
   * Issue 35: the campaign's current period (its latest, once ended; see contract/campaign.ts), so
   * that its spend is set against its own budget: the days it began and ended in the zone (`to` null
   * while active), its budget (the money put in during it) and what it was billed by the range's end
   * (0 for a range before it). Every day of the range after `from` billed this period only.
   */
  period: v.object({
    from: v.string(),
    to: v.nullable(v.string()),
    budget: v.number(),
    spent: v.number(),
  }),
  days: v.array(DayFigures),
  hours: Hours,
  /** The profile's figures in the range before (its earlier packages' included). */
  previous: PreviousRange,
  credit_notes: CreditNotes,
  /** The profile's earlier packages whose periods the range's figures include (issue 35 point 6). */
  earlier_packages: v.optional(EarlierPackages),
});
export type CampaignStats = Omit<v.InferOutput<typeof CampaignStatsResponse>, 'success'>;

/** The dashboard's totals and spend and clicks per day in a range, from the per-advertiser roll-ups. */
export const accountStats = endpoint({
  method: 'POST',
  path: 'stats/account',
  body: RangeBody,
  response: AccountStatsResponse,
  access: 'read',
  offline: true,
});

/** Each campaign's and history entry's spend, clicks and cost per click in a range. */
export const campaignsInRange = endpoint({
  method: 'POST',
  path: 'stats/campaigns',
  body: RangeBody,
  response: CampaignsInRangeResponse,
  access: 'read',
  offline: true,
});

/** One campaign's spend and clicks per day in a range, its invalid clicks and its current period. */
export const campaignStats = endpoint({
  method: 'POST',
  path: 'stats/campaign',
  body: CampaignRangeBody,
  response: CampaignStatsResponse,
  access: 'read',
  offline: true,
});
