import * as v from 'valibot';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '../constants';
import { TRACKER_REASONS, type InvalidClickReason } from '../invalid-clicks';
import { hasAtMostTwoDecimals } from '../two-decimals';
import { CAMPAIGN_RULE_MESSAGES } from '../rules/campaign-rules';
import { Campaign } from './campaign';
import { MessageResponse } from './common';
import { endpoint } from './endpoint';
import { TimeZone } from './time-zone';

/** Spec §3 Ad package. Rates in dollars per click. */
export const AdPackage = v.object({
  id: v.number(),
  name: v.string(),
  click_rate: v.number(),
  max_slots: v.number(),
  ranks: v.string(),
  categories: v.array(v.string()),
  ad_icon: v.boolean(),
  popup_ads: v.boolean(),
});
export type AdPackage = v.InferOutput<typeof AdPackage>;
export const AdPackagesResponse = v.object({ success: v.literal(true), data: v.array(AdPackage) });

export const Category = v.object({ name: v.string(), slug: v.string() });
export type Category = v.InferOutput<typeof Category>;
export const CategoriesResponse = v.object({
  success: v.literal(true),
  categories: v.array(Category),
});

// The campaign (and the list answer) are in a file of their own: the dashboard's first load needs
// them without the rest of this contract.
export { Campaign } from './campaign';

/**
 * Spec §3 Campaign history entry: one ended period of a campaign (a period runs from its creation
 * or reactivation to its ending; see Campaign), written when it ends and kept when the campaign is
 * deleted. Its figures cover that period only, so a campaign's entries add up to what it was billed
 * over its ended periods:
 * - total_clicks_purchased = clicks_count + remaining_clicks;
 * - total_spent = clicks_count x click_rate;
 * - amount_deposit = total_spent + the money refunded at the ending (at least remaining_clicks x
 *   click_rate: a leftover fraction of a click is refunded too).
 * Performance (the history page's sort) = clicks_count / total_clicks_purchased.
 */
export const CampaignHistoryEntry = v.object({
  id: v.number(),
  profile_id: v.string(),
  package_name: v.string(),
  categories: v.array(v.string()),
  /** Clicks bought in the period, before the refund at its ending. */
  total_clicks_purchased: v.number(),
  /** The same as total_clicks_purchased (spec §3 lists both). */
  clicks_purchased: v.number(),
  /** Clicks refunded at the ending (bought, not used). */
  remaining_clicks: v.number(),
  /** Clicks used (billed) in the period. */
  clicks_count: v.number(),
  /** The period's spend: clicks_count x click_rate. */
  total_spent: v.number(),
  /** The period's budget: the money put in during it (spec §2's "last deposit" column). */
  amount_deposit: v.number(),
  click_rate: v.number(),
  start_date: v.string(),
  end_date: v.string(),
});
export type CampaignHistoryEntry = v.InferOutput<typeof CampaignHistoryEntry>;
export const CampaignHistoryResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: v.array(CampaignHistoryEntry),
});

/** Spec §3 Creator search result. */
export const CreatorSearchResult = v.object({
  username: v.string(),
  full_name: v.string(),
  avatar: v.string(),
  likes: v.number(),
  photos_count: v.number(),
  videos_count: v.number(),
  subscribe_price: v.number(),
  active_adpackage: v.boolean(),
});
export type CreatorSearchResult = v.InferOutput<typeof CreatorSearchResult>;
export const SearchProfilesResponse = v.object({
  success: v.literal(true),
  data: v.array(CreatorSearchResult),
});

const ProfileUsername = v.pipe(
  v.string('Please choose a profile'),
  v.trim(),
  v.nonEmpty('Please choose a profile'),
  v.maxLength(100, 'Profile not found'),
);

/** A dollar amount with at most 2 decimals. */
// A schema maker: the bundler may drop its unused schemas (src/build/client-endpoints.ts).
// @__NO_SIDE_EFFECTS__
const Dollars = (message: string) =>
  v.pipe(
    v.number(message),
    v.finite(message),
    v.check(hasAtMostTwoDecimals, 'Amounts can have at most 2 decimals'),
  );

const PackageId = v.pipe(
  v.number('Please select a package'),
  v.integer('Please select a package'),
  v.minValue(1, 'Please select a package'),
  // The database keeps package ids as 32-bit integers.
  v.maxValue(2 ** 31 - 1, 'Please select a package'),
);

export const SearchProfilesBody = v.object({
  query: v.pipe(
    v.string('Type at least 2 characters to search'),
    v.trim(),
    v.minLength(2, 'Type at least 2 characters to search'),
    v.maxLength(100, 'Search text is too long'),
  ),
});
export const UsernameBody = v.object({ username: ProfileUsername });

/**
 * Issue 36: a campaign's daily budget (dollars, at least one click's price: the server checks it
 * against the package's rate) and end date (`YYYY-MM-DD`, the last day it runs, in the account's time
 * zone); null for none. Left out, it stays as it is.
 */
