import { queryOptions, useQuery } from '@tanstack/react-query';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import { callApi } from '@/lib/api';

/**
 * Issue 35 point 5: figures on a visible screen refresh every 30 s while online, never more often
 * (TanStack Query pauses the interval while the page is hidden, and the fetch while offline). Here,
 * beside the campaigns' list every first load holds, not in shared/constants.ts, which it does not.
 */
export const LIVE_FIGURES_MS = 30_000;

/** Every campaign query starts with this key, so one invalidation refreshes lists and details. */
export const campaignsQueryKey = ['campaigns'] as const;

/** GET /api/bought-ads-by-client: the advertiser's campaigns, newest first. */
export async function getCampaigns() {
  return (await callApi(boughtAdsByClient)).data;
}

export const campaignsQueryOptions = queryOptions({
  queryKey: [...campaignsQueryKey, 'list'],
  queryFn: getCampaigns,
  refetchInterval: LIVE_FIGURES_MS,
});

export function useCampaigns() {
  return useQuery(campaignsQueryOptions);
}
