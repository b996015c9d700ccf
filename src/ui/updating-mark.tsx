import * as styles from './updating-mark.css';

/**
 * Issue 14 (a slow network): the last-known data is on screen while a fresh copy loads. A live
 * region that is always there, so a screen reader announces "Updating…" when it starts. Not a
 * role=status: that role is the page's outcome of an action (the feedback box), one at a time.
 */
export function UpdatingMark({ updating }: { updating: boolean }) {
  return (
    <span aria-live="polite" className={styles.mark}>
      {updating ? 'Updating…' : null}
    </span>
  );
}
