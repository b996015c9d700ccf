import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AUTH_FALLBACK_MESSAGE } from '../../../shared/constants';
import type { PublicConfig } from '../../../shared/contract/config';
import { errorMessage, isUnauthorized } from '../../../lib/api';
import { ErrorBox } from '../../../ui/alert';
import { Button, buttonClass } from '../../../ui/button';
import { Checkbox, PasswordField, TextField } from '../../../ui/field';
import { useLogin } from '../api/login';
import { PASSKEY_SIGN_IN_FAILED, usePasskeySignIn } from '../api/passkey-sign-in';
import { AuthLayout } from './auth-layout';
import { RegisterLink } from './register-link';
import * as styles from './auth-layout.css';

// Issue 16: only a sign-in that asks for a second factor loads its form.
const SecondFactorForm = lazy(async () => ({
  default: (await import('./second-factor-form')).SecondFactorForm,
}));

/** /login: e-mail and password (spec §2). */
export function LoginForm({ config }: { config: PublicConfig }) {
  const navigate = useNavigate();
  const login = useLogin();
  // Wrong credentials concern both fields: each is marked invalid and described by the message (a
  // limit or a lost connection concerns neither).
  const errorId = useId();
  const refused = login.isError && isUnauthorized(login.error) ? errorId : undefined;
  const passkey = usePasskeySignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password },
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
    <AuthLayout title="Welcome back" subtitle="Sign in to your account" footer={<RegisterLink />}>
      <form className={styles.form} onSubmit={onSubmit}>
        {login.isError ? (
          <ErrorBox id={errorId}>{errorMessage(login.error, AUTH_FALLBACK_MESSAGE)}</ErrorBox>
        ) : passkey.isError ? (
          <ErrorBox>{errorMessage(passkey.error, PASSKEY_SIGN_IN_FAILED)}</ErrorBox>
        ) : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          errorId={refused}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
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
          <Link to="/forgot-password" className={styles.link}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
        <div className={styles.divider}>or</div>
        <Link
          to="/login/$product"
          params={{ product: config.partnerSlug }}
          className={buttonClass('secondary', true)}
        >
          Sign in with {config.partnerName}
        </Link>
        <Button
          variant="secondary"
          block
          disabled={passkey.isPending}
          onClick={() => {
            login.reset();
            passkey.mutate(undefined, {
              onSuccess: () => void navigate({ to: '/dashboard', replace: true }),
            });
          }}
        >
          {passkey.isPending ? 'Waiting for your passkey...' : 'Use a passkey'}
        </Button>
      </form>
    </AuthLayout>
  );
}
