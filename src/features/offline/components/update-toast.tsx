import { useState } from 'react';
import { applyUpdate } from '@/lib/pwa';
import * as styles from './update-toast.css';

/**
 * Design §4: a new version waits until the user chooses to reload; never swapped in silently. "Later"
 * puts the prompt away for this visit (issue 17): the new version then starts with the next one.
 */
export function UpdateToast() {
  const [reloading, setReloading] = useState(false);
  const [later, setLater] = useState(false);
  if (later) return null;
  return (
    <div role="alert" className={styles.toast}>
      <span>A new version is available</span>
      <button type="button" className={styles.laterButton} onClick={() => setLater(true)}>
        Later
      </button>
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
