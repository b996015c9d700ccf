import type { ReactNode } from 'react';
import * as styles from './card.css';
import * as frame from './frame.css';
import { useDocumentTitle } from '../lib/use-document-title';

export function Card({
  title,
  children,
  className,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`${styles.card} ${className ?? ''}`}>
      {title ? <h2 className={styles.cardTitle}>{title}</h2> : null}
      {children}
    </section>
  );
}

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <header className={frame.pageHeader}>
      <div>
        <h1 className={frame.pageTitle}>{title}</h1>
        {subtitle ? <p className={frame.pageSubtitle}>{subtitle}</p> : null}
      </div>
      {actions}
    </header>
  );
}

export function EmptyState({
  icon = '○',
  title,
  children,
}: {
  icon?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      <span aria-hidden="true" className={styles.emptyIcon}>
        {icon}
      </span>
      <h2 className={styles.emptyTitle}>{title}</h2>
      {children}
    </div>
  );
}
