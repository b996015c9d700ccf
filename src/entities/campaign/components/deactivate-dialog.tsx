import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/error-message';
import type { Campaign } from '@/shared/contract/campaigns';
import { campaignDetailsQueryOptions } from '../api/get-campaign-details';
import { useExpireAdPackage } from '../api/expire-ad-package';
import { pauseDoneMessage, pauseRefundEstimate } from '../previews';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Spec §4: Active → Inactive after a confirm; calls expire-ad-package. Design §2: pausing refunds what
 * is left of the budget at once, which the dialog says before the user confirms, from the campaign
 * read again as the dialog opens; the success message says what did return.
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
  // Mounted as the dialog opens: read the campaign again then, whatever the cache holds.
  const fresh = useQuery({ ...campaignDetailsQueryOptions(username), refetchOnMount: 'always' });
  const shown = fresh.data ?? campaign;

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
      effect={pauseRefundEstimate(shown)}
      confirmLabel="Yes, Deactivate"
      pendingLabel="Deactivating..."
      pending={expire.busy}
      inFlight={expire.inFlight}
      error={expire.isError ? errorMessage(expire.error, 'Error updating campaign status') : null}
      onConfirm={() =>
        expire.mutate(
          { username, packageId: campaign.package_id, expected_status: campaign.status },
          {
            onSuccess: (answer) => {
              change(false);
              onDone(pauseDoneMessage(answer));
            },
          },
        )
      }
    />
  );
}
