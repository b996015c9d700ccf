import { useId, useState, type FormEvent } from 'react';
import type { WriteInFlight } from '@/lib/writes';
import { formatMoney } from '@/lib/format';
import type { Campaign } from '@/shared/contract/campaigns';
import { centsToDollars } from '@/shared/money';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { WriteStatus } from '@/ui/write-status';
import { amountEffect } from '../previews';
import { useAdPackages } from '../api/get-ad-packages';
import * as dialog from './campaign-dialogs.css';

/**
 * The amount step of top-up and of reactivation with the same package (spec §5), showing before the
 * user commits what the amount adds to `campaign` and leaves of the balance.
 */
export function AmountForm({
  balance,
  campaign,
  submitLabel,
  pendingLabel,
  pending,
  inFlight,
  onCancel,
  onAmountChange,
  onSubmit,
}: {
  balance: number;
  /** The campaign the money goes to; without it the clicks added are not shown. */
  campaign?: Campaign;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The write the form sent, while its answer is awaited (issue 14). */
  inFlight: WriteInFlight | undefined;
  onCancel: () => void;
  /** Called as the amount changes: a message about the previous amount no longer applies. */
  onAmountChange?: () => void;
  onSubmit: (amount: number) => void;
}) {
  const [raw, setRaw] = useState('');
  const errorId = useId();
  const previewId = useId();
  const packages = useAdPackages();
  const maxSlots = packages.data?.find((option) => option.id === campaign?.package_id)?.max_slots;
  const effect = amountEffect(raw, balance, campaign, maxSlots);
  const problem = effect?.problem ?? null;
  const preview = effect && effect.problem === null ? effect : null;
  const disabled = effect === null || problem !== null || pending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!disabled) onSubmit(Number(raw));
  }

  return (
    <form className={dialog.form} onSubmit={submit} noValidate>
      <TextField
        label="Amount (USD)"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        placeholder="0.00"
        value={raw}
        onChange={(event) => {
          setRaw(event.target.value);
          onAmountChange?.();
        }}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : preview ? previewId : undefined}
        autoFocus
      />
      {problem ? (
        <p role="alert" id={errorId} className={dialog.fieldError}>
          {problem}
        </p>
      ) : null}
      <p className={dialog.hint}>Available balance: {formatMoney(balance)}</p>
      {preview ? (
        <dl id={previewId} className={dialog.summary} aria-label="Effect of this amount">
          {preview.clicksAdded === null ? null : (
            <>
              <dt>Clicks added</dt>
              <dd>+{preview.clicksAdded.toLocaleString('en-US')}</dd>
            </>
          )}
          <dt>New balance</dt>
          <dd>{formatMoney(centsToDollars(preview.balanceAfterCents))}</dd>
        </dl>
      ) : null}
      <WriteStatus write={inFlight} />
      <div className={dialog.dialogActions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={disabled}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
