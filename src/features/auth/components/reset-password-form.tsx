import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/api';
import { ErrorBox, SuccessBox } from '../../../ui/alert';
import { Button, buttonClass } from '../../../ui/button';
import { PasswordField } from '../../../ui/field';
import { WriteStatus } from '../../../ui/write-status';
import { useResetPassword } from '../api/reset-password';
import { fieldOfProblem, validateNewPassword } from '../validation';
import { AuthLayout } from './auth-layout';
import * as styles from './auth-layout.css';

/** The form of a working reset link (spec §5, §8); reset-password-page.tsx checks the link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The field the message is about is marked invalid and described by it (issue 17).
  const errorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.busy) return;
    const invalid = validateNewPassword({ password, confirmPassword });
    setProblem(invalid);
    if (invalid) return;
    reset.mutate({ resetPasswordToken: token, newPassword: password });
  };

  if (reset.isSuccess) {
    return (
      <AuthLayout icon="success" title="Password reset">
        <div className={styles.form}>
          <SuccessBox>{reset.data.message}</SuccessBox>
          <Link to="/login" className={buttonClass('primary', true)}>
            Go to login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const shown =
    problem ??
    (reset.isError
      ? errorMessage(reset.error, 'Failed to reset password. Please try again.')
      : null);
  const invalid = (name: string) => (shown && fieldOfProblem(shown) === name ? errorId : undefined);

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a password of at least 8 characters"
      footer={
        <Link to="/login" className={styles.link}>
          Back to login
        </Link>
      }
    >
      <form className={styles.form} onSubmit={onSubmit}>
        {shown ? <ErrorBox id={errorId}>{shown}</ErrorBox> : null}
        <PasswordField
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          required
          errorId={invalid('password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          errorId={invalid('confirmPassword')}
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <WriteStatus write={reset.inFlight} />
        <Button type="submit" block disabled={reset.busy}>
          {reset.busy ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
