import type { Query, QueryClient } from '@tanstack/react-query';
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
