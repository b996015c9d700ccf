import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/error-message';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { PasswordField, TextField } from '@/ui/field';
import { WriteStatus } from '@/ui/write-status';
import { useConfirmIdentity } from '../api/confirm-identity';
import { useAccountSecurity } from '../api/get-account-security';
import { useTwoFactorStatus } from '../api/two-factor';
import * as styles from './account.css';

/**
 * "Confirm it's you" (issue 32 point 8): the password (an account made by partner login without
 * one: its partner password), or a current code when two-factor sign-in is on. `onDone(true)` once
 * the server took it; `onDone(false)` when closed without.
 */
export function ConfirmIdentityDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const confirm = useConfirmIdentity();
  const security = useAccountSecurity();
  const twoFactor = useTwoFactorStatus();
  const errorId = useId();
  const codeOn = twoFactor.data?.enabled === true;
  const partnerName = security.data?.hasPassword === false ? security.data.partnerName : null;
  const [useCode, setUseCode] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const withCode = useCode && codeOn;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.busy) return;
    confirm.mutate(withCode ? { code } : { password }, { onSuccess: () => onDone(true) });
  };
  const switchTo = (codeNext: boolean) => {
    confirm.reset();
    setUseCode(codeNext);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !confirm.busy) onDone(false);
      }}
      title="Confirm it's you"
      description="Changes to how you sign in need a fresh proof that it is you. You will not be asked again for 10 minutes."
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {confirm.isError ? (
          <ErrorBox id={errorId}>
            {errorMessage(confirm.error, "Could not confirm it's you")}
          </ErrorBox>
        ) : null}
        {withCode ? (
          <TextField
            label="Authentication code or recovery code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            errorId={confirm.isError ? errorId : undefined}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        ) : (
          <PasswordField
            label={partnerName ? `Your ${partnerName} password` : 'Password'}
            name="password"
            autoComplete="current-password"
            errorId={confirm.isError ? errorId : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        {codeOn ? (
          <div>
            <Button variant="secondary" onClick={() => switchTo(!withCode)}>
              {withCode ? 'Use my password instead' : 'Use a code instead'}
            </Button>
          </div>
        ) : null}
        <WriteStatus write={confirm.inFlight} />
        <div className={styles.actions}>
          <Button type="submit" disabled={confirm.busy}>
            {confirm.busy ? 'Checking...' : 'Confirm'}
          </Button>
          <Button variant="secondary" onClick={() => onDone(false)} disabled={confirm.busy}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
