import type { ReactNode } from 'react';
import { Card, EmptyState, PageHeader } from '../../../ui/card';

/** A signed-in page whose content a later issue brings: its heading and an honest empty state. */
export function UpcomingPage({
  title,
  subtitle,
  icon,
  emptyTitle,
  children,
}: {
  title: string;
  subtitle?: string;
  icon?: string;
  emptyTitle: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Card>
        <EmptyState icon={icon} title={emptyTitle}>
          <p>{children}</p>
        </EmptyState>
      </Card>
    </>
  );
}
