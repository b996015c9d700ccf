import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import type { Campaign } from '../../../shared/contract/campaigns';
import { useExpireAdPackage } from '../api/expire-ad-package';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Spec §4: Active → Inactive after a confirm; calls expire-ad-package. Design §2: pausing refunds what
 * is left of the budget at once, which the dialog says before the user confirms.
 */
export function DeactivateDialog({
  campaign,
  open,
  onOpenChange,
  onDone,
}: {
  campaign: Campaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
}) {
  const expire = useExpireAdPackage();
  const username = campaign.Profile.username;

  function change(next: boolean) {
    if (!next) expire.reset();
    onOpenChange(next);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={change}
      title="Deactivate Campaign"
      message={`Are you sure you want to deactivate campaign for ${username}?`}
      effect={
        campaign.amount_remaining > 0
          ? `${formatMoney(campaign.amount_remaining)} will return to your balance`
          : 'No budget is left to return to your balance'
      }
      confirmLabel="Yes, Deactivate"
      pendingLabel="Deactivating..."
      pending={expire.busy}
      inFlight={expire.inFlight}
      error={expire.isError ? errorMessage(expire.error, 'Error updating campaign status') : null}
      onConfirm={() =>
        expire.mutate(
          { username, packageId: campaign.package_id },
          {
            onSuccess: (answer) => {
              change(false);
              onDone(answer.message);
            },
          },
        )
      }
    />
  );
}
