import { useUnreadCount } from '../api/get-unread-count';
import { visuallyHidden } from '@/ui/frame.css';
import * as styles from './unread-badge.css';

/** The unread count (the sidebar beside Notifications, the phone header); nothing while it is 0 or unknown. */
export function UnreadBadge() {
  const { data: count } = useUnreadCount();
  if (!count) return null;
  return (
    <>
      {' '}
      <span className={styles.navBadge}>
        {count > 99 ? '99+' : count}
        <span className={visuallyHidden}> unread</span>
      </span>
    </>
  );
}