const DailyBudget = v.optional(
  v.nullable(
    v.pipe(
      Dollars('Please enter a valid daily budget'),
      v.minValue(0.01, 'Please enter a valid daily budget'),
      v.maxValue(100_000_000, 'Please enter a valid daily budget'),
    ),
  ),
);
const EndsOn = v.optional(
  v.nullable(
    v.pipe(
      v.string('Please enter a valid end date'),
      v.isoDate('Please enter a valid end date'),
      // A day the calendar has (isoDate takes Feb 30).
      v.check((day) => {
        const time = Date.parse(`${day}T00:00:00Z`);
        return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
      }, 'Please enter a valid end date'),
    ),
  ),
);

export const NewCampaignBody = v.object({
  username: ProfileUsername,
  package_id: PackageId,
  amount_deposit: v.pipe(
    Dollars('Please enter a valid deposit amount (minimum $100)'),
    v.minValue(MIN_CAMPAIGN_DEPOSIT_DOLLARS, 'Please enter a valid deposit amount (minimum $100)'),
  ),
  category_name: v.nullish(v.pipe(v.string(), v.maxLength(100))),
  daily_budget: DailyBudget,
  ends_on: EndsOn,
});
export type NewCampaignBody = v.InferInput<typeof NewCampaignBody>;

export const UpdateCampaignSettingsBody = v.object({
  username: ProfileUsername,
  daily_budget: DailyBudget,
  ends_on: EndsOn,
});
export type UpdateCampaignSettingsBody = v.InferInput<typeof UpdateCampaignSettingsBody>;

/**
 * Issue 31 (design §2): a campaign write states the status its screen showed (true: active). When
 * the campaign has another status now, the server answers 409 with the code `campaign_changed` and
 * changes nothing; a caller that leaves it out keeps the spec's behaviour.
 */
const ExpectedStatus = v.optional(v.boolean('expected_status must be true or false'));

export const ExpireAdPackageBody = v.object({
  username: ProfileUsername,
  packageId: v.optional(v.number()),
  expected_status: ExpectedStatus,
});

export const RemoveAdPackageBody = v.object({
  username: ProfileUsername,
  expected_status: ExpectedStatus,
});

export const TopUpCampaignBody = v.object({
  username: ProfileUsername,
  package_id: v.optional(v.number()),
  amount: v.pipe(
    Dollars('Please enter a valid amount'),
    v.minValue(0.01, 'Please enter a valid amount'),
  ),
  expected_status: ExpectedStatus,
  daily_budget: DailyBudget,
});

export const AssignAdPackageBody = v.object({
  username: ProfileUsername,
  package_id: PackageId,
  category_name: v.nullish(v.pipe(v.string(), v.maxLength(100))),
  // Spec §5 asks for a deposit above 0; a new package is a new campaign deposit, so §9's $100
  // minimum holds too (design §2), with the create form's message.
  amount_deposit: v.pipe(
    Dollars('Please enter a valid deposit amount'),
    v.minValue(0.01, 'Please enter a valid deposit amount'),
    v.minValue(MIN_CAMPAIGN_DEPOSIT_DOLLARS, CAMPAIGN_RULE_MESSAGES.minimumDeposit),
  ),
  expected_status: ExpectedStatus,
});

export const ProfileAdDetailsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  user: Campaign,
});

/** A count per reason of invalid clicks (shared/invalid-clicks.ts), as a schema's entries. */
export function countsOf<R extends InvalidClickReason>(reasons: readonly { code: R }[]) {
  return Object.fromEntries(reasons.map(({ code }) => [code, v.number()])) as Record<
    R,
    v.NumberSchema<undefined>
  >;
}

/**
 * Issue 35 point 6: a profile's figures follow the profile across New Package (which replaces its
 * campaign with a new one), so they may include the advertiser's earlier packages on the profile:
 * how many (campaigns, not periods) and since when the first of them ran (an ISO time). Absent when
 * the figures are the current campaign's only. Never another advertiser's campaigns.
 */
export const EarlierPackages = v.object({ count: v.number(), since: v.string() });
export type EarlierPackages = v.InferOutput<typeof EarlierPackages>;

/**
 * Billed clicks and their spend (dollars: clicks x the campaign's rate) per UTC hour while the
 * campaign is younger than 2 days, per day after (UTC, or in the time zone sent), from its creation
 * on (from its profile's first package of the advertiser's: issue 35), oldest first (the tracker's
 * chart). `date` is the bucket's start: `YYYY-MM-DD` for a day, an
 * ISO time for an hour.
 */
export const DailyClicksResponse = v.object({
  success: v.literal(true),
  granularity: v.picklist(['hour', 'day']),
  data: v.array(
    v.object({
      date: v.string(),
      clicks: v.number(),
      spend: v.number(),
      // Clicks on the profile in that bucket that were not billed because they were invalid (design
      // §5, issue 18), by reason (those shared/invalid-clicks.ts shows on the tracker); `clicks`
      // counts valid, billed clicks only.
      invalid: v.object(/* @__PURE__ */ countsOf(TRACKER_REASONS)),
    }),
  ),
  /** The profile's earlier packages the chart includes (from the first one's start on). */
  earlier_packages: v.optional(EarlierPackages),
  /**
   * Issue 36: valid clicks over the chart's time that no campaign billed because each had spent its
   * daily budget for the day (optional: an answer kept offline from before it).
   */
  budget_reached: v.optional(v.number()),
});
export type ClicksOverTime = Omit<v.InferOutput<typeof DailyClicksResponse>, 'success'>;
export type DailyClicks = ClicksOverTime['data'];

