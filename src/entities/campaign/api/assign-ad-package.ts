import { useQueryClient } from '@tanstack/react-query';
import { assignAdPackage as assignAdPackageCall } from '@/shared/contract/campaigns';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { invalidateAfterCampaignChange } from './invalidate';

export type AssignAdPackageInput = BodyInput<typeof assignAdPackageCall>;

/**
 * POST /api/assign-ad-package: a new package for the profile. The server replaces the inactive
 * campaign in one transaction, so this is the only call (not remove-ad-package first, as spec §7's
 * note has it: a refused assign would leave the advertiser without their campaign).
 */
export async function assignAdPackage(body: AssignAdPackageInput) {
  return callApi(assignAdPackageCall, body);
}

/** Spec §4: reactivating with a new package. */
export function useReactivateWithNewPackage() {
  const queryClient = useQueryClient();
  return useWriteMutation(assignAdPackageCall, {
    mutationFn: assignAdPackage,
    onSettled: () => invalidateAfterCampaignChange(queryClient),
  });
}
