import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { SecondFactorChallenge } from '../../../shared/contract/login';
import { errorMessage } from '../../../lib/api';
import { ErrorBox } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import { useLoginSecondFactor } from '../api/login-second-factor';
import { AuthLayout } from './auth-layout';
import * as styles from './auth-layout.css';

/**
 * The second step of a sign-in with two-factor sign-in on (issue 16): a code from the authenticator
 * app or a recovery code. Loaded only when a sign-in asks for it.
 */
export function SecondFactorForm({
  challenge,
  onCancel,
}: {
  challenge: SecondFactorChallenge;
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const verify = useLoginSecondFactor();
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    verify.mutate(code, {
      onSuccess: () => void navigate({ to: '/dashboard', replace: true }),
    });
  };

  return (
    <AuthLayout title="Two-factor sign-in" subtitle={challenge.message}>
      <form className={styles.form} onSubmit={onSubmit}>
        {verify.isError ? (
          <ErrorBox>{errorMessage(verify.error, 'The code could not be checked.')}</ErrorBox>
        ) : null}
        <TextField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="none"
          spellCheck={false}
          // The page changed under the user: the field they now need takes the focus.
          autoFocus
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" block disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <Button variant="secondary" block onClick={onCancel} disabled={verify.isPending}>
          Back to sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
