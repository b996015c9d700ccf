import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@/shared/contract/user';
import { passwordIdentityProblem, type PasswordOwner } from '@/shared/rules/account';
import { errorMessage } from '@/lib/error-message';
import { formatShortDate } from '@/lib/format';
import { ErrorBox } from '@/ui/alert';
import { SuccessBox } from '@/ui/status-boxes';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { PasswordField } from '@/ui/field';
import { useShowFirstInvalid } from '@/ui/show-first-invalid';
import { WriteStatus } from '@/ui/write-status';
import { useChangePassword } from '../api/change-password';
import { PASSWORD_RULE } from '@/features/auth/validation';
import { accountSecurityQueryOptions, useAccountSecurity } from '../api/get-account-security';
import { validateChangePassword } from '../validation';
import { FirstPassword } from './first-password';
import * as styles from './account.css';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Security section (spec §2, §5, §8): the change-password form, or for an account without a
 * password (partner login made it) the link that sets a first one (issue 16 point 8). Until the
 * account's security is known, or when it cannot be, the form shows, as for most accounts.
 */
export function SecurityCard({ user }: { user: User }) {
  const security = useAccountSecurity();
  return (
    <Card title="Security">
      <div className={styles.stack}>
        {security.data?.hasPassword === false ? (
          <FirstPassword partnerName={security.data.partnerName} />
        ) : (
          <ChangePassword
            owner={user}
            lastChanged={security.data?.passwordChangedAt ?? user.updatedAt}
          />
        )}
      </div>
    </Card>
  );
}

function ChangePassword({ owner, lastChanged }: { owner: PasswordOwner; lastChanged: string }) {
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const form = useRef<HTMLFormElement>(null);
  const showInvalid = useShowFirstInvalid(form);

  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.busy) return;
    const invalid = validateChangePassword(values, owner);
    setProblem(invalid);
    if (invalid) return showInvalid();
    change.mutate(
      { oldPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(empty);
          setOpen(false);
          // The date of the last change moved.
          void queryClient.invalidateQueries({ queryKey: accountSecurityQueryOptions.queryKey });
        },
        // A refusal about the current password marks that field: it is shown as a submit's are.
        onError: showInvalid,
      },
    );
  };

  const toggle = () => {
    change.reset();
    setProblem(null);
    setValues(empty);
    setOpen((value) => !value);
  };

  // Issue 32: the new password's containment of the names is said as typed.
  const typed = values.newPassword ? passwordIdentityProblem(values.newPassword, owner) : null;
  const failure =
    typed ??
    problem ??
    (change.isError ? errorMessage(change.error, 'Failed to change password') : null);
  // The fields the message is about are marked invalid and described by it (issue 17): the empty
  // ones, the confirmation, the new password or the current one; none for any other message.
  const invalid = (name: keyof typeof empty) => {
    if (!failure) return undefined;
    const about = /fill in/i.test(failure)
      ? values[name] === ''
      : /match/i.test(failure)
        ? name === 'confirmPassword'
        : /^(new password|your password|this password)/i.test(failure)
          ? name === 'newPassword'
          : /current password/i.test(failure) && name === 'currentPassword';
    return about ? errorId : undefined;
  };

  return (
    <>
      <p className={styles.muted}>Password last updated: {formatShortDate(lastChanged)}</p>
      {change.isSuccess ? (
        <SuccessBox>{change.data.message || 'Password changed successfully!'}</SuccessBox>
      ) : null}
      {open ? (
        <form ref={form} className={styles.form} onSubmit={onSubmit} noValidate>
          {failure ? <ErrorBox id={errorId}>{failure}</ErrorBox> : null}
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            errorId={invalid('currentPassword')}
            value={values.currentPassword}
            onChange={set('currentPassword')}
          />
          <PasswordField
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            hint={PASSWORD_RULE}
            errorId={invalid('newPassword')}
            value={values.newPassword}
            onChange={set('newPassword')}
          />
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            errorId={invalid('confirmPassword')}
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
          />
          <WriteStatus write={change.inFlight} />
          <div className={styles.actions}>
            <Button type="submit" disabled={change.busy}>
              {change.busy ? 'Updating...' : 'Update Password'}
            </Button>
            <Button variant="secondary" onClick={toggle} disabled={change.busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button variant="secondary" onClick={toggle}>
            Change Password
          </Button>
        </div>
      )}
    </>
  );
}
