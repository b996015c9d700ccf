import type { QueryClient } from '@tanstack/react-query';
import { campaignsQueryKey } from './get-campaigns';

/**
 * After any change of money: the balance (check-auth, user details) and every campaign query.
 * A deleted campaign's own queries (['campaigns', 'details' | 'daily-clicks', username], and its
 * range figures ['campaigns', 'stats', 'campaign', username, ...]) are only
 * marked stale: refetching them would answer 404 on a tracker that is about to leave for /dashboard.
 */
export async function invalidateAfterCampaignChange(
  queryClient: QueryClient,
  deletedUsername?: string,
): Promise<void> {
  const isDeleted = (key: readonly unknown[]) =>
    deletedUsername !== undefined &&
    ((key.length === 3 && key[2] === deletedUsername) ||
      (key[1] === 'stats' && key[2] === 'campaign' && key[3] === deletedUsername));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['auth'] }),
    queryClient.invalidateQueries({ queryKey: ['user-details'] }),
    queryClient.invalidateQueries({
      queryKey: campaignsQueryKey,
      predicate: (query) => !isDeleted(query.queryKey),
    }),
    queryClient.invalidateQueries({
      queryKey: campaignsQueryKey,
      predicate: (query) => isDeleted(query.queryKey),
      refetchType: 'none',
    }),
  ]);
}
