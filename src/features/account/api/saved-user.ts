import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@/shared/contract/user';
import { authQueryKey } from '@/entities/session/api/check-auth';
import { userDetailsQueryOptions } from './get-user-details';

/**
 * The account as the server answered a change of it: shown at once wherever the user shows (the
 * session's user in the sidebar, the account page), and asked for again in the background.
 */
export function showSavedUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(authQueryKey, user);
  queryClient.setQueryData(userDetailsQueryOptions.queryKey, user);
  void queryClient.invalidateQueries({ queryKey: authQueryKey });
  void queryClient.invalidateQueries({ queryKey: userDetailsQueryOptions.queryKey });
}
