import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '@/lib/error-message';
import { MIN_PASSWORD_LENGTH } from '@/shared/rules/account';
import { SuccessBox } from '@/ui/status-boxes';
import { Button, buttonClass } from '@/ui/button';
import { useShowFirstInvalid } from '@/ui/show-first-invalid';
import { WriteStatus } from '@/ui/write-status';
import { useSetPassword } from '../api/set-password';
import { AuthLayout } from '@/ui/auth-layout';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import { validateNewPassword } from '@/features/auth/validation';
import * as account from './account.css';
import * as styles from './profile.css';

/**
 * /account/set-password/{token}: the link mailed to an account made by partner login (issue 16
 * point 8). Sets its first password, by the rules of a reset (spec §5); no session ends.
 */
export function SetPasswordForm({ token }: { token: string }) {
  const set = useSetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const showInvalid = useShowFirstInvalid(form);
  const hintId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (set.busy) return;
    const invalid = validateNewPassword({ password, confirmPassword });
    setProblem(invalid);
    if (invalid) return showInvalid();
    set.mutate({ token, newPassword: password });
  };

  if (set.isSuccess) {
    return (
      <AuthLayout icon="success" title="Password set">
        <div className={account.form}>
          <SuccessBox>{set.data.message}</SuccessBox>
          <Link to="/login" className={buttonClass('primary', true)}>
            Go to login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const shown =
    problem ??
    (set.isError ? errorMessage(set.error, 'Failed to set the password. Please try again.') : null);
  return (
    <AuthLayout title="Set a password">
      <form ref={form} className={account.form} onSubmit={onSubmit} noValidate>
        <p id={hintId} className={styles.centerText}>
          {`Choose a password of at least ${MIN_PASSWORD_LENGTH} characters, to sign in with your e-mail too.`}
        </p>
        <NewPasswordFields
          problem={shown}
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmPasswordChange={setConfirmPassword}
          describedBy={hintId}
        />
        <WriteStatus write={set.inFlight} />
        <Button type="submit" block disabled={set.busy}>
          {set.busy ? 'Saving...' : 'Set Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
