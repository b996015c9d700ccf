import { useState, type FormEvent } from 'react';
import type { User } from '../../../shared/contract/user';
import { errorMessage } from '../../../lib/api';
import { formatShortDate } from '../../../lib/format';
import { ErrorBox, SuccessBox } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { PasswordField } from '../../../ui/field';
import { WriteStatus } from '../../../ui/write-status';
import { useChangePassword } from '../api/change-password';
import { validateChangePassword } from '../validation';
import * as styles from './account.css';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security section: last update and the change-password form (spec §2, §5, §8). */
export function SecurityCard({ user }: { user: User }) {
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);

  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.busy) return;
    const invalid = validateChangePassword(values);
    setProblem(invalid);
    if (invalid) return;
    change.mutate(
      { oldPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(empty);
          setOpen(false);
        },
      },
    );
  };

  const toggle = () => {
    change.reset();
    setProblem(null);
    setValues(empty);
    setOpen((value) => !value);
  };

  const failure =
    problem ?? (change.isError ? errorMessage(change.error, 'Failed to change password') : null);

  return (
    <Card title="Security">
      <div className={styles.stack}>
        <p className={styles.muted}>Password last updated: {formatShortDate(user.updatedAt)}</p>
        {change.isSuccess ? (
          <SuccessBox>{change.data.message || 'Password changed successfully!'}</SuccessBox>
        ) : null}
        {open ? (
          <form className={styles.form} onSubmit={onSubmit} noValidate>
            {failure ? <ErrorBox>{failure}</ErrorBox> : null}
            <PasswordField
              label="Current Password"
              name="currentPassword"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set('currentPassword')}
            />
            <PasswordField
              label="New Password"
              name="newPassword"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={set('newPassword')}
            />
            <PasswordField
              label="Confirm New Password"
              name="confirmPassword"
              autoComplete="new-password"
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
      </div>
    </Card>
  );
}
