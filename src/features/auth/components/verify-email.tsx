import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { WriteStatus } from '../../../ui/write-status';
import { authQueryKey } from '../api/check-auth';
import { useVerifyEmailInFlight, verifyEmailQueryOptions } from '../api/verify-email';
import { AuthLayout } from './auth-layout';
import * as styles from './auth-layout.css';

/** /account/verification/{token}: loading, then success or invalid (spec §4). */
export function VerifyEmail({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const verification = useQuery(verifyEmailQueryOptions(token));
  const inFlight = useVerifyEmailInFlight();

  useEffect(() => {
    // The unverified banner reads isVerified from the auth check.
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: authQueryKey });
  }, [verification.isSuccess, queryClient]);

  if (verification.isPending) {
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

  return (
    <AuthLayout icon="success" title="Account verified successfully!">
      <div className={styles.form}>
        <p className={styles.centerText}>You can now login to your account</p>
        {goToLogin}
      </div>
    </AuthLayout>
  );
}
