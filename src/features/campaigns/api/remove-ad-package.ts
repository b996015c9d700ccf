import { useQueryClient } from '@tanstack/react-query';
import { removeAdPackage as removeAdPackageCall } from '../../../shared/contract/campaigns';
import { callApi } from '../../../lib/api';
import { useWriteMutation } from '../../../lib/use-write-mutation';
import { invalidateAfterCampaignChange } from './invalidate';

/** POST /api/remove-ad-package: deletes an inactive campaign. */
export async function removeAdPackage(username: string) {
  return callApi(removeAdPackageCall, { username });
}

export function useRemoveAdPackage() {
  const queryClient = useQueryClient();
  return useWriteMutation(removeAdPackageCall, {
    mutationFn: removeAdPackage,
    onSuccess: (_answer, username) => invalidateAfterCampaignChange(queryClient, username),
  });
}
