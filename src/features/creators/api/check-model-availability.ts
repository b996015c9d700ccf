import { queryOptions, useQuery } from '@tanstack/react-query';
import { MessageResponse } from '../../../shared/contract/common';
import { apiPost } from '../../../lib/api';

/** POST /api/check-model-availability: 200 when the profile can get a campaign, 400 when not. */
export async function checkModelAvailability(username: string) {
  return apiPost('check-model-availability', { username }, MessageResponse);
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

export function useModelAvailability(username: string) {
  return useQuery(modelAvailabilityQueryOptions(username));
}
