import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsQueryKey } from './notifications-query-key';

/**
 * A notification write: afterwards every notification query (pages, badge) reloads. Spec §8:
 * notification calls show the user no message on failure; the failure is only logged.
 */
export function useNotificationMutation<TVariables>(
  name: string,
  mutationFn: (variables: TVariables) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      // Pages not on screen are not asked again, so they would keep what this write changed (a
      // deleted notification) for offline reading (last-known-notifications.ts): they go.
      queryClient.removeQueries({ queryKey: [...notificationsQueryKey, 'list'], type: 'inactive' });
      return queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
    onError: (error) => console.warn(`${name} failed`, error),
  });
}
