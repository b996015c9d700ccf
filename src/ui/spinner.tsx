import * as styles from './spinner.css';

/** A centred loading indicator with an accessible name. */
export function Spinner({
  label = 'Loading...',
  fullPage,
}: {
  label?: string;
  fullPage?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={fullPage ? `${styles.center} ${styles.fullPage}` : styles.center}
    >
      <div className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function FullPageSpinner() {
  return <Spinner fullPage />;
}
