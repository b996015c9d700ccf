import { useQueryClient } from '@tanstack/react-query';
import { removeAdPackage as removeAdPackageCall } from '@/shared/contract/campaigns';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { invalidateAfterCampaignChange, refreshIfCampaignChanged } from './invalidate';

/** POST /api/remove-ad-package: deletes an inactive campaign. */
export async function removeAdPackage(body: BodyInput<typeof removeAdPackageCall>) {
  return callApi(removeAdPackageCall, body);
}

export function useRemoveAdPackage() {
  const queryClient = useQueryClient();
  return useWriteMutation(removeAdPackageCall, {
    mutationFn: removeAdPackage,
    onSuccess: (_answer, { username }) => invalidateAfterCampaignChange(queryClient, username),
    onError: (error) => refreshIfCampaignChanged(queryClient, error),
  });
}
