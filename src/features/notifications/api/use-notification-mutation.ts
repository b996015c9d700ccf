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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
    onError: (error) => console.warn(`${name} failed`, error),
  });
}
