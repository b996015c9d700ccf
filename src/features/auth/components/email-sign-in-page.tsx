import { lazy, Suspense } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { EMAIL_SIGN_IN_MESSAGES } from '@/shared/contract/email-sign-in';
import { errorMessage } from '@/lib/error-message';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { WriteStatus } from '@/ui/write-status';
import { useEmailSignIn } from '../api/email-sign-in';
import { AuthLayout } from '@/ui/auth-layout';
import * as styles from '@/ui/auth-layout.css';

const SecondFactorForm = lazy(async () => ({
  default: (await import('./second-factor-form')).SecondFactorForm,
}));

/**
 * /account/sign-in/{token} (issue 32): the mailed sign-in link. It signs in when its button is
 * pressed, not as the page opens: a mail scanner that opens links must not spend it.
 */
export function EmailSignInPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const signIn = useEmailSignIn();

  if (signIn.data && 'secondFactor' in signIn.data) {
    return (
      <Suspense fallback={null}>
        <SecondFactorForm
          challenge={signIn.data}
          onCancel={() => void navigate({ to: '/login', replace: true })}
        />
      </Suspense>
    );
  }

  const backToLogin = (
    <Link to="/login" className={styles.link}>
      Back to login
    </Link>
  );

  return (
    <AuthLayout
      title="Sign in with your link"
      subtitle="This link signs you in once, within 15 minutes of being sent."
      footer={backToLogin}
    >
      <div className={styles.form}>
        {signIn.isError ? (
          <ErrorBox>{errorMessage(signIn.error, EMAIL_SIGN_IN_MESSAGES.invalidLink)}</ErrorBox>
        ) : null}
        <Button
          block
          disabled={signIn.busy || signIn.isSuccess}
          onClick={() =>
            signIn.mutate(token, {
              onSuccess: (answer) => {
                if ('user' in answer) void navigate({ to: '/dashboard', replace: true });
              },
            })
          }
        >
          {signIn.busy || signIn.isSuccess ? 'Signing in...' : 'Sign in'}
        </Button>
        <WriteStatus write={signIn.inFlight} />
      </div>
    </AuthLayout>
  );
}
