import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import * as dialog from './campaign-dialogs.css';

/** Spec §5: a number above 0 that the balance covers; the message to show, or null. */
export function amountProblem(raw: string, balance: number): string | null {
  if (raw.trim() === '') return null;
  const amount = Number(raw);
  if (!Number.isFinite(amount) || amount <= 0) return 'Please enter a valid amount';
  if (amount > balance) return 'Amount exceeds your available balance';
  return null;
}

/** The amount step of top-up and of reactivation with the same package (spec §5). */
export function AmountForm({
  balance,
  submitLabel,
  pendingLabel,
  pending,
  onCancel,
  onSubmit,
}: {
  balance: number;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (amount: number) => void;
}) {
  const [raw, setRaw] = useState('');
  const problem = amountProblem(raw, balance);
  const disabled = raw.trim() === '' || problem !== null || pending;

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
        onChange={(event) => setRaw(event.target.value)}
        aria-invalid={problem !== null}
        autoFocus
      />
      {problem ? (
        <p role="alert" className={dialog.fieldError}>
          {problem}
        </p>
      ) : null}
      <p className={dialog.hint}>Available balance: {formatMoney(balance)}</p>
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
