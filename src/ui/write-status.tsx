import { useEffect, useState } from 'react';
import type { WriteInFlight } from '../lib/writes';
import * as styles from './write-status.css';

/** Issue 14: a write taking longer than this says it is still at work. */
const SLOW_WRITE_MS = 3_000;

/** Issue 14: a write whose answer was lost is never shown as failed; this is what shows instead. */
export const UNCONFIRMED_TEXT =
  'We could not confirm this yet — we will check again when the connection is back.';
export const SLOW_WRITE_TEXT = 'Still working...';

/**
 * Beside a write's button, while its answer is awaited: after 3 s that it is still working, and once
 * its retries ran out that it could not be confirmed yet (it is asked again when the server is back).
 */
export function WriteStatus({ write }: { write: WriteInFlight | undefined }) {
  const since = write?.since;
  const [slowSince, setSlowSince] = useState<number>();
  useEffect(() => {
    if (since === undefined) return undefined;
    const timer = setTimeout(() => setSlowSince(since), since + SLOW_WRITE_MS - Date.now());
    return () => clearTimeout(timer);
  }, [since]);
  if (!write || !(write.unconfirmed || slowSince === since)) return null;
  return (
    <p role="status" className={styles.status}>
      {write.unconfirmed ? UNCONFIRMED_TEXT : SLOW_WRITE_TEXT}
    </p>
  );
}
