import { useQueryClient } from '@tanstack/react-query';
import { updateCampaignSettings } from '@/shared/contract/campaigns';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { invalidateAfterCampaignChange } from './invalidate';

/** Issue 36: POST /api/update-campaign-settings, an active campaign's daily budget and end date. */
export function useUpdateCampaignSettings() {
  const queryClient = useQueryClient();
  return useWriteMutation(updateCampaignSettings, {
    mutationFn: (body: BodyInput<typeof updateCampaignSettings>) =>
      callApi(updateCampaignSettings, body),
    onSuccess: () => invalidateAfterCampaignChange(queryClient),
    // Refused because the campaign changed elsewhere (paused in another tab): the screen refreshes,
    // so it no longer shows it active.
    onError: () => invalidateAfterCampaignChange(queryClient),
  });
}
