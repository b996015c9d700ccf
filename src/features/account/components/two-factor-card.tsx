import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/error-message';
import { ErrorBox } from '@/ui/alert';
import { SuccessBox } from '@/ui/status-boxes';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { CopyButton } from '@/ui/copy-button';
import { PasswordField, TextField } from '@/ui/field';
import { WriteStatus } from '@/ui/write-status';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSetUpTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';
import * as styles from './account.css';
import * as local from './two-factor.css';

/**
 * Two-factor sign-in on /account (issue 16): set up with a QR code and a first code, ten recovery
 * codes shown once, turned off with the password and a code.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const setUp = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  // Issue 17: a refusal marks the field it is about (the code, or the password), described by it.
  const disableErrorId = useId();
  const enableErrorId = useId();
  const refusal = (error: unknown) => errorMessage(error, '');
  const disableAbout = (field: 'code' | 'password') => {
    const message = disable.isError ? refusal(disable.error) : '';
    const about = field === 'code' ? /^The code/.test(message) : /password/i.test(message);
    return about ? disableErrorId : undefined;
  };
  const enableAbout = enable.isError && /^The code/.test(refusal(enable.error));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [turningOff, setTurningOff] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const codesHeading = useRef<HTMLHeadingElement>(null);

  const recoveryCodes = enable.data?.recoveryCodes;
  // The codes replace the form the user typed in: the focus goes to them.
  useEffect(() => {
    if (recoveryCodes) codesHeading.current?.focus();
  }, [recoveryCodes]);

  if (status.isPending) return <Card title="Two-factor sign-in">Loading...</Card>;
  if (status.isError) {
    // Not an alert: the page's own feedback is the one alert of /account.
    return (
      <Card title="Two-factor sign-in">
        <div className={styles.stack}>
          <p className={styles.muted}>
            {errorMessage(status.error, 'Failed to load two-factor sign-in')}
          </p>
          <div>
            <Button variant="secondary" onClick={() => void status.refetch()}>
              Try Again
            </Button>
          </div>
        </div>
      </Card>
    );
  }
  const { enabled, recoveryCodesLeft, hasPassword } = status.data;

  const start = () => {
    setDone(null);
    setCode('');
    enable.reset();
    setUp.mutate(undefined);
  };

  const onEnable = (event: FormEvent) => {
    event.preventDefault();
    if (!enable.busy) enable.mutate(code, { onSuccess: () => setUp.reset() });
  };

  const onDisable = (event: FormEvent) => {
    event.preventDefault();
    if (disable.busy) return;
    disable.mutate(
      { code, ...(hasPassword ? { password } : {}) },
      {
        onSuccess: (answer) => {
          setDone(answer.message);
          setTurningOff(false);
          setCode('');
          setPassword('');
        },
      },
    );
  };

  if (recoveryCodes) {
    return (
      <Card title="Two-factor sign-in">
        <div className={styles.stack}>
          <SuccessBox>{enable.data?.message}</SuccessBox>
          <h3 ref={codesHeading} tabIndex={-1}>
            Your recovery codes
          </h3>
          <p className={styles.muted}>
            Each code signs you in once when you do not have your phone. They are shown only now:
            save them in a password manager or print them.
          </p>
          <ul className={local.codes} aria-label="Recovery codes">
            {recoveryCodes.map((recovery) => (
              <li key={recovery} className={local.code}>
                {recovery}
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <CopyButton value={recoveryCodes.join('\n')} label="Copy codes" />
            <Button variant="secondary" onClick={() => enable.reset()}>
              I saved my codes
            </Button>
          </div>
        </div>
      </Card>
    );
  }

  return (
    <Card title="Two-factor sign-in">
      <div className={styles.stack}>
        {done ? <SuccessBox>{done}</SuccessBox> : null}
        {enabled ? (
          <>
            <p>
              <strong>On.</strong> Every sign-in asks for a code from your authenticator app.
              Recovery codes left: {recoveryCodesLeft}.
            </p>
            {turningOff ? (
              <form className={styles.form} onSubmit={onDisable} noValidate>
                {disable.isError ? (
                  <ErrorBox id={disableErrorId}>
                    {errorMessage(disable.error, 'Failed to turn off two-factor sign-in')}
                  </ErrorBox>
                ) : null}
                {hasPassword ? (
                  <PasswordField
                    label="Current Password"
                    name="password"
                    autoComplete="current-password"
                    errorId={disableAbout('password')}
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                ) : null}
                <TextField
                  label="Authentication code or recovery code"
                  name="code"
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  spellCheck={false}
                  errorId={disableAbout('code')}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
                <WriteStatus write={disable.inFlight} />
                <div className={styles.actions}>
                  <Button type="submit" variant="danger" disabled={disable.busy}>
                    {disable.busy ? 'Turning off...' : 'Turn off two-factor sign-in'}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      disable.reset();
                      setTurningOff(false);
                    }}
                    disabled={disable.busy}
                  >
                    Cancel
                  </Button>
                </div>
              </form>
            ) : (
              <div>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setDone(null);
                    setCode('');
                    setTurningOff(true);
                  }}
                >
                  Turn off
                </Button>
              </div>
            )}
          </>
        ) : setUp.data ? (
          <form className={styles.form} onSubmit={onEnable} noValidate>
            <p>
              Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…),
              then enter the 6-digit code it shows.
            </p>
            <img
              className={local.qr}
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setUp.data.qrSvg)}`}
              alt="QR code to add PromoClicks to your authenticator app"
              width={200}
              height={200}
            />
            <p className={styles.muted}>
              Cannot scan it? Enter this key in the app:{' '}
              <span className={local.secret}>{setUp.data.secret}</span>
            </p>
            {enable.isError ? (
              <ErrorBox id={enableErrorId}>
                {errorMessage(enable.error, 'Failed to turn on two-factor sign-in')}
              </ErrorBox>
            ) : null}
            <TextField
              label="6-digit code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              errorId={enableAbout ? enableErrorId : undefined}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <WriteStatus write={enable.inFlight} />
            <div className={styles.actions}>
              <Button type="submit" disabled={enable.busy}>
                {enable.busy ? 'Checking...' : 'Turn on'}
              </Button>
              <Button variant="secondary" onClick={() => setUp.reset()} disabled={enable.busy}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <>
            <p className={styles.muted}>
              Off. Add a second step to every sign-in: a code from an authenticator app on your
              phone, so a stolen password alone cannot open your account.
            </p>
            {setUp.isError ? (
              <ErrorBox>{errorMessage(setUp.error, 'Failed to start the set-up')}</ErrorBox>
            ) : null}
            <div>
              <Button onClick={start} disabled={setUp.busy}>
                {setUp.busy ? 'Preparing...' : 'Set up two-factor sign-in'}
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
