import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignHistoryResponse } from '../../../shared/contract/campaigns';
import { apiGet } from '../../../lib/api';

/** GET /api/user/campaign-history: ended campaigns, most recently ended first. */
export async function getCampaignHistory() {
  return (await apiGet('user/campaign-history', CampaignHistoryResponse)).data;
}

export const campaignHistoryQueryOptions = queryOptions({
  // Under ['campaigns'] so that every campaign change (pause, delete, …) refreshes it too.
  queryKey: ['campaigns', 'history'],
  queryFn: getCampaignHistory,
});

export function useCampaignHistory() {
  return useQuery(campaignHistoryQueryOptions);
}
