import { errorMessage } from '@/lib/error-message';
import type { Campaign } from '@/shared/contract/campaigns';
import { useRemoveAdPackage } from '../api/remove-ad-package';
import { ConfirmDialog } from './confirm-dialog';

/** Spec §4: an inactive campaign may be deleted after a confirm. */
export function DeleteDialog({
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
  const remove = useRemoveAdPackage();
  const username = campaign.Profile.username;

  function change(next: boolean) {
    if (!next) remove.reset();
    onOpenChange(next);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={change}
      title="Delete Campaign"
      message={`Are you sure you want to delete the campaign for "${username}"? This action cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.busy}
      inFlight={remove.inFlight}
      error={
        remove.isError
          ? errorMessage(remove.error, 'Error deleting campaign, please try again')
          : null
      }
      onConfirm={() =>
        remove.mutate(
          { username, expected_status: campaign.status },
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
