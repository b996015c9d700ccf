import type { CampaignHistoryEntry } from '@/shared/contract/campaigns';
import {
  RANGE_SORT_NAMES,
  RANGE_SORTS,
  type FiguresOf,
  type RangeSortName,
} from '@/entities/stats/csv-exports';

/** Spec §2 package filter options (the package names of spec §9). */
export const PACKAGE_NAMES = [
  'Main Categories',
  'Site-Wide',
  'Category-Specific',
  'Main Categories 2nd tier',
] as const;

export const ALL_PACKAGES = 'All Packages';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from start to end, counting a part day as a day (a campaign lasts at least 1 day). */
export function durationDays(entry: CampaignHistoryEntry): number {
  const ms = new Date(entry.end_date).getTime() - new Date(entry.start_date).getTime();
  return Number.isFinite(ms) ? Math.max(1, Math.ceil(ms / DAY_MS)) : 0;
}

/**
 * Performance, as this page defines it: the share of the purchased clicks that were used
 * (clicks_count / total_clicks_purchased), 0 when nothing was purchased.
 */
export function performance(entry: CampaignHistoryEntry): number {
  return entry.total_clicks_purchased > 0 ? entry.clicks_count / entry.total_clicks_purchased : 0;
}

const time = (value: string) => new Date(value).getTime();

/**
 * Spec §2 sorts. "Newest" means most recently ended (the history records endings); the budget is the
 * entry's amount_deposit (spec §3 "amount_deposit (budget)"), not what was spent; the clicks are the
 * used ones.
 */
export const SORTS = {
  'Newest First': (a, b) => time(b.end_date) - time(a.end_date) || b.id - a.id,
  'Oldest First': (a, b) => time(a.end_date) - time(b.end_date) || a.id - b.id,
  'Highest Budget': (a, b) => b.amount_deposit - a.amount_deposit,
  'Lowest Budget': (a, b) => a.amount_deposit - b.amount_deposit,
  'Most Clicks': (a, b) => b.clicks_count - a.clicks_count,
  'Least Clicks': (a, b) => a.clicks_count - b.clicks_count,
  'Best Performance': (a, b) => performance(b) - performance(a),
  'Worst Performance': (a, b) => performance(a) - performance(b),
} satisfies Record<string, (a: CampaignHistoryEntry, b: CampaignHistoryEntry) => number>;

/** Spec §2's sorts, then issue 19's by the figures in the chosen range. */
export type SortName = keyof typeof SORTS | RangeSortName;
export const SORT_NAMES: SortName[] = [
  ...(Object.keys(SORTS) as (keyof typeof SORTS)[]),
  ...RANGE_SORT_NAMES,
];

const isRangeSort = (sort: SortName): sort is RangeSortName => sort in RANGE_SORTS;

function comparator(sort: SortName, figuresOf: FiguresOf) {
  if (!isRangeSort(sort)) return SORTS[sort];
  const compare = RANGE_SORTS[sort];
  return (a: CampaignHistoryEntry, b: CampaignHistoryEntry) =>
    compare(figuresOf(a.id), figuresOf(b.id));
}

export interface HistoryView {
  search: string;
  packageName: string;
  sort: SortName;
}

/**
 * Search (profile, package, category, case-insensitive), package filter, then sort; `figuresOf`
 * gives each entry's figures in the chosen range.
 */
export function viewHistory(
  entries: CampaignHistoryEntry[],
  view: HistoryView,
  figuresOf: FiguresOf,
): CampaignHistoryEntry[] {
  const needle = view.search.trim().toLowerCase();
  return entries
    .filter((entry) => view.packageName === ALL_PACKAGES || entry.package_name === view.packageName)
    .filter(
      (entry) =>
        !needle ||
        [entry.profile_id, entry.package_name, ...entry.categories].some((text) =>
          text.toLowerCase().includes(needle),
        ),
    )
    .sort(comparator(view.sort, figuresOf));
}
