import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Moves the fake clock on in 50 ms steps until `changed()` holds, and gives the fake time then
 * (`Date.now()`, which the test fakes). With `shouldAdvanceTime` the fake clock also moves with real
 * time, so "not yet at 1.9 s" cannot be said on a loaded machine (CI failed on it once): a test
 * takes the time before the action that starts a delay, and checks that the change came no sooner
 * than the delay after it.
 */
export async function advanceUntil(changed: () => boolean, limitMs = 10_000): Promise<number> {
  const start = Date.now();
  while (!changed()) {
    if (Date.now() - start > limitMs) {
      throw new Error(`Nothing changed within ${limitMs} ms of the fake clock`);
    }
    await act(() => vi.advanceTimersByTimeAsync(50));
  }
  return Date.now();
}
