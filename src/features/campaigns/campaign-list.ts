import type { Campaign } from '../../shared/contract/campaigns';

/** Spec §2: the status filter (All, Active, Expired). */
export type StatusFilter = 'all' | 'active' | 'expired';

/** Spec §2 All Campaigns: the sort orders. */
export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'budget-high', label: 'Highest Budget' },
  { value: 'budget-low', label: 'Lowest Budget' },
] as const;
export type SortOrder = (typeof SORT_OPTIONS)[number]['value'];

/** Spec §9 package names, in the order of the package filter. */
export const PACKAGE_FILTER_OPTIONS = [
  'Main Categories',
  'Site-Wide',
  'Category-Specific',
  'Main Categories 2nd tier',
] as const;

/** Search on username, full name or package name, case-insensitive (spec §2). */
export function matchesSearch(campaign: Campaign, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [campaign.Profile.username, campaign.Profile.ProfileDatum.full_name, campaign.package_name]
    .map((text) => text.toLowerCase())
    .some((text) => text.includes(needle));
}

export function matchesStatus(campaign: Campaign, status: StatusFilter): boolean {
  if (status === 'all') return true;
  return status === 'active' ? campaign.status : !campaign.status;
}

function time(value: string): number {
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? 0 : ms;
}

export function sortCampaigns(campaigns: readonly Campaign[], order: SortOrder): Campaign[] {
  const sorted = [...campaigns];
  switch (order) {
    case 'newest':
      return sorted.sort((a, b) => time(b.createdAt) - time(a.createdAt));
    case 'oldest':
      return sorted.sort((a, b) => time(a.createdAt) - time(b.createdAt));
    case 'budget-high':
      return sorted.sort((a, b) => b.amount_deposit - a.amount_deposit);
    case 'budget-low':
      return sorted.sort((a, b) => a.amount_deposit - b.amount_deposit);
  }
}

export interface CampaignFilters {
  search: string;
  status: StatusFilter;
  /** A package name, or `all`. */
  packageName: string;
  sort: SortOrder;
}

export function filterCampaigns(campaigns: readonly Campaign[], filters: CampaignFilters) {
  return sortCampaigns(
    campaigns.filter(
      (campaign) =>
        matchesSearch(campaign, filters.search) &&
        matchesStatus(campaign, filters.status) &&
        (filters.packageName === 'all' || campaign.package_name === filters.packageName),
    ),
    filters.sort,
  );
}

export type ClicksLevel = 'good' | 'low' | 'critical';

/** Spec §9: clicks remaining are green above 50% left, yellow above 20%, otherwise red. */
export function clicksLevel(campaign: Pick<Campaign, 'clicks_purchased' | 'remaining_clicks'>) {
  const share =
    campaign.clicks_purchased > 0 ? campaign.remaining_clicks / campaign.clicks_purchased : 0;
  const level: ClicksLevel = share > 0.5 ? 'good' : share > 0.2 ? 'low' : 'critical';
  return level;
}

/** Used clicks; a missing clicks_count counts as zero (spec §2 tracker). */
export function clicksUsed(campaign: Pick<Campaign, 'clicks_count'>): number {
  return campaign.clicks_count ?? 0;
}
