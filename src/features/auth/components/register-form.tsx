import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AUTH_FALLBACK_MESSAGE } from '@/shared/constants';
import type { PublicConfig } from '@/shared/contract/config';
import { errorMessage } from '@/lib/error-message';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox, PasswordField, TextField } from '@/ui/field';
import { useShowFirstInvalid } from '@/ui/show-first-invalid';
import { WriteStatus } from '@/ui/write-status';
import { useRegister } from '../api/register';
import {
  PASSWORD_RULE,
  fieldOfProblem,
  passwordAsTypedProblem,
  validateRegistration,
} from '../validation';
import { AuthLayout } from '@/ui/auth-layout';
import * as styles from '@/ui/auth-layout.css';

const empty = { username: '', email: '', password: '', confirmPassword: '' };

/** /register (spec §2, §5). */
export function RegisterForm({ config }: { config: PublicConfig }) {
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState(empty);
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const showInvalid = useShowFirstInvalid(form);

  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (register.busy) return;
    const invalid = validateRegistration({ ...values, agreeTerms });
    setProblem(invalid);
    if (invalid) return showInvalid();
    register.mutate(
      { ...values, agreeTerms: true },
      {
        // The dashboard says the server's message ("…check your email…"): issue 13.
        onSuccess: ({ message }) =>
          void navigate({ to: '/dashboard', replace: true, state: { successMessage: message } }),
      },
    );
  };

  // Issue 32: the password's containment of the names is said as typed.
  const shown =
    passwordAsTypedProblem(values) ??
    problem ??
    (register.isError ? errorMessage(register.error, AUTH_FALLBACK_MESSAGE) : null);
  // The field the message is about is marked invalid and described by it (issue 17).
  const errorId = useId();
  const invalid = (name: string) => (shown && fieldOfProblem(shown) === name ? errorId : undefined);

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start promoting creator profiles in minutes"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={styles.link}>
            Sign in
          </Link>
        </>
      }
    >
      <form ref={form} className={styles.form} onSubmit={onSubmit}>
        {shown ? <ErrorBox id={errorId}>{shown}</ErrorBox> : null}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          required
          errorId={invalid('username')}
          value={values.username}
          onChange={set('username')}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          errorId={invalid('email')}
          value={values.email}
          onChange={set('email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_RULE}
          errorId={invalid('password')}
          value={values.password}
          onChange={set('password')}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          errorId={invalid('confirmPassword')}
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <Checkbox
          name="agreeTerms"
          required
          aria-invalid={invalid('agreeTerms') ? true : undefined}
          aria-describedby={invalid('agreeTerms')}
          checked={agreeTerms}
          onChange={(event) => setAgreeTerms(event.target.checked)}
        >
          I agree to the{' '}
          <a
            href={config.links.terms}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.link}
          >
            Terms of Service
          </a>{' '}
          and{' '}
          <a
            href={config.links.privacy}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.link}
          >
            Privacy Policy
          </a>
        </Checkbox>
        <WriteStatus write={register.inFlight} />
        <Button type="submit" block disabled={register.busy}>
          {register.busy ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
