import type { Campaign } from '../../shared/contract/campaigns';
import { matchesSearch, matchesStatus, type StatusFilter } from './campaign-list';

// The All Campaigns screen's sorting and filters; apart from campaign-list.ts, which the dashboard
// loads with its first screen.

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

function time(value: string): number {
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? 0 : ms;
}

function sortCampaigns(campaigns: readonly Campaign[], order: SortOrder): Campaign[] {
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
