import { useId, useRef, useState, type FormEvent } from 'react';
import { PROFILE_MESSAGES } from '@/shared/contract/profile';
import { errorMessage } from '@/lib/error-message';
import { Button } from '@/ui/button';
import { PasswordField, TextField } from '@/ui/field';
import { useShowFirstInvalid } from '@/ui/show-first-invalid';
import { WriteStatus } from '@/ui/write-status';
import { useChangeEmail } from '../api/change-email';
import { validateEmailChange, type EmailChangeField } from '../validation';
import { describedBy, FieldError, refusalOf, type FieldProblem, type Message } from './form-parts';
import * as styles from './account.css';
import * as profile from './profile.css';

/** Refusals about the password; any other refusal is about the address. */
const PASSWORD_REFUSALS: readonly string[] = [
  PROFILE_MESSAGES.wrongPassword,
  PROFILE_MESSAGES.passwordRequired,
];

/**
 * Issue 16 point 8: a new e-mail address, with the current password. It changes once the link mailed
 * to it is opened; until then the account keeps its address.
 */
export function EmailForm({
  onSent,
  onFailed,
  onCancel,
}: {
  onSent: (message: string) => void;
  onFailed: (message: Message) => void;
  onCancel: () => void;
}) {
  const change = useChangeEmail();
  const [values, setValues] = useState({ newEmail: '', password: '' });
  const [problem, setProblem] = useState<FieldProblem<EmailChangeField> | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const emailErrorId = useId();
  const passwordErrorId = useId();
  const hintId = useId();
  const showInvalid = useShowFirstInvalid(form);

  const messageFor = (field: EmailChangeField) =>
    problem?.field === field ? problem.message : undefined;
  const set = (field: EmailChangeField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.busy) return;
    onFailed(null);
    const invalid = validateEmailChange(values);
    setProblem(invalid);
    if (invalid) return showInvalid();
    change.mutate(values, {
      onSuccess: ({ message }) => onSent(message),
      onError: (error) => {
        const refusal = refusalOf(error);
        if (!refusal) {
          onFailed({ kind: 'error', text: errorMessage(error, 'Failed to update profile') });
          return;
        }
        const field = PASSWORD_REFUSALS.includes(refusal) ? 'password' : 'newEmail';
        setProblem({ field, message: refusal });
        showInvalid();
      },
    });
  };

  const emailProblem = messageFor('newEmail');
  const passwordProblem = messageFor('password');
  return (
    <form ref={form} className={styles.form} onSubmit={onSubmit} noValidate>
      <p id={hintId} className={profile.hint}>
        We send a confirmation link to the new address. Your e-mail changes once you open it.
      </p>
      <TextField
        label="New Email"
        name="newEmail"
        type="email"
        autoComplete="email"
        required
        value={values.newEmail}
        onChange={set('newEmail')}
        aria-invalid={emailProblem ? true : undefined}
        aria-describedby={emailProblem ? `${emailErrorId} ${hintId}` : hintId}
      />
      <FieldError id={emailErrorId} message={emailProblem} />
      <PasswordField
        label="Current Password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={set('password')}
        {...describedBy(passwordErrorId, passwordProblem)}
      />
      <FieldError id={passwordErrorId} message={passwordProblem} />
      <WriteStatus write={change.inFlight} />
      <div className={styles.actions}>
        <Button type="submit" disabled={change.busy}>
          {change.busy ? 'Sending...' : 'Send confirmation link'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={change.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
