import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileAdDetails } from '@/shared/contract/campaigns';
import { callApi } from '@/lib/api';
import { campaignsQueryKey } from './get-campaigns';
import { trackerRefresh } from './tracker-refresh';

/** POST /api/profile-ad-details: the campaign of one profile. */
export async function getCampaignDetails(username: string) {
  return (await callApi(profileAdDetails, { username })).user;
}

export function campaignDetailsQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'details', username],
    meta: { campaign: username },
    queryFn: () => getCampaignDetails(username),
    // Spec §2 tracker: every 30 minutes; issue 35 point 5: every 30 s while the page is in view.
    ...trackerRefresh,
  });
}

export function useCampaignDetails(username: string) {
  return useQuery(campaignDetailsQueryOptions(username));
}
