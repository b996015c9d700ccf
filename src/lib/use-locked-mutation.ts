import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

/**
 * Issue 31: a lock taken synchronously by the first activation and given back in the commit that
 * draws its answer. A guard that reads state from the last render lets a second tap through on a slow
 * phone (the button is still drawn enabled); this one does not, and since it is given back in the same
 * commit that closes a dialog or disables the button, no tap lands between the answer and the screen
 * that shows it. It is given back by the first commit with `settled` true after `settledKey` (the
 * state that marks an answer drawn, as a mutation's submittedAt) changed.
 */
export function useActivationLock(settledKey: unknown, settled: boolean) {
  const locked = useRef(false);
  useLayoutEffect(() => {
    if (settled) locked.current = false;
  }, [settledKey, settled]);
  return useMemo(
    () => ({
      /** Takes the lock; false when it was taken already (the press is dropped). */
      take() {
        if (locked.current) return false;
        locked.current = true;
        return true;
      },
      /** Gives it back at once: the activation ended before anything was sent (a form's check). */
      release() {
        locked.current = false;
      },
    }),
    [],
  );
}

/**
 * What a press does with its answer. Unlike TanStack's per-call callbacks, these run also when the
 * component that pressed is gone (issue 31): a deleted or replaced campaign's row is unmounted by the
 * refetch before its answer is handled, and its success message is said by the page all the same.
 */
export interface WriteCallbacks<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: Error) => void;
}

/**
 * A mutation whose `mutate` drops a press while the lock of the last one is held (issue 31), so two
 * taps give one call whatever the last render showed. useWriteMutation builds on it; alone it serves
 * calls whose screens show no write status: the sign-ins (the first screen loads no writes module)
 * and reactivate's availability check. `blocked` drops a press for a reason of the caller's.
 */
export function useLockedMutation<TData, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables>,
  blocked?: () => boolean,
) {
  const mutation = useMutation(options);
  const lock = useActivationLock(mutation.submittedAt, mutation.status !== 'pending');
  const { mutateAsync } = mutation;
  const mutate = useCallback(
    (variables: TVariables, callbacks?: WriteCallbacks<TData>) => {
      if (blocked?.() || !lock.take()) return;
      mutateAsync(variables).then(
        (data) => callbacks?.onSuccess?.(data),
        (error: unknown) => callbacks?.onError?.(error as Error),
      );
    },
    [blocked, lock, mutateAsync],
  );
  return { ...mutation, mutate };
}