export const getAllCategories = endpoint({
  method: 'GET',
  path: 'get-all-categories',
  response: CategoriesResponse,
  access: 'read',
});

/** The four packages of spec §9 (rates in dollars per click). */
export const allAdPackages = endpoint({
  method: 'GET',
  path: 'all/ad-packages',
  response: AdPackagesResponse,
  access: 'read',
});

/** Up to 100 best matches (the client pages them). */
export const searchProfiles = endpoint({
  method: 'POST',
  path: 'search-profiles',
  body: SearchProfilesBody,
  response: SearchProfilesResponse,
  access: 'read',
});

/** 200 when the profile can get a campaign, 400 "Model is not available" when not. */
export const checkModelAvailability = endpoint({
  method: 'POST',
  path: 'check-model-availability',
  body: UsernameBody,
  response: MessageResponse,
  access: 'read',
});

/** 201 "Campaign for X created successfully"; the deposit leaves the balance. */
export const newCampaign = endpoint({
  method: 'POST',
  path: 'new-campaign',
  body: NewCampaignBody,
  response: MessageResponse,
  access: 'write',
});

/** Ended campaigns, most recently ended first. */
export const campaignHistory = endpoint({
  method: 'GET',
  path: 'user/campaign-history',
  response: CampaignHistoryResponse,
  access: 'read',
  offline: true,
});

/** The campaign of one profile. */
export const profileAdDetails = endpoint({
  method: 'POST',
  path: 'profile-ad-details',
  body: UsernameBody,
  response: ProfileAdDetailsResponse,
  access: 'read',
});

/**
 * The chart's profile, and (issue 35, optional: the spec's body has none) the advertiser's time zone,
 * whose days the daily buckets are then; UTC days without it.
 */
export const DailyClicksBody = v.object({
  username: ProfileUsername,
  time_zone: v.optional(TimeZone),
});

/** Billed clicks and spend per hour or day over the campaign's life, zero-filled. */
export const campaignDailyClicks = endpoint({
  method: 'POST',
  path: 'campaign-daily-clicks',
  body: DailyClicksBody,
  response: DailyClicksResponse,
  access: 'read',
});

/**
 * The answer to a pause: the spec's message, and (issue 31) `refunded_amount`, the dollars that went
 * back to the balance, which the dialog could only estimate ("about"): clicks may be billed up to
 * the press.
 */
export const PauseResponse = v.object({
  success: v.boolean(),
  message: v.string(),
  // Optional for an answer kept from before it was added (an Idempotency-Key replay).
  refunded_amount: v.optional(v.number()),
});
export type PauseResponse = v.InferOutput<typeof PauseResponse>;

/** Pauses (deactivates) a campaign and refunds what is left. */
export const expireAdPackage = endpoint({
  method: 'POST',
  path: 'expire-ad-package',
  body: ExpireAdPackageBody,
  response: PauseResponse,
  access: 'write',
});

/** Adds money to an active campaign, or reactivates an inactive one with its package (spec §4). */
export const topUpMoneyDeposited = endpoint({
  method: 'POST',
  path: 'top-up-money-deposited',
  body: TopUpCampaignBody,
  response: MessageResponse,
  access: 'write',
});

/** Issue 36: an active campaign's daily budget and end date; what is left out stays. */
export const updateCampaignSettings = endpoint({
  method: 'POST',
  path: 'update-campaign-settings',
  body: UpdateCampaignSettingsBody,
  response: v.object({
    success: v.literal(true),
    message: v.string(),
    data: v.object({ daily_budget: v.nullable(v.number()), ends_on: v.nullable(v.string()) }),
  }),
  access: 'write',
});

/** Deletes an inactive campaign (Delete only: a new package is one assign-ad-package call). */
export const removeAdPackage = endpoint({
  method: 'POST',
  path: 'remove-ad-package',
  body: RemoveAdPackageBody,
  response: MessageResponse,
  access: 'write',
});

/**
 * Reactivate with a new package (spec §4): replaces the advertiser's inactive campaign on the profile
 * with a new one, in one transaction, or opens one when there is none (after a Delete). 200 "Campaign
 * for X reactivated successfully!"; the deposit, at least $100, leaves the balance. An active
 * campaign there is refused with 409 "Model is not available".
 *
 * This departs from spec §7's note on use, where the client calls remove-ad-package and then this
 * call: when the assign was refused (a deposit above the balance, say) the campaign was already gone.
 * Here a refused package (rules, balance) changes nothing and the old campaign stays as it was
 * (design §2: replacing a package never leaves the advertiser without a campaign).
 */
export const assignAdPackage = endpoint({
  method: 'POST',
  path: 'assign-ad-package',
  body: AssignAdPackageBody,
  response: MessageResponse,
  access: 'write',
});
