import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { WriteStatus } from '@/ui/write-status';
import { VERIFICATION_MESSAGES } from '@/shared/contract/verification';
import { authQueryKey, useAuthUser } from '@/entities/session/api/check-auth';
import { useVerifyEmailInFlight, verifyEmailQueryOptions } from '../api/verify-email';
import { AuthLayout } from '@/ui/auth-layout';
import * as styles from '@/ui/auth-layout.css';

/**
 * /account/verification/{token}: loading, then success or invalid (spec §4), or, for an account
 * verified before, that it is (issue 17).
 */
export function VerifyEmail({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const verification = useQuery(verifyEmailQueryOptions(token));
  const inFlight = useVerifyEmailInFlight();

  useEffect(() => {
    // The unverified banner reads isVerified from the auth check.
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: authQueryKey });
  }, [verification.isSuccess, queryClient]);

  // An answer restored from the persisted cache is an earlier visit's: this one waits for its own.
  if (verification.isPending || !verification.isFetchedAfterMount) {
    return (
      <AuthLayout title="Verifying your account">
        <Spinner label="Verifying..." />
        <WriteStatus write={inFlight} />
      </AuthLayout>
    );
  }

  const goToLogin = (
    <Link to="/login" className={buttonClass('primary', true)}>
      Go to login
    </Link>
  );

  if (verification.isError) {
    return (
      <AuthLayout icon="error" title="Invalid verification code">
        <div className={styles.form}>
          <p className={styles.centerText}>The verification link is invalid or has expired</p>
          {goToLogin}
        </div>
      </AuthLayout>
    );
  }

  if (verification.data.alreadyVerified) return <AlreadyVerified />;

  return (
    <AuthLayout icon="success" title="Account verified successfully!">
      <div className={styles.form}>
        <p className={styles.centerText}>You can now login to your account</p>
        {goToLogin}
      </div>
    </AuthLayout>
  );
}

/** Issue 17: a link opened again, or a second link, of an account verified before. */
function AlreadyVerified() {
  const signedIn = Boolean(useAuthUser());
  return (
    <AuthLayout icon="success" title={VERIFICATION_MESSAGES.alreadyVerified}>
      <div className={styles.form}>
        <p className={styles.centerText}>There is no need to verify it again.</p>
        {signedIn ? (
          <Link to="/dashboard" className={buttonClass('primary', true)}>
            Go to dashboard
          </Link>
        ) : (
          <Link to="/login" className={buttonClass('primary', true)}>
            Go to login
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}
