import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '../../../shared/contract/common';
import { apiPost } from '../../../lib/api';
import { invalidateAfterCampaignChange } from './invalidate';

/** POST /api/expire-ad-package: pauses (deactivates) a campaign and refunds what is left. */
export async function expireAdPackage(body: { username: string; packageId: number }) {
  return apiPost('expire-ad-package', body, MessageResponse);
}

export function useExpireAdPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: expireAdPackage,
    onSuccess: () => invalidateAfterCampaignChange(queryClient),
  });
}
