import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { AUTH_FALLBACK_MESSAGE, RESET_RESEND_SECONDS } from '@/shared/constants';
import { errorMessage } from '@/lib/error-message';
import { formatCountdown, useCountdown } from '@/lib/use-countdown';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { WriteStatus } from '@/ui/write-status';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '@/ui/auth-layout';
import * as styles from '@/ui/auth-layout.css';

/** /forgot-password: form, then "Reset link sent" with a 300-second resend countdown (spec §4). */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const { secondsLeft, start } = useCountdown();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  const send = () => {
    if (forgot.busy) return;
    forgot.mutate(
      { email },
      {
        onSuccess: () => {
          setSent(true);
          start(RESET_RESEND_SECONDS);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const backToLogin = (
    <Link to="/login" className={styles.link}>
      Back to login
    </Link>
  );

  if (sent) {
    return (
      <AuthLayout icon="success" title="Reset link sent" footer={backToLogin}>
        <div className={styles.form}>
          <p className={styles.centerText}>
            If an account exists for <strong>{email}</strong>, we sent a link to reset your
            password. Check your inbox and spam folder.
          </p>
          {forgot.isError ? (
            <ErrorBox>{errorMessage(forgot.error, AUTH_FALLBACK_MESSAGE)}</ErrorBox>
          ) : null}
          <p className={styles.centerText} aria-live="polite">
            {secondsLeft > 0 ? (
              <>
                You can request another link in{' '}
                <span className={styles.countdown}>{formatCountdown(secondsLeft)}</span>
              </>
            ) : (
              <>
                Didn&apos;t receive the email?{' '}
                <button
                  type="button"
                  className={styles.inlineButton}
                  onClick={send}
                  disabled={forgot.busy}
                >
                  try again
                </button>
              </>
            )}
          </p>
          <WriteStatus write={forgot.inFlight} />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot password?"
      subtitle="Enter your email and we'll send you a link to reset your password"
      footer={backToLogin}
    >
      <form className={styles.form} onSubmit={onSubmit}>
        {forgot.isError ? (
          <ErrorBox>{errorMessage(forgot.error, AUTH_FALLBACK_MESSAGE)}</ErrorBox>
        ) : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <WriteStatus write={forgot.inFlight} />
        <Button type="submit" block disabled={forgot.busy}>
          {forgot.busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
