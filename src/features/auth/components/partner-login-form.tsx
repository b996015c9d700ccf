import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AUTH_FALLBACK_MESSAGE } from '@/shared/constants';
import type { PublicConfig } from '@/shared/contract/config';
import { isUnauthorized } from '@/lib/api';
import { errorMessage } from '@/lib/error-message';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox, PasswordField, TextField } from '@/ui/field';
import { useLoginWithPartner } from '../api/login-with-partner';
import { AuthLayout } from '@/ui/auth-layout';
import { RegisterLink } from './register-link';
import * as styles from '@/ui/auth-layout.css';

// Issue 16: only a sign-in that asks for a second factor loads its form.
const SecondFactorForm = lazy(async () => ({
  default: (await import('./second-factor-form')).SecondFactorForm,
}));

/** `/` and /login/{product}: sign in with the partner-site account (design §3). */
export function PartnerLoginForm({ config }: { config: PublicConfig }) {
  const navigate = useNavigate();
  const login = useLoginWithPartner(config.partnerSlug);
  // Wrong credentials concern both fields (issue 17); a limit or a lost connection neither.
  const errorId = useId();
  const refused = login.isError && isUnauthorized(login.error) ? errorId : undefined;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Issue 31: signed in, Sign In stays pressed until the dashboard is drawn.
  const signingIn = login.isPending || login.isSuccess;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { username, password },
      {
        onSuccess: (answer) => {
          if ('user' in answer) void navigate({ to: '/dashboard', replace: true });
        },
      },
    );
  };

  if (login.data && 'secondFactor' in login.data) {
    return (
      <Suspense fallback={null}>
        <SecondFactorForm challenge={login.data} onCancel={() => login.reset()} />
      </Suspense>
    );
  }

  return (
    <AuthLayout
      title="Sign in"
      subtitle={`Use your ${config.partnerName} account`}
      footer={
        <>
          <RegisterLink />
          <p>
            Registered with an e-mail?{' '}
            <Link to="/login" className={styles.link}>
              Sign in with e-mail
            </Link>
          </p>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit}>
        {login.isError ? (
          <ErrorBox id={errorId}>{errorMessage(login.error, AUTH_FALLBACK_MESSAGE)}</ErrorBox>
        ) : null}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          required
          errorId={refused}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          errorId={refused}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className={styles.row}>
          <Checkbox name="remember">Remember me</Checkbox>
          <a
            href={config.links.partnerForgotPassword}
            className={styles.link}
            target="_blank"
            rel="noopener noreferrer"
          >
            Forgot password?
          </a>
        </div>
        <Button type="submit" block disabled={signingIn}>
          {signingIn ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
