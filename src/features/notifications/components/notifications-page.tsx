import { useEffect, useState } from 'react';
import { Button } from '../../../ui/button';
import { Card, EmptyState, PageHeader } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { useDeleteNotifications } from '../api/delete-notifications';
import { useNotifications, type NotificationFilter } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useReadAllNotifications } from '../api/read-all-notifications';
import { useReadNotification } from '../api/read-notification';
import { NotificationItem } from './notification-item';
import { Pager } from '../../../ui/pager';
import { useNarrowScreen } from '../use-narrow-screen';
import * as styles from './notifications.css';

const FILTERS: { value: NotificationFilter; label: string; empty: string }[] = [
  { value: 'all', label: 'All', empty: 'No notifications yet' },
  { value: 'unread', label: 'Unread', empty: 'No unread notifications' },
  { value: 'read', label: 'Read', empty: 'No read notifications' },
];

export interface NotificationsView {
  filter: NotificationFilter;
  page: number;
}

/** /notifications (spec §2): filter, server pages of 5, open, mark read, delete, Mark All Read. */
export function NotificationsPage({
  view,
  onViewChange,
}: {
  view: NotificationsView;
  onViewChange: (view: NotificationsView) => void;
}) {
  const list = useNotifications(view.filter, view.page);
  const unread = useUnreadCount();
  const readOne = useReadNotification();
  const readAll = useReadAllNotifications();
  const remove = useDeleteNotifications();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const busy = readOne.isPending || readAll.isPending || remove.isPending;
  const narrow = useNarrowScreen();

  const currentPage = list.data?.pagination.currentPage;
  useEffect(() => {
    // The server answers the last page for a page past it (e.g. after deleting the whole last page).
    if (currentPage !== undefined && currentPage !== view.page && !list.isPlaceholderData) {
      onViewChange({ ...view, page: currentPage });
    }
  }, [currentPage, view, onViewChange, list.isPlaceholderData]);

  const changeView = (next: NotificationsView) => {
    setSelected(new Set());
    onViewChange(next);
  };
  const deleteIds = (ids: number[]) =>
    remove.mutate(ids, { onSuccess: () => setSelected(new Set()) });

  const notifications = list.data?.data ?? [];
  const pageIds = notifications.map((notification) => notification.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const selectedIds = pageIds.filter((id) => selected.has(id));

  let content;
  if (list.isPending) content = <Spinner label="Loading notifications..." />;
  else if (list.isError) {
    // Spec §8: notification calls only log their errors; the page offers another try.
    content = (
      <EmptyState icon="○" title="No notifications to show">
        <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          Try Again
        </Button>
      </EmptyState>
    );
  } else if (notifications.length === 0) {
    const empty = FILTERS.find((filter) => filter.value === view.filter)!.empty;
    content = (
      <EmptyState icon="○" title={empty}>
        <p>Deposits and campaign changes will show up here.</p>
      </EmptyState>
    );
  } else {
    const { pagination } = list.data;
    content = (
      <>
        <div className={styles.toolbar}>
          <label className={styles.selectAll}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={allSelected}
              onChange={(event) => setSelected(new Set(event.target.checked ? pageIds : []))}
            />
            Select all on this page
          </label>
          <Button
            variant="danger"
            className={styles.smallButton}
            disabled={busy || selectedIds.length === 0}
            onClick={() => deleteIds(selectedIds)}
          >
            Delete Selected ({selectedIds.length})
          </Button>
          <Button
            variant="danger"
            className={styles.smallButton}
            disabled={busy}
            onClick={() => deleteIds(pageIds)}
          >
            Delete All on This Page
          </Button>
        </div>
        <ul className={styles.list} aria-label="Notifications">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              selected={selected.has(notification.id)}
              onSelect={(on) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (on) next.add(notification.id);
                  else next.delete(notification.id);
                  return next;
                })
              }
              onRead={() => readOne.mutate(notification.id)}
              onDelete={() => deleteIds([notification.id])}
              busy={busy}
            />
          ))}
        </ul>
        <Pager
          page={pagination.currentPage}
          pageCount={pagination.totalPages}
          maxButtons={narrow ? 3 : 5}
          onChange={(page) => changeView({ ...view, page })}
        />
        <p className={styles.pageInfo}>
          Page {pagination.currentPage} of {pagination.totalPages} · {pagination.totalItems}{' '}
          {pagination.totalItems === 1 ? 'notification' : 'notifications'}
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle="Updates about your campaigns and deposits"
        actions={
          <Button onClick={() => readAll.mutate()} disabled={busy || unread.data === 0}>
            Mark All Read
          </Button>
        }
      />
      <Card>
        <div className={styles.stack}>
          <div role="group" aria-label="Show" className={styles.filters}>
            {FILTERS.map((filter) => (
              <button
                key={filter.value}
                type="button"
                className={styles.filterButton}
                aria-pressed={view.filter === filter.value}
                onClick={() => changeView({ filter: filter.value, page: 1 })}
              >
                {filter.label}
              </button>
            ))}
          </div>
          <div>{content}</div>
        </div>
      </Card>
    </>
  );
}
