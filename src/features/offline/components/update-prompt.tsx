import { useState } from 'react';
import { applyUpdate, usePwaState } from '../../../lib/pwa';
import * as styles from './offline.css';

/** Design §4: a new version waits until the user chooses to reload; never swapped in silently. */
export function UpdatePrompt() {
  const { updateWaiting } = usePwaState();
  const [reloading, setReloading] = useState(false);
  if (!updateWaiting) return null;
  return (
    <div role="alert" className={styles.toast}>
      <span>A new version is available</span>
      <button
        type="button"
        className={styles.toastButton}
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          applyUpdate();
        }}
      >
        {reloading ? 'Reloading...' : 'Reload'}
      </button>
    </div>
  );
}
