import type { Transaction } from '@/shared/contract/deposits';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { coinLabel } from '@/entities/deposit/format';
import { replaceDepositText } from '../open-deposits';
import * as styles from './topup.css';

/**
 * Open while `open` is set: the open deposit a new one would end. While the new one is `pending`
 * (and until its page opens) the confirm button is disabled and says so.
 */
export function ReplaceDepositDialog({
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  open: Transaction | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const coin = open ? coinLabel(open.coinType) : '';
  return (
    <Dialog
      open={open !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
      }}
      title={`Replace your open ${coin} deposit?`}
      description={open ? replaceDepositText(open) : undefined}
    >
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel}>
          Keep it
        </Button>
        <Button onClick={onConfirm} disabled={pending}>
          {pending ? 'Starting...' : 'Start the new deposit'}
        </Button>
      </div>
    </Dialog>
  );
}
