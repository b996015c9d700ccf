import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '../../../shared/contract/common';
import { apiPost } from '../../../lib/api';
import { invalidateAfterCampaignChange } from './invalidate';

/**
 * POST /api/top-up-money-deposited: adds money to an active campaign, or reactivates an inactive one
 * with its same package (spec §4).
 */
export async function topUpCampaign(body: {
  username: string;
  package_id: number;
  amount: number;
}) {
  return apiPost('top-up-money-deposited', body, MessageResponse);
}

export function useTopUpCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpCampaign,
    onSuccess: () => invalidateAfterCampaignChange(queryClient),
  });
}
