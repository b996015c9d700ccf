import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '../../../shared/contract/common';
import { apiPost } from '../../../lib/api';
import { invalidateAfterCampaignChange } from './invalidate';

/** POST /api/remove-ad-package: deletes an inactive campaign. */
export async function removeAdPackage(username: string) {
  return apiPost('remove-ad-package', { username }, MessageResponse);
}

export function useRemoveAdPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdPackage,
    onSuccess: (_answer, username) => invalidateAfterCampaignChange(queryClient, username),
  });
}
