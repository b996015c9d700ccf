import { useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '@/lib/error-message';
import { MIN_PASSWORD_LENGTH } from '@/shared/rules/account';
import { SuccessBox } from '@/ui/status-boxes';
import { Button, buttonClass } from '@/ui/button';
import { useShowFirstInvalid } from '@/ui/show-first-invalid';
import { WriteStatus } from '@/ui/write-status';
import { useResetPassword } from '../api/reset-password';
import { validateNewPassword } from '../validation';
import { AuthLayout } from '@/ui/auth-layout';
import { NewPasswordFields } from './new-password-fields';
import * as styles from '@/ui/auth-layout.css';

/** The form of a working reset link (spec §5, §8); reset-password-page.tsx checks the link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const showInvalid = useShowFirstInvalid(form);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.busy) return;
    const invalid = validateNewPassword({ password, confirmPassword });
    setProblem(invalid);
    if (invalid) return showInvalid();
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

  return (
    <AuthLayout
      title="Set a new password"
      subtitle={`Choose a password of at least ${MIN_PASSWORD_LENGTH} characters`}
      footer={
        <Link to="/login" className={styles.link}>
          Back to login
        </Link>
      }
    >
      <form ref={form} className={styles.form} onSubmit={onSubmit}>
        <NewPasswordFields
          problem={shown}
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmPasswordChange={setConfirmPassword}
        />
        <WriteStatus write={reset.inFlight} />
        <Button type="submit" block disabled={reset.busy}>
          {reset.busy ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
