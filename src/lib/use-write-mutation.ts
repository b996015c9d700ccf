import { useSyncExternalStore } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { Endpoint } from '../shared/contract/endpoint';
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
 * known. `inFlight` is for <WriteStatus> beside the button.
 */
export function useWriteMutation<TData, TVariables>(
  endpoint: Endpoint,
  options: UseMutationOptions<TData, Error, TVariables>,
) {
  const mutation = useMutation(options);
  const inFlight = useWriteInFlight(endpoint);
  return { ...mutation, inFlight, busy: mutation.isPending || inFlight !== undefined };
}
