import { queryOptions, useQuery } from '@tanstack/react-query';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import { callApi } from '@/lib/api';

/** Every campaign query starts with this key, so one invalidation refreshes lists and details. */
export const campaignsQueryKey = ['campaigns'] as const;

/** GET /api/bought-ads-by-client: the advertiser's campaigns, newest first. */
export async function getCampaigns() {
  return (await callApi(boughtAdsByClient)).data;
}

export const campaignsQueryOptions = queryOptions({
  queryKey: [...campaignsQueryKey, 'list'],
  queryFn: getCampaigns,
});

export function useCampaigns() {
  return useQuery(campaignsQueryOptions);
}
