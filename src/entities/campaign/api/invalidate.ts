import type { Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { CAMPAIGN_CHANGED_CODE } from '@/shared/contract/common';
import { campaignsQueryKey } from './get-campaigns';

/**
 * After any change of money: the balance (check-auth, user details) and every campaign query.
 * A deleted campaign's own queries (those whose meta names it: its details, its daily clicks, its
 * range figures) are only marked stale: refetching them would answer 404 on a tracker that is about
 * to leave for /dashboard.
 */
export async function invalidateAfterCampaignChange(
  queryClient: QueryClient,
  deletedUsername?: string,
): Promise<void> {
  const isDeleted = (query: Query) =>
    deletedUsername !== undefined && query.meta?.campaign === deletedUsername;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['auth'] }),
    queryClient.invalidateQueries({ queryKey: ['user-details'] }),
    queryClient.invalidateQueries({
      queryKey: campaignsQueryKey,
      predicate: (query) => !isDeleted(query),
    }),
    queryClient.invalidateQueries({
      queryKey: campaignsQueryKey,
      predicate: isDeleted,
      refetchType: 'none',
    }),
  ]);
}

/**
 * Issue 31: a write refused because the campaign changed since the screen showed it (409
 * `campaign_changed`) refreshes the screen, so the next press is about the campaign as it is.
 */
export async function refreshIfCampaignChanged(
  queryClient: QueryClient,
  error: Error,
): Promise<void> {
  if (error instanceof ApiError && error.code === CAMPAIGN_CHANGED_CODE) {
    await invalidateAfterCampaignChange(queryClient);
  }
}
