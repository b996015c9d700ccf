import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import * as styles from './notifications.css';

/**
 * Issue 17: a delete cannot be undone, so it is asked first, saying how many notifications would go.
 * Open while `count` is above 0; the confirm button's name differs from the "Delete" that opened it.
 * While the delete is `pending` the confirm button is disabled and says so.
 */
export function DeleteNotificationsDialog({
  count,
  pending,
  onCancel,
  onConfirm,
}: {
  count: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const one = count === 1;
  return (
    <Dialog
      open={count > 0}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={one ? 'Delete Notification' : 'Delete Notifications'}
      description={`Are you sure you want to delete ${count} ${one ? 'notification' : 'notifications'}? This action cannot be undone.`}
    >
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? 'Deleting...' : 'Yes, Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
