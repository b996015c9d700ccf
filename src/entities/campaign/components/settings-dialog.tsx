import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '@/lib/error-message';
import type { Campaign } from '@/shared/contract/campaigns';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { WriteStatus } from '@/ui/write-status';
import { useUpdateCampaignSettings } from '../api/update-campaign-settings';
import { DailyBudgetField } from './daily-budget-field';
import { dailyBudgetProblem } from '../limits';
import * as dialog from './campaign-dialogs.css';

/**
 * Issue 36: an active campaign's daily budget and end date, each optional (empty: none). Both are
 * days of the account's time zone; the server checks the budget against one click and the date
 * against today there.
 */
export function SettingsDialog({
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
  const save = useUpdateCampaignSettings();
  const [budget, setBudget] = useState(
    campaign.daily_budget === null ? '' : campaign.daily_budget.toFixed(2),
  );
  const [endsOn, setEndsOn] = useState(campaign.ends_on ?? '');
  const username = campaign.Profile.username;
  const problem = dailyBudgetProblem(budget, campaign.click_rate);

  function change(next: boolean) {
    if (!next) save.reset();
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (problem !== null || save.busy) return;
    const dailyBudget = budget.trim() === '' ? null : Number(budget);
    const endsOnSent = endsOn === '' ? null : endsOn;
    // Only what changed: an end date already passed today is not sent again with a new budget.
    save.mutate(
      {
        username,
        ...(dailyBudget === campaign.daily_budget ? {} : { daily_budget: dailyBudget }),
        ...(endsOnSent === campaign.ends_on ? {} : { ends_on: endsOnSent }),
      },
      {
        onSuccess: (answer) => {
          change(false);
          onDone(answer.message);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Campaign Settings"
      description={`Spread the budget of the campaign for ${username} over days, or end it on a date.`}
    >
      {save.isError ? (
        <ErrorBox>{errorMessage(save.error, 'Failed to save the settings')}</ErrorBox>
      ) : null}
      <form className={dialog.form} onSubmit={submit} noValidate>
        <DailyBudgetField
          label="Daily budget (USD)"
          hint="At most this much is spent in one day. Leave empty for no limit."
          value={budget}
          rate={campaign.click_rate}
          onChange={(value) => {
            setBudget(value);
            if (save.isError) save.reset();
          }}
        />
        <TextField
          label="End date"
          type="date"
          value={endsOn}
          hint="The last day it runs; then it is paused and the rest refunded. Leave empty to run until paused."
          onChange={(event) => {
            setEndsOn(event.target.value);
            if (save.isError) save.reset();
          }}
        />
        <p className={dialog.hint}>
          Days run midnight to midnight in your account&apos;s time zone (
          <Link to="/account">Account</Link>).
        </p>
        <WriteStatus write={save.inFlight} />
        <div className={dialog.dialogActions}>
          <Button variant="secondary" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={problem !== null || save.busy}>
            {save.busy ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
