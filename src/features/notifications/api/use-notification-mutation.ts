import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { useActivationLock } from '@/lib/use-locked-mutation';
import { notificationsQueryKey } from './notifications-query-key';

/**
 * A notification write: afterwards every notification query (pages, badge) reloads. Spec §8:
 * notification calls show the user no message on failure; the failure is only logged.
 *
 * Issue 31: a press of what was pressed already (the same notification read, the same ones deleted,
 * Mark All Read) is dropped until the answer to the last press is drawn, so two taps give one write.
 * Another notification's press goes: opening one while another's read is on its way still reads it.
 */
export function useNotificationMutation<TVariables = void>(
  name: string,
  mutationFn: (variables: TVariables) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn,
    onSuccess: () => {
      // Pages not on screen are not asked again, so they would keep what this write changed (a
      // deleted notification) for offline reading (last-known-notifications.ts): they go.
      queryClient.removeQueries({ queryKey: [...notificationsQueryKey, 'list'], type: 'inactive' });
      return queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
    onError: (error) => console.warn(`${name} failed`, error),
  });
  // Given back once the last answer is drawn (the lists asked again first: onSuccess waits for them).
  const lock = useActivationLock(mutation.submittedAt, mutation.status !== 'pending');
  /** What was pressed since the lock was last free. */
  const pressed = useRef(new Set<string>());
  const { mutate } = mutation;
  const guarded = useCallback(
    (variables: TVariables, options?: MutateOptions<unknown, Error, TVariables>) => {
      if (lock.take()) pressed.current.clear();
      const intent = JSON.stringify(variables ?? null);
      if (pressed.current.has(intent)) return;
      pressed.current.add(intent);
      mutate(variables, options);
    },
    [lock, mutate],
  );
  return { ...mutation, mutate: guarded };
}
