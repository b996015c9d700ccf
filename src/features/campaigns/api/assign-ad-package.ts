import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '../../../shared/contract/common';
import { apiPost } from '../../../lib/api';
import { invalidateAfterCampaignChange } from './invalidate';
import { removeAdPackage } from './remove-ad-package';

export interface AssignAdPackageInput {
  username: string;
  package_id: number;
  category_name: string | null;
  amount_deposit: number;
}

/** POST /api/assign-ad-package: a new package for a profile whose campaign was removed. */
export async function assignAdPackage(body: AssignAdPackageInput) {
  return apiPost('assign-ad-package', body, MessageResponse);
}

/** Spec §4: reactivating with a new package removes the existing package, then assigns the new one. */
export function useReactivateWithNewPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AssignAdPackageInput) => {
      await removeAdPackage(body.username);
      return assignAdPackage(body);
    },
    onSettled: () => invalidateAfterCampaignChange(queryClient),
  });
}
