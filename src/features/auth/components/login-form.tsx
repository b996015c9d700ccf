import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AUTH_FALLBACK_MESSAGE } from '@/shared/constants';
import type { PublicConfig } from '@/shared/contract/config';
import { SIGN_IN_LIMITED_CODE } from '@/shared/contract/login';
import { ApiError, isUnauthorized } from '@/lib/api';
import { errorMessage } from '@/lib/error-message';
import { ErrorBox } from '@/ui/alert';
import { Button, buttonClass } from '@/ui/button';
import { Checkbox, PasswordField, TextField } from '@/ui/field';
import { useLogin } from '../api/login';
import { PASSKEY_SIGN_IN_FAILED, usePasskeySignIn } from '../api/passkey-sign-in';
import { AuthLayout } from '@/ui/auth-layout';
import { RegisterLink } from './register-link';
import * as styles from '@/ui/auth-layout.css';

// Issue 16: only a sign-in that asks for a second factor loads its form.
const SecondFactorForm = lazy(async () => ({
  default: (await import('./second-factor-form')).SecondFactorForm,
}));
// Issue 32: only a sign-in held back by the account-wide limit loads the offer of a mailed link.
const EmailSignInOffer = lazy(async () => ({
  default: (await import('./email-sign-in-offer')).EmailSignInOffer,
}));

/** /login: e-mail and password (spec §2). */
export function LoginForm({ config }: { config: PublicConfig }) {
  const navigate = useNavigate();
  const login = useLogin();
  // Wrong credentials concern both fields: each is marked invalid and described by the message (a
  // limit or a lost connection concerns neither).
  const errorId = useId();
  const refused = login.isError && isUnauthorized(login.error) ? errorId : undefined;
  const heldBack = login.error instanceof ApiError && login.error.code === SIGN_IN_LIMITED_CODE;
  const passkey = usePasskeySignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Issue 31: signed in, a button stays pressed until the dashboard is drawn (a late second tap
  // would start a second session).
  const signingIn = login.isPending || login.isSuccess;
  const passkeyBusy = passkey.isPending || passkey.isSuccess;

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
        {heldBack ? (
          <Suspense fallback={null}>
            <EmailSignInOffer email={email} />
          </Suspense>
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
        <Button type="submit" block disabled={signingIn}>
          {signingIn ? 'Signing in...' : 'Sign In'}
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
          disabled={passkeyBusy}
          onClick={() => {
            login.reset();
            passkey.mutate(undefined, {
              onSuccess: () => void navigate({ to: '/dashboard', replace: true }),
            });
          }}
        >
          {passkeyBusy ? 'Waiting for your passkey...' : 'Use a passkey'}
        </Button>
      </form>
    </AuthLayout>
  );
}
