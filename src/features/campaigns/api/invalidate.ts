import type { QueryClient } from '@tanstack/react-query';
import { campaignsQueryKey } from './get-campaigns';

/** After any change of money: the balance (check-auth, user details) and every campaign query. */
export async function invalidateAfterCampaignChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['auth'] }),
    queryClient.invalidateQueries({ queryKey: ['user-details'] }),
    queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  ]);
}
