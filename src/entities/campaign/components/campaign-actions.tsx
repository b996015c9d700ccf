import { useState } from 'react';
import type { Campaign } from '@/shared/contract/campaigns';
import { Button } from '@/ui/button';
import { AssignPackageDialog } from './assign-package-dialog';
import { DeactivateDialog } from './deactivate-dialog';
import { DeleteDialog } from './delete-dialog';
import { ReactivateDialog } from './reactivate-dialog';
import { SettingsDialog } from './settings-dialog';
import { TopUpDialog } from './top-up-dialog';
import * as styles from './campaigns.css';

type OpenDialog = 'top-up' | 'deactivate' | 'delete' | 'reactivate' | 'assign' | 'settings' | null;

/**
 * Spec §2/§4: active campaigns can be paused and topped up, and (issue 36) given a daily budget and
 * an end date; inactive ones reactivated and deleted.
 * `onDone` receives the server's success message; `onDeleted` runs after a deletion.
 */
export function CampaignActions({
  campaign,
  onDone,
  onDeleted,
  buttonClassName = styles.smallButton,
}: {
  campaign: Campaign;
  onDone: (message: string) => void;
  onDeleted?: (message: string) => void;
  buttonClassName?: string;
}) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const dialog = (name: Exclude<OpenDialog, null>) => ({
    campaign,
    open: open === name,
    onOpenChange: (next: boolean) => setOpen(next ? name : null),
    onDone,
  });

  return (
    <>
      {campaign.status ? (
        <>
          <Button
            variant="secondary"
            className={buttonClassName}
            onClick={() => setOpen('deactivate')}
          >
            Pause
          </Button>
          <Button className={buttonClassName} onClick={() => setOpen('top-up')}>
            Top-up
          </Button>
          <Button
            variant="secondary"
            className={buttonClassName}
            onClick={() => setOpen('settings')}
          >
            Settings
          </Button>
        </>
      ) : (
        <>
          <Button className={buttonClassName} onClick={() => setOpen('reactivate')}>
            Reactivate
          </Button>
          <Button variant="danger" className={buttonClassName} onClick={() => setOpen('delete')}>
            Delete
          </Button>
        </>
      )}
      {/* Only the open dialog is mounted: a long list does not carry five dialogs per row. */}
      {open === 'top-up' ? <TopUpDialog {...dialog('top-up')} /> : null}
      {open === 'deactivate' ? <DeactivateDialog {...dialog('deactivate')} /> : null}
      {open === 'delete' ? (
        <DeleteDialog {...dialog('delete')} onDone={onDeleted ?? onDone} />
      ) : null}
      {open === 'reactivate' ? (
        <ReactivateDialog {...dialog('reactivate')} onNewPackage={() => setOpen('assign')} />
      ) : null}
      {open === 'assign' ? <AssignPackageDialog {...dialog('assign')} /> : null}
      {open === 'settings' ? <SettingsDialog {...dialog('settings')} /> : null}
    </>
  );
}
