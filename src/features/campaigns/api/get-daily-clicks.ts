import { queryOptions, useQuery } from '@tanstack/react-query';
import { DailyClicksResponse } from '../../../shared/contract/campaigns';
import { TRACKER_REFRESH_MS } from '../../../shared/constants';
import { apiPost } from '../../../lib/api';
import { campaignsQueryKey } from './get-campaigns';

/** POST /api/campaign-daily-clicks: billed clicks per day over the campaign's life, zero-filled. */
export async function getDailyClicks(username: string) {
  return (await apiPost('campaign-daily-clicks', { username }, DailyClicksResponse)).data;
}

export function dailyClicksQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'daily-clicks', username],
    queryFn: () => getDailyClicks(username),
    refetchInterval: TRACKER_REFRESH_MS,
  });
}

export function useDailyClicks(username: string) {
  return useQuery(dailyClicksQueryOptions(username));
}
