import { useId } from 'react';
import type { WriteInFlight } from '@/lib/writes';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { WriteStatus } from '@/ui/write-status';
import * as dialog from './campaign-dialogs.css';

/**
 * A yes/no question before a deactivation or deletion (spec §4); `effect` says what confirming does
 * (and describes the confirm button, so it is heard before committing).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  effect,
  confirmLabel,
  pendingLabel,
  pending,
  inFlight,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  effect?: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The write confirming sent, while its answer is awaited (issue 14). */
  inFlight: WriteInFlight | undefined;
  error: string | null;
  onConfirm: () => void;
}) {
  const effectId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message}>
      <div className={dialog.form}>
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {effect ? (
          <p id={effectId} className={dialog.hint}>
            {effect}
          </p>
        ) : null}
        <WriteStatus write={inFlight} />
        <div className={dialog.dialogActions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={onConfirm}
            disabled={pending}
            aria-describedby={effect ? effectId : undefined}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
