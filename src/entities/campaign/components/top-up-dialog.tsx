import { errorMessage } from '@/lib/error-message';
import type { Campaign } from '@/shared/contract/campaigns';
import { ErrorBox } from '@/ui/alert';
import { Dialog } from '@/ui/dialog';
import { useAuthUser } from '@/entities/session/api/check-auth';
import { useTopUpCampaign } from '../api/top-up-campaign';
import { AmountForm } from './amount-form';

/** Adds money from the balance to an active campaign (spec §4, §5). */
export function TopUpDialog({
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
  const balance = useAuthUser()?.crypto_balance ?? 0;
  const topUp = useTopUpCampaign();
  const username = campaign.Profile.username;

  function change(next: boolean) {
    if (!next) topUp.reset();
    onOpenChange(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Top Up Campaign"
      description={`Add budget to the campaign for ${username}.`}
    >
      {topUp.isError ? (
        <ErrorBox>{errorMessage(topUp.error, 'Error processing top-up')}</ErrorBox>
      ) : null}
      <AmountForm
        balance={balance}
        campaign={campaign}
        submitLabel="Top Up"
        pendingLabel="Processing..."
        pending={topUp.busy}
        inFlight={topUp.inFlight}
        onCancel={() => change(false)}
        // The server's refusal was about the amount sent; a new amount takes it away.
        onAmountChange={() => {
          if (topUp.isError) topUp.reset();
        }}
        onSubmit={(amount) =>
          topUp.mutate(
            { username, package_id: campaign.package_id, amount, expected_status: campaign.status },
            {
              onSuccess: (answer) => {
                change(false);
                onDone(answer.message);
              },
            },
          )
        }
      />
    </Dialog>
  );
}
