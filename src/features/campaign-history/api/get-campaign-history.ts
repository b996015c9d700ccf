import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignHistory } from '@/shared/contract/campaigns';
import { callApi } from '@/lib/api';

/** GET /api/user/campaign-history: ended campaigns, most recently ended first. */
export async function getCampaignHistory() {
  return (await callApi(campaignHistory)).data;
}

export const campaignHistoryQueryOptions = queryOptions({
  // Under ['campaigns'] so that every campaign change (pause, delete, …) refreshes it too.
  queryKey: ['campaigns', 'history'],
  queryFn: getCampaignHistory,
});

export function useCampaignHistory() {
  return useQuery(campaignHistoryQueryOptions);
}
