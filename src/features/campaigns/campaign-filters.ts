import type { Campaign } from '@/shared/contract/campaigns';
import {
  RANGE_SORT_NAMES,
  RANGE_SORTS,
  type FiguresOf,
  type RangeSortName,
} from '@/entities/stats/csv-exports';
import { matchesSearch, matchesStatus, type StatusFilter } from '@/entities/campaign/campaign-list';

// The All Campaigns screen's sorting and filters; apart from campaign-list.ts, which the dashboard
// loads with its first screen.

/** Spec §2 All Campaigns: the sort orders. */
const SPEC_SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'budget-high', label: 'Highest Budget' },
  { value: 'budget-low', label: 'Lowest Budget' },
] as const;
export type SortOrder = (typeof SPEC_SORTS)[number]['value'] | RangeSortName;

/** The spec's orders, then issue 19's by the figures in the chosen range. */
export const SORT_OPTIONS: readonly { value: SortOrder; label: string }[] = [
  ...SPEC_SORTS,
  ...RANGE_SORT_NAMES.map((name) => ({ value: name, label: name })),
];

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

function sortCampaigns(
  campaigns: readonly Campaign[],
  order: SortOrder,
  figuresOf: FiguresOf,
): Campaign[] {
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
    default:
      return sorted.sort((a, b) => RANGE_SORTS[order](figuresOf(a.id), figuresOf(b.id)));
  }
}

export interface CampaignFilters {
  search: string;
  status: StatusFilter;
  /** A package name, or `all`. */
  packageName: string;
  sort: SortOrder;
}

/** The campaigns the filters keep, in the chosen order; `figuresOf` gives each one's range figures. */
export function filterCampaigns(
  campaigns: readonly Campaign[],
  filters: CampaignFilters,
  figuresOf: FiguresOf,
) {
  return sortCampaigns(
    campaigns.filter(
      (campaign) =>
        matchesSearch(campaign, filters.search) &&
        matchesStatus(campaign, filters.status) &&
        (filters.packageName === 'all' || campaign.package_name === filters.packageName),
    ),
    filters.sort,
    figuresOf,
  );
}
