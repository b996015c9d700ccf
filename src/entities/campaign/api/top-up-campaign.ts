import { useQueryClient } from '@tanstack/react-query';
import { topUpMoneyDeposited } from '@/shared/contract/campaigns';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { invalidateAfterCampaignChange, refreshIfCampaignChanged } from './invalidate';

/**
 * POST /api/top-up-money-deposited: adds money to an active campaign, or reactivates an inactive one
 * with its same package (spec §4).
 */
export async function topUpCampaign(body: BodyInput<typeof topUpMoneyDeposited>) {
  return callApi(topUpMoneyDeposited, body);
}

export function useTopUpCampaign() {
  const queryClient = useQueryClient();
  return useWriteMutation(topUpMoneyDeposited, {
    mutationFn: topUpCampaign,
    onSuccess: () => invalidateAfterCampaignChange(queryClient),
    onError: (error) => refreshIfCampaignChanged(queryClient, error),
  });
}
