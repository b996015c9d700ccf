import type { ReactNode } from 'react';
import * as styles from './auth-layout.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

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
    <main className={styles.page}>
      <div className={styles.brand}>
        <span className={styles.logo} aria-hidden="true">
          ▲
        </span>
        PromoClicks
      </div>
      <div className={styles.card}>
        {icon ? (
          <div
            className={icon === 'success' ? styles.successIcon : styles.errorIcon}
            aria-hidden="true"
          >
            {icon === 'success' ? '✓' : '✕'}
          </div>
        ) : null}
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {children}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </main>
  );
}
