import { useCallback, useSyncExternalStore } from 'react';
import type { UseMutationOptions } from '@tanstack/react-query';
import type { Endpoint } from '../shared/contract/endpoint';
import { useLockedMutation } from './use-locked-mutation';
import { subscribeWritesInFlight, writeInFlight, type WriteInFlight } from './writes';

/** The oldest call of this write endpoint still awaiting its answer, re-rendering on changes. */
export function useWriteInFlight(endpoint: Endpoint): WriteInFlight | undefined {
  return useSyncExternalStore(
    subscribeWritesInFlight,
    () => writeInFlight(endpoint),
    () => undefined,
  );
}

/**
 * A mutation calling one write endpoint (issue 14). `busy` holds while it runs and while an earlier
 * call of the same endpoint still awaits its answer (its dialog closed and opened again, its page left
 * and come back to): the button stays disabled, so no second intent goes out before the first is
 * known. `mutate` drops a press while the lock of the last one is held (issue 31), so two taps give one
 * write whatever the last render showed. `inFlight` is for <WriteStatus> beside the button.
 */
export function useWriteMutation<TData, TVariables>(
  endpoint: Endpoint,
  options: UseMutationOptions<TData, Error, TVariables>,
) {
  // An earlier press of this endpoint may still await its answer on another screen.
  const earlierInFlight = useCallback(() => writeInFlight(endpoint) !== undefined, [endpoint]);
  const mutation = useLockedMutation(options, earlierInFlight);
  const inFlight = useWriteInFlight(endpoint);
  return { ...mutation, inFlight, busy: mutation.isPending || inFlight !== undefined };
}
