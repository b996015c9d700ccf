import { useEffect, useState } from 'react';

/**
 * Issue 31: how far the server's clock is ahead of this phone's, in ms, from the answers this page has
 * seen: the server's time in an answer (`serverTime`) against the phone's time it arrived
 * (`receivedAt`, the query's dataUpdatedAt). An answer's time only ever lags the moment it arrives (the
 * network's delay; more for one kept by the worker, the idempotency store or the persisted cache), so
 * the largest reading is the truest, and a stale one never moves the countdown.
 */
export function useServerClockOffset(serverTime: string, receivedAt: number): number {
  const reading = Date.parse(serverTime) - receivedAt;
  const [offset, setOffset] = useState(Number.isFinite(reading) ? reading : 0);
  if (reading > offset) setOffset(reading);
  return offset;
}

/**
 * Whole seconds until `time` on the server's clock (`serverOffsetMs` ahead of the phone's), counting
 * down once per second; null without a time. A phone minutes fast or slow shows the same countdown as
 * the server's (issue 31). Read from the clock at each tick, not counted down: a phone's background
 * tab (the wallet app in front) pauses timers, and the count is right again as soon as the page is
 * back.
 */
export function useSecondsLeft(time: string | null, serverOffsetMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  // The end of the window on the phone's clock.
  const end = time === null ? null : Date.parse(time) - serverOffsetMs;
  const left = end === null ? null : Math.max(0, Math.ceil((end - now) / 1000));

  useEffect(() => {
    if (end === null || left === 0) return undefined;
    // The next tick lands when the shown second changes.
    const timer = setTimeout(() => setNow(Date.now()), (end - Date.now()) % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [end, left, now]);

  return left;
}
