import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import type { Campaign } from '@/shared/contract/campaigns';
import { ErrorBox } from '@/ui/alert';
import { Dialog } from '@/ui/dialog';
import { useAuthUser } from '@/entities/session/api/check-auth';
import { useCheckModelAvailability } from '../api/check-model-availability';
import { useTopUpCampaign } from '../api/top-up-campaign';
import { AmountForm } from './amount-form';
import * as dialog from './campaign-dialogs.css';

/**
 * Spec §4 Reactivate: "Same Package" asks for a budget and tops up the existing package; "New Package"
 * checks that the profile is still available, then hands over to the Assign Ad Package dialog.
 */
export function ReactivateDialog({
  campaign,
  open,
  onOpenChange,
  onDone,
  onNewPackage,
}: {
  campaign: Campaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
  onNewPackage: () => void;
}) {
  const balance = useAuthUser()?.crypto_balance ?? 0;
  const [step, setStep] = useState<'choose' | 'amount'>('choose');
  const topUp = useTopUpCampaign();
  const availability = useCheckModelAvailability();
  const username = campaign.Profile.username;

  function change(next: boolean) {
    if (!next) {
      setStep('choose');
      topUp.reset();
      availability.reset();
    }
    onOpenChange(next);
  }

  function chooseNewPackage() {
    availability.mutate(username, {
      onSuccess: () => {
        change(false);
        onNewPackage();
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Reactivate Campaign"
      description={
        step === 'choose'
          ? `How do you want to reactivate the campaign for ${username}?`
          : `Enter the budget to reactivate ${username} with ${campaign.package_name}.`
      }
    >
      {availability.isError ? (
        <ErrorBox>{errorMessage(availability.error, 'Error checking model availability')}</ErrorBox>
      ) : null}
      {topUp.isError ? (
        <ErrorBox>{errorMessage(topUp.error, 'Error reactivating campaign')}</ErrorBox>
      ) : null}
      {step === 'choose' ? (
        <div className={dialog.choices}>
          <button
            type="button"
            className={dialog.choice}
            onClick={() => setStep('amount')}
            disabled={availability.isPending}
          >
            <span className={dialog.choiceTitle}>Same Package</span>
            <span className={dialog.hint}>Keep {campaign.package_name} and add a budget</span>
          </button>
          <button
            type="button"
            className={dialog.choice}
            onClick={chooseNewPackage}
            disabled={availability.isPending}
          >
            <span className={dialog.choiceTitle}>
              {availability.isPending ? 'Checking availability...' : 'New Package'}
            </span>
            <span className={dialog.hint}>Choose another package and deposit</span>
          </button>
        </div>
      ) : (
        <AmountForm
          balance={balance}
          campaign={campaign}
          onAmountChange={() => {
            if (topUp.isError) topUp.reset();
          }}
          submitLabel="Reactivate"
          pendingLabel="Reactivating..."
          pending={topUp.busy}
          inFlight={topUp.inFlight}
          onCancel={() => change(false)}
          onSubmit={(amount) =>
            topUp.mutate(
              {
                username,
                package_id: campaign.package_id,
                amount,
                expected_status: campaign.status,
              },
              {
                onSuccess: (answer) => {
                  change(false);
                  onDone(answer.message);
                },
              },
            )
          }
        />
      )}
    </Dialog>
  );
}
