import * as styles from './campaigns.css';

/** The creator's avatar, or their initial when the profile has none. */
export function Avatar({ src, name }: { src: string; name: string }) {
  if (!src) {
    return (
      <span className={`${styles.avatar} ${styles.initials}`} aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return <img className={styles.avatar} src={src} alt="" width="40" height="40" loading="lazy" />;
}
