import { formatShortDate } from '@/lib/format';
import type { EarlierPackages } from '@/shared/contract/campaigns';
import * as styles from './tracker.css';

/**
 * Issue 35 point 6: the figures follow the profile across New Package (which replaces its campaign),
 * so a figure that includes earlier packages says so: "Includes 2 earlier packages on this profile,
 * since Mar 3, 2026." Nothing when it includes none.
 */
export function EarlierPackagesNote({ earlier }: { earlier: EarlierPackages | undefined }) {
  if (!earlier) return null;
  const packages = earlier.count === 1 ? '1 earlier package' : `${earlier.count} earlier packages`;
  return (
    <p className={styles.muted}>
      Includes {packages} on this profile, since {formatShortDate(earlier.since)}.
    </p>
  );
}
