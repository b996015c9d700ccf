import { useId, useState } from 'react';
import type { Notification } from '@/shared/contract/notifications';
import { Button } from '@/ui/button';
import * as styles from './notifications.css';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateTime.format(date);
}

/**
 * One notification: a checkbox to select it, its message (pressing it opens the full text, and
 * `onOpen` marks it read), read state, received date, "Opened On" once read, Mark as read and Delete.
 */
export function NotificationItem({
  notification,
  selected,
  onSelect,
  onRead,
  onOpen,
  onDelete,
  busy,
}: {
  notification: Notification;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onRead: () => void;
  onOpen: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const messageId = useId();
  const { message, read } = notification;
  const toggle = () => {
    if (!open && !read) onOpen();
    setOpen(!open);
  };
  return (
    <li className={read ? styles.item : styles.unreadItem}>
      <input
        type="checkbox"
        className={styles.checkbox}
        aria-label={`Select notification: ${message}`}
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
      />
      <div className={styles.body}>
        <button
          type="button"
          id={messageId}
          aria-expanded={open}
          className={`${open ? styles.message : styles.messageClosed} ${read ? '' : styles.unreadMessage}`}
          onClick={toggle}
        >
          {message}
        </button>
        <div className={styles.meta}>
          <span className={read ? styles.badge : styles.unreadBadge}>
            {read ? 'Read' : 'Unread'}
          </span>
          <span>Received {formatDateTime(notification.createdAt)}</span>
          {read ? <span>Opened On {formatDateTime(notification.updatedAt)}</span> : null}
        </div>
        <div className={styles.actions} role="group" aria-labelledby={messageId}>
          {read ? null : (
            <Button
              variant="secondary"
              className={styles.smallButton}
              onClick={onRead}
              disabled={busy}
            >
              Mark as read
            </Button>
          )}
          <Button
            variant="danger"
            className={styles.smallButton}
            onClick={onDelete}
            disabled={busy}
          >
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
