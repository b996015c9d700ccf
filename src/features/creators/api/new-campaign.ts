import { useQueryClient } from '@tanstack/react-query';
import { newCampaign as newCampaignCall } from '@/shared/contract/campaigns';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';

/** POST /api/new-campaign: 201 with "Campaign for X created successfully". */
export async function newCampaign(body: BodyInput<typeof newCampaignCall>) {
  return callApi(newCampaignCall, body);
}

export function useNewCampaign() {
  const queryClient = useQueryClient();
  return useWriteMutation(newCampaignCall, {
    mutationFn: newCampaign,
    // The deposit left the balance (check-auth carries crypto_balance) and a campaign appeared.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['auth'] }),
        queryClient.invalidateQueries({ queryKey: ['user-details'] }),
        queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
        queryClient.invalidateQueries({ queryKey: ['creators', 'search'] }),
      ]),
  });
}
