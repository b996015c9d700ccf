import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import * as frame from '../../../ui/frame.css';
import * as styles from './profile.css';

/**
 * The centred card of the pages a mailed link opens (confirm an e-mail, set a first password): the
 * public pages' frame (src/ui/frame.css.ts), signed in or not.
 */
export function LinkPage({
  title,
  icon,
  children,
}: {
  title: string;
  /** A big tick or cross above the title for result screens. */
  icon?: 'success' | 'error';
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main className={frame.authPage}>
      <div className={frame.authBrand}>
        <span className={frame.authLogo} aria-hidden="true">
          ▲
        </span>
        PromoClicks
      </div>
      <div className={frame.authCard}>
        {icon ? (
          <div
            className={icon === 'success' ? styles.successIcon : styles.errorIcon}
            aria-hidden="true"
          >
            {icon === 'success' ? '✓' : '✕'}
          </div>
        ) : null}
        <h1 className={frame.authTitle}>{title}</h1>
        {children}
      </div>
    </main>
  );
}
