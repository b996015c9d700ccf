import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignAdPackage as assignAdPackageCall } from '../../../shared/contract/campaigns';
import type { BodyInput } from '../../../shared/contract/endpoint';
import { callApi } from '../../../lib/api';
import { invalidateAfterCampaignChange } from './invalidate';
import { removeAdPackage } from './remove-ad-package';

export type AssignAdPackageInput = BodyInput<typeof assignAdPackageCall>;

/** POST /api/assign-ad-package: a new package for a profile whose campaign was removed. */
export async function assignAdPackage(body: AssignAdPackageInput) {
  return callApi(assignAdPackageCall, body);
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
