import type { ReactNode } from 'react';
import * as styles from './auth-layout.css';
import * as frame from './frame.css';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The centred card every public auth screen sits in. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  icon,
}: {
  /** A big tick or cross above the title for result screens. */
  icon?: 'success' | 'error';
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main id="main" tabIndex={-1} className={frame.authPage}>
      <div className={frame.authBrand}>
        <span className={frame.authLogo} aria-hidden="true">
          P
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
        {subtitle ? <p className={frame.authSubtitle}>{subtitle}</p> : null}
        {children}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </main>
  );
}
