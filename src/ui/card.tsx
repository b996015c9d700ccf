import type { ReactNode } from 'react';
import * as styles from './card.css';
import * as frame from './frame.css';
import { useDocumentTitle } from '../lib/use-document-title';
import { UpdatingMark } from './updating-mark';

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

/** `updating` (list screens): whether the last-known data shown is being fetched again. */
export function PageHeader({
  title,
  subtitle,
  actions,
  updating,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  updating?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <header className={frame.pageHeader}>
      <div>
        <h1 className={frame.pageTitle}>{title}</h1>
        {subtitle ? <p className={frame.pageSubtitle}>{subtitle}</p> : null}
      </div>
      {actions}
      {updating === undefined ? null : <UpdatingMark updating={updating} />}
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
