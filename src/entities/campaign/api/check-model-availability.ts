import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkModelAvailability as checkModelAvailabilityCall } from '@/shared/contract/campaigns';
import { callApi } from '@/lib/api';
import { useLockedMutation } from '@/lib/use-locked-mutation';

/** POST /api/check-model-availability: 200 when the profile can get a campaign, 400 when not. */
export async function checkModelAvailability(username: string) {
  return callApi(checkModelAvailabilityCall, { username });
}

export const modelAvailabilityQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['creators', 'availability', username],
    queryFn: () => checkModelAvailability(username),
    // Availability changes as other advertisers start campaigns: ask again on every visit.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The create-campaign page: asked when it opens. */
export function useModelAvailability(username: string) {
  return useQuery(modelAvailabilityQueryOptions(username));
}

/**
 * Reactivate: asked when the advertiser chooses a new package. Issue 31: two taps of New Package ask
 * once and open the Assign Ad Package dialog once.
 */
export function useCheckModelAvailability() {
  return useLockedMutation({ mutationFn: checkModelAvailability });
}
