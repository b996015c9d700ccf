import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PROFILE_MESSAGES } from '@/shared/contract/profile';
import { isUnauthorized } from '@/lib/api';
import { errorMessage } from '@/lib/error-message';
import { buttonClass } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { WriteStatus } from '@/ui/write-status';
import { confirmEmailQueryOptions, useConfirmEmailInFlight } from '../api/confirm-email';
import { showSavedUser } from '../api/saved-user';
import { AuthLayout } from '@/ui/auth-layout';
import * as account from './account.css';
import * as styles from './profile.css';

/**
 * /account/confirm-email/{token}: the link of the change-email mail (issue 16 point 8). It works in a
 * browser signed in to the account that asked; elsewhere it asks to sign in and open it again.
 */
export function ConfirmEmail({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const confirmation = useQuery(confirmEmailQueryOptions(token));
  const inFlight = useConfirmEmailInFlight();
  const user = confirmation.data?.user;

  useEffect(() => {
    if (user) showSavedUser(queryClient, user);
  }, [user, queryClient]);

  if (confirmation.isPending) {
    return (
      <AuthLayout title="Confirming your new e-mail">
        <Spinner label="Confirming..." />
        <WriteStatus write={inFlight} />
      </AuthLayout>
    );
  }

  const toAccount = (
    <Link to="/account" className={buttonClass('primary', true)}>
      Go to your account
    </Link>
  );

  if (confirmation.isError) {
    const signedOut = isUnauthorized(confirmation.error);
    return (
      <AuthLayout icon="error" title={signedOut ? 'Sign in to confirm' : 'E-mail not changed'}>
        <div className={account.form}>
          <p className={styles.centerText}>
            {signedOut
              ? 'Sign in to your account to confirm your new e-mail address, then open the link in the mail again.'
              : errorMessage(confirmation.error, PROFILE_MESSAGES.invalidEmailLink)}
          </p>
          {signedOut ? (
            <Link to="/login" className={buttonClass('primary', true)}>
              Go to login
            </Link>
          ) : (
            toAccount
          )}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout icon="success" title="E-mail address changed">
      <div className={account.form}>
        <p className={styles.centerText}>{confirmation.data.message}</p>
        {toAccount}
      </div>
    </AuthLayout>
  );
}
