import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignsResponse } from '../../../shared/contract/campaign';
import { apiGet } from '../../../lib/api';

/** Every campaign query starts with this key, so one invalidation refreshes lists and details. */
export const campaignsQueryKey = ['campaigns'] as const;

/** GET /api/bought-ads-by-client: the advertiser's campaigns, newest first. */
export async function getCampaigns() {
  return (await apiGet('bought-ads-by-client', CampaignsResponse)).data;
}

export const campaignsQueryOptions = queryOptions({
  queryKey: [...campaignsQueryKey, 'list'],
  queryFn: getCampaigns,
});

export function useCampaigns() {
  return useQuery(campaignsQueryOptions);
}
