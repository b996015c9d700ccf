import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignDailyClicks } from '@/shared/contract/campaigns';
import { callApi } from '@/lib/api';
import { browserTimeZone } from '@/lib/time-zone';
import { campaignsQueryKey } from './get-campaigns';
import { trackerRefresh } from './tracker-refresh';

/**
 * POST /api/campaign-daily-clicks: billed clicks and spend per hour (campaigns younger than 2 days)
 * or per day over the campaign's life (its profile's, earlier packages included), zero-filled; the
 * days in the browser's time zone (issue 35).
 */
export async function getDailyClicks(username: string, timeZone: string) {
  const { success: _success, ...clicks } = await callApi(campaignDailyClicks, {
    username,
    time_zone: timeZone,
  });
  return clicks;
}

export function dailyClicksQueryOptions(username: string) {
  const timeZone = browserTimeZone();
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'daily-clicks', username, timeZone],
    meta: { campaign: username },
    queryFn: () => getDailyClicks(username, timeZone),
    ...trackerRefresh,
  });
}

export function useDailyClicks(username: string) {
  return useQuery(dailyClicksQueryOptions(username));
}
