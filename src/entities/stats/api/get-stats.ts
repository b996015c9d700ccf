import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api';
import { accountStats, campaignStats, campaignsInRange } from '@/shared/contract/stats';
import { campaignsQueryKey, LIVE_FIGURES_MS } from '@/entities/campaign/api/get-campaigns';
import type { ChosenRange } from '../range-store';

/**
 * Issue 19: the figures of a date range. Keys start with the campaigns' key, so the invalidation
 * after a campaign write (or a click billed, on the next refetch) refreshes them too. The previous
 * range's figures stay shown while the next range loads.
 */
const rangeKey = (range: ChosenRange) =>
  [range.range, range.from ?? '', range.to ?? '', range.time_zone] as const;

/** POST /api/stats/account: the dashboard's totals and per-day figures. */
export function accountStatsQueryOptions(range: ChosenRange) {
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'stats', 'account', ...rangeKey(range)],
    queryFn: async () => {
      const { success: _success, ...stats } = await callApi(accountStats, range);
      return stats;
    },
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_FIGURES_MS,
  });
}
export const useAccountStats = (range: ChosenRange) => useQuery(accountStatsQueryOptions(range));

/** POST /api/stats/campaigns: each campaign's and history entry's figures in the range. */
export function campaignsInRangeQueryOptions(range: ChosenRange) {
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'stats', 'campaigns', ...rangeKey(range)],
    queryFn: async () => {
      const { success: _success, ...figures } = await callApi(campaignsInRange, range);
      return figures;
    },
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_FIGURES_MS,
  });
}
export const useCampaignsInRange = (range: ChosenRange) =>
  useQuery(campaignsInRangeQueryOptions(range));

/** POST /api/stats/campaign: one campaign's per-day figures in the range, with its budget. */
export function campaignStatsQueryOptions(username: string, range: ChosenRange) {
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'stats', 'campaign', username, ...rangeKey(range)],
    meta: { campaign: username },
    queryFn: async () => {
      const { success: _success, ...stats } = await callApi(campaignStats, { username, ...range });
      return stats;
    },
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_FIGURES_MS,
  });
}
export const useCampaignStats = (username: string, range: ChosenRange) =>
  useQuery(campaignStatsQueryOptions(username, range));
