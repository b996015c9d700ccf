import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileAdDetails } from '@/shared/contract/campaigns';
import { TRACKER_REFRESH_MS } from '@/shared/constants';
import { callApi } from '@/lib/api';
import { campaignsQueryKey } from './get-campaigns';

/** POST /api/profile-ad-details: the campaign of one profile. */
export async function getCampaignDetails(username: string) {
  return (await callApi(profileAdDetails, { username })).user;
}

export function campaignDetailsQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'details', username],
    meta: { campaign: username },
    queryFn: () => getCampaignDetails(username),
    // Spec §2 tracker: the data refreshes every 30 minutes.
    refetchInterval: TRACKER_REFRESH_MS,
  });
}

export function useCampaignDetails(username: string) {
  return useQuery(campaignDetailsQueryOptions(username));
}
