import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError } from '@/lib/api';
import { buttonClass } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { resetLinkQueryOptions } from '../api/check-reset-link';
import { AuthLayout } from '@/ui/auth-layout';
import { ResetPasswordForm } from './reset-password-form';
import * as styles from '@/ui/auth-layout.css';

/**
 * /reset-password/{token} (spec §2): the link is checked as the page opens (issue 17), so that a
 * used, expired or replaced one says so at once instead of after both passwords are typed. When it
 * cannot be checked (offline, the server unreachable, too many checks) the form shows, and the reset
 * itself answers.
 */
export function ResetPasswordPage({ token }: { token: string }) {
  const link = useQuery(resetLinkQueryOptions(token));
  // An answer restored from the persisted cache is an earlier visit's: this one waits for its own.
  if (link.isPending || !link.isFetchedAfterMount) {
    return (
      <AuthLayout title="Set a new password">
        <Spinner label="Checking the link..." />
      </AuthLayout>
    );
  }
  if (link.error instanceof ApiError && link.error.status === 400) return <InvalidResetLink />;
  return <ResetPasswordForm token={token} />;
}

function InvalidResetLink() {
  return (
    <AuthLayout
      icon="error"
      title="Invalid reset link"
      footer={
        <Link to="/login" className={styles.link}>
          Back to login
        </Link>
      }
    >
      <div className={styles.form}>
        <p className={styles.centerText}>The reset link is invalid or has expired</p>
        <p className={styles.centerText}>
          A reset link works once, for 1 hour. Using one ends the others sent with it.
        </p>
        <Link to="/forgot-password" className={buttonClass('primary', true)}>
          Request a new link
        </Link>
      </div>
    </AuthLayout>
  );
}
