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
