import type { ReactNode } from 'react';
import * as styles from './alert.css';

/** Spec §8: errors show in a red Error box. */
export function ErrorBox({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div role="alert" id={id} className={styles.alert.error}>
      <span aria-hidden="true" className={styles.icon}>
        !
      </span>
      <div>
        <strong className={styles.title}>Error</strong>
        <div>{children}</div>
      </div>
    </div>
  );
}

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
