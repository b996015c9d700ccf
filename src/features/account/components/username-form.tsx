import { useId, useRef, useState, type FormEvent } from 'react';
import { PROFILE_MESSAGES } from '@/shared/contract/profile';
import { usernameProblem } from '@/shared/rules/account';
import { errorMessage } from '@/lib/error-message';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { useShowFirstInvalid } from '@/ui/show-first-invalid';
import { WriteStatus } from '@/ui/write-status';
import { useUpdateUsername } from '../api/update-username';
import { describedBy, FieldError, refusalOf, type FieldProblem, type Message } from './form-parts';
import * as styles from './account.css';

/** The profile's edit mode (spec §2 Account): the username, saved by the server. */
export function UsernameForm({
  username,
  onSaved,
  onFailed,
  onCancel,
}: {
  username: string;
  onSaved: (message: string) => void;
  /** A failure that is not about the name typed (offline, too many tries, the server's fault). */
  onFailed: (message: Message) => void;
  onCancel: () => void;
}) {
  const save = useUpdateUsername();
  const [value, setValue] = useState(username);
  const [problem, setProblem] = useState<FieldProblem<'username'> | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();
  const showInvalid = useShowFirstInvalid(form);

  const refuse = (message: string) => {
    setProblem({ field: 'username', message });
    showInvalid();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.busy) return;
    onFailed(null);
    const invalid = usernameProblem(value);
    if (invalid) return refuse(invalid);
    setProblem(null);
    save.mutate(value.trim(), {
      onSuccess: ({ message }) => onSaved(message ?? PROFILE_MESSAGES.usernameSaved),
      onError: (error) => {
        const refusal = refusalOf(error);
        if (refusal) refuse(refusal);
        else onFailed({ kind: 'error', text: errorMessage(error, 'Failed to update profile') });
      },
    });
  };

  return (
    <form ref={form} className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
        {...describedBy(errorId, problem?.message)}
      />
      <FieldError id={errorId} message={problem?.message} />
      <WriteStatus write={save.inFlight} />
      <div className={styles.actions}>
        <Button type="submit" disabled={save.busy}>
          {save.busy ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={save.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
