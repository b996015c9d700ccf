import { useQueryClient } from '@tanstack/react-query';
import { expireAdPackage as expireAdPackageCall } from '@/shared/contract/campaigns';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { invalidateAfterCampaignChange, refreshIfCampaignChanged } from './invalidate';

/** POST /api/expire-ad-package: pauses (deactivates) a campaign and refunds what is left. */
export async function expireAdPackage(body: BodyInput<typeof expireAdPackageCall>) {
  return callApi(expireAdPackageCall, body);
}

export function useExpireAdPackage() {
  const queryClient = useQueryClient();
  return useWriteMutation(expireAdPackageCall, {
    mutationFn: expireAdPackage,
    onSuccess: () => invalidateAfterCampaignChange(queryClient),
    onError: (error) => refreshIfCampaignChanged(queryClient, error),
  });
}
