import { useId } from 'react';
import { TextField } from '@/ui/field';
import { dailyBudgetProblem } from '../limits';
import * as dialog from './campaign-dialogs.css';

/**
 * Issue 36: a daily budget in dollars ('' for none), checked as typed against one click's price
 * (`rate`, dollars; unknown until a package is chosen), with its problem under it. The create form and
 * the Settings dialog use it.
 */
export function DailyBudgetField({
  label,
  hint,
  value,
  rate,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  rate: number | undefined;
  onChange: (value: string) => void;
}) {
  const problemId = useId();
  const problem = dailyBudgetProblem(value, rate);
  return (
    <>
      <TextField
        label={label}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        placeholder="No limit"
        value={value}
        hint={hint}
        errorId={problem ? problemId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <p role="alert" id={problemId} className={dialog.fieldError}>
          {problem}
        </p>
      ) : null}
    </>
  );
}
