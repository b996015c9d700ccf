import { useEffect, useState } from 'react';
import { OFFLINE_MESSAGE, isOnline, useOnline } from '@/lib/offline';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, EmptyState, PageHeader } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { useDeleteNotifications } from '../api/delete-notifications';
import { useNotifications, type NotificationFilter } from '../api/get-notifications';
import { useLastKnownNotifications } from '../api/last-known-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useReadAllNotifications } from '../api/read-all-notifications';
import { useReadNotification } from '../api/read-notification';
import { DeleteNotificationsDialog } from './delete-notifications-dialog';
import { NotificationItem } from './notification-item';
import { Pager } from '@/ui/pager';
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
  const lastKnown = useLastKnownNotifications(view.filter, view.page);
  const unread = useUnreadCount();
  const readOne = useReadNotification();
  const readAll = useReadAllNotifications();
  const remove = useDeleteNotifications();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  /** The notifications a Delete button asked to delete, until the dialog is answered. */
  const [toDelete, setToDelete] = useState<number[]>([]);
  /** Actions refused offline in a row: each one shows the message anew (announced again). */
  const [refusals, setRefusals] = useState(0);
  const online = useOnline();
  const busy = readOne.isPending || readAll.isPending || remove.isPending;
  const narrow = useNarrowScreen();
  const shown = lastKnown ?? list.data;
  const placeholder = !lastKnown && list.isPlaceholderData;

  const currentPage = shown?.pagination.currentPage;
  useEffect(() => {
    // The server answers the last page for a page past it (e.g. after deleting the whole last page).
    if (currentPage !== undefined && currentPage !== view.page && !placeholder) {
      onViewChange({ ...view, page: currentPage });
    }
  }, [currentPage, view, onViewChange, placeholder]);

  /** Design §4: offline, an action is refused at once with the offline message; nothing is sent. */
  const whenOnline = (action: () => void) => {
    const connected = isOnline();
    setRefusals((count) => (connected ? 0 : count + 1));
    if (connected) action();
  };

  const changeView = (next: NotificationsView) => {
    setSelected(new Set());
    onViewChange(next);
  };
  /**
   * The dialog stays open, its button disabled, until the delete is answered (issue 31): closed at
   * once, a second tap of "Yes, Delete" landed on the notification under it and opened (read) it.
   */
  const confirmDelete = () => {
    if (!isOnline()) setToDelete([]);
    whenOnline(() =>
      remove.mutate(toDelete, {
        onSuccess: () => setSelected(new Set()),
        onSettled: () => setToDelete([]),
      }),
    );
  };

  const notifications = shown?.data ?? [];
  const pageIds = notifications.map((notification) => notification.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const selectedIds = pageIds.filter((id) => selected.has(id));

  let content;
  if (!shown && list.isPending) content = <Spinner label="Loading notifications..." />;
  else if (!shown) {
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
    const { pagination } = shown;
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
            onClick={() => setToDelete(selectedIds)}
          >
            Delete Selected ({selectedIds.length})
          </Button>
          <Button
            variant="danger"
            className={styles.smallButton}
            disabled={busy}
            onClick={() => setToDelete(pageIds)}
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
              onRead={() => whenOnline(() => readOne.mutate(notification.id))}
              // Opening is reading: offline it only opens (nothing is queued), and stays unread.
              onOpen={() => {
                if (isOnline()) readOne.mutate(notification.id);
              }}
              onDelete={() => setToDelete([notification.id])}
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
        // Another page or tab on its way counts too: the previous one stays on screen meanwhile.
        updating={list.isFetching && list.data !== undefined}
        actions={
          <Button
            onClick={() => whenOnline(() => readAll.mutate())}
            disabled={busy || unread.data === 0}
          >
            Mark All Read
          </Button>
        }
      />
      <Card>
        <div className={styles.stack}>
          {refusals > 0 && !online ? <ErrorBox key={refusals}>{OFFLINE_MESSAGE}</ErrorBox> : null}
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
      <DeleteNotificationsDialog
        count={toDelete.length}
        pending={remove.isPending}
        onCancel={() => setToDelete([])}
        onConfirm={confirmDelete}
      />
    </>
  );
}
