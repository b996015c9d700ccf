import type { ReactNode } from 'react';
import * as styles from './alert.css';

// Apart from ErrorBox (alert.tsx), which the first screens show: these only on later ones.

/** Spec §8: successes show in a green Success box. */
export function SuccessBox({ children }: { children: ReactNode }) {
  return (
    <div role="status" className={styles.alert.success}>
      <span aria-hidden="true" className={styles.icon}>
        ✓
      </span>
      <div>
        <strong className={styles.title}>Success</strong>
        <div>{children}</div>
      </div>
    </div>
  );
}

export function WarningBox({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="note" className={styles.alert.warning}>
      <span aria-hidden="true" className={styles.icon}>
        !
      </span>
      <div>
        <strong className={styles.title}>{title}</strong>
        {children}
      </div>
    </div>
  );
}
