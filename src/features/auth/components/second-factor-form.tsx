import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { SecondFactorChallenge } from '@/shared/contract/login';
import { isUnauthorized } from '@/lib/api';
import { errorMessage } from '@/lib/error-message';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { useLoginSecondFactor } from '../api/login-second-factor';
import { PASSKEY_SIGN_IN_FAILED, usePasskeySignIn } from '../api/passkey-sign-in';
import { AuthLayout } from '@/ui/auth-layout';
import * as styles from '@/ui/auth-layout.css';

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
  const passkey = usePasskeySignIn();
  // Issue 31: signed in, the buttons stay pressed until the dashboard is drawn.
  const busy = verify.isPending || passkey.isPending || verify.isSuccess || passkey.isSuccess;
  const toDashboard = () => void navigate({ to: '/dashboard', replace: true });
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    passkey.reset();
    verify.mutate(code, { onSuccess: toDashboard });
  };

  // A refused code marks its field invalid, described by the message (issue 17).
  const errorId = useId();
  const refused = verify.isError && isUnauthorized(verify.error) ? errorId : undefined;

  return (
    <AuthLayout title="Two-factor sign-in" subtitle={challenge.message}>
      <form className={styles.form} onSubmit={onSubmit}>
        {verify.isError ? (
          <ErrorBox id={errorId}>
            {errorMessage(verify.error, 'The code could not be checked.')}
          </ErrorBox>
        ) : passkey.isError ? (
          <ErrorBox>{errorMessage(passkey.error, PASSKEY_SIGN_IN_FAILED)}</ErrorBox>
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
          errorId={refused}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" block disabled={busy}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        {challenge.secondFactor.passkey ? (
          <Button
            variant="secondary"
            block
            disabled={busy}
            onClick={() => {
              verify.reset();
              passkey.mutate(undefined, { onSuccess: toDashboard });
            }}
          >
            {passkey.isPending ? 'Waiting for your passkey...' : 'Use a passkey instead'}
          </Button>
        ) : null}
        <Button variant="secondary" block onClick={onCancel} disabled={busy}>
          Back to sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
