import * as v from 'valibot';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '../constants';
import { hasAtMostTwoDecimals } from '../money';
import { Campaign } from './campaign';

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

/** Spec §3 Campaign history entry. */
export const CampaignHistoryEntry = v.object({
  id: v.number(),
  profile_id: v.string(),
  package_name: v.string(),
  categories: v.array(v.string()),
  total_clicks_purchased: v.number(),
  clicks_purchased: v.number(),
  remaining_clicks: v.number(),
  clicks_count: v.number(),
  total_spent: v.number(),
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

export const NewCampaignBody = v.object({
  username: ProfileUsername,
  package_id: PackageId,
  amount_deposit: v.pipe(
    Dollars('Please enter a valid deposit amount (minimum $100)'),
    v.minValue(MIN_CAMPAIGN_DEPOSIT_DOLLARS, 'Please enter a valid deposit amount (minimum $100)'),
  ),
  category_name: v.nullish(v.pipe(v.string(), v.maxLength(100))),
});
export type NewCampaignBody = v.InferInput<typeof NewCampaignBody>;

export const ExpireAdPackageBody = v.object({
  username: ProfileUsername,
  packageId: v.optional(v.number()),
});

export const TopUpCampaignBody = v.object({
  username: ProfileUsername,
  package_id: v.optional(v.number()),
  amount: v.pipe(
    Dollars('Please enter a valid amount'),
    v.minValue(0.01, 'Please enter a valid amount'),
  ),
});

export const AssignAdPackageBody = v.object({
  username: ProfileUsername,
  package_id: PackageId,
  category_name: v.nullish(v.pipe(v.string(), v.maxLength(100))),
  amount_deposit: v.pipe(
    Dollars('Please enter a valid deposit amount'),
    v.minValue(0.01, 'Please enter a valid deposit amount'),
  ),
});

export const ProfileAdDetailsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  user: Campaign,
});

/** Billed clicks per UTC day over a campaign's life, oldest first (the tracker's chart). */
export const DailyClicksResponse = v.object({
  success: v.literal(true),
  data: v.array(v.object({ date: v.string(), clicks: v.number() })),
});
export type DailyClicks = v.InferOutput<typeof DailyClicksResponse>['data'];
