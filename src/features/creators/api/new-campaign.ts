import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewCampaignBody } from '../../../shared/contract/campaigns';
import { MessageResponse } from '../../../shared/contract/common';
import { apiPost } from '../../../lib/api';

/** POST /api/new-campaign: 201 with "Campaign for X created successfully". */
export async function newCampaign(body: NewCampaignBody) {
  return apiPost('new-campaign', body, MessageResponse);
}

export function useNewCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
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
