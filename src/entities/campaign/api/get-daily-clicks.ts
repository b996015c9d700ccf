import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignDailyClicks } from '@/shared/contract/campaigns';
import { TRACKER_REFRESH_MS } from '@/shared/constants';
import { callApi } from '@/lib/api';
import { campaignsQueryKey } from './get-campaigns';

/**
 * POST /api/campaign-daily-clicks: billed clicks and spend per hour (campaigns younger than 2 days)
 * or per day over the campaign's life, zero-filled.
 */
export async function getDailyClicks(username: string) {
  const { granularity, data } = await callApi(campaignDailyClicks, { username });
  return { granularity, data };
}

export function dailyClicksQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'daily-clicks', username],
    meta: { campaign: username },
    queryFn: () => getDailyClicks(username),
    refetchInterval: TRACKER_REFRESH_MS,
  });
}

export function useDailyClicks(username: string) {
  return useQuery(dailyClicksQueryOptions(username));
}
