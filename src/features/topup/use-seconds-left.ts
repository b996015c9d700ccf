import { useEffect, useState } from 'react';

/**
 * Whole seconds until `time`, counting down once per second; null without a time. Read from the
 * clock at each tick, not counted down: a phone's background tab (the wallet app in front) pauses
 * timers, and the count is right again as soon as the page is back.
 */
export function useSecondsLeft(time: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const end = time === null ? null : Date.parse(time);
  const left = end === null ? null : Math.max(0, Math.ceil((end - now) / 1000));

  useEffect(() => {
    if (end === null || left === 0) return undefined;
    // The next tick lands when the shown second changes.
    const timer = setTimeout(() => setNow(Date.now()), (end - Date.now()) % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [end, left, now]);

  return left;
}
