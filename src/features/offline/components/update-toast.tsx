import { useState } from 'react';
import { applyUpdate } from '../../../lib/pwa';
import * as styles from './update-toast.css';

/** Design §4: a new version waits until the user chooses to reload; never swapped in silently. */
export function UpdateToast() {
  const [reloading, setReloading] = useState(false);
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
