import { useEffect, useState, type FormEvent } from 'react';
import type { User } from '../../../shared/contract/user';
import { formatMoney } from '../../../lib/format';
import { ErrorBox, SuccessBox } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextField } from '../../../ui/field';
import { Icon } from '../../../ui/icons';
import { validateProfile } from '../validation';
import * as styles from './account.css';

/** Spec §5: the profile save is only simulated; this is how long it pretends to take. */
export const PROFILE_SAVE_DELAY_MS = 1000;

/** Profile info with an edit mode for username and e-mail (spec §2 Account). */
export function ProfileCard({ user }: { user: User }) {
  const [shown, setShown] = useState({ username: user.username, email: user.email });
  const [draft, setDraft] = useState(shown);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saving) return undefined;
    const timer = setTimeout(() => {
      setShown(draft);
      setSaving(false);
      setEditing(false);
      setSaved(true);
    }, PROFILE_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saving, draft]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateProfile(draft);
    setProblem(invalid);
    if (!invalid) setSaving(true);
  };

  const startEditing = () => {
    setDraft(shown);
    setSaved(false);
    setProblem(null);
    setEditing(true);
  };

  return (
    <Card title="Profile Information">
      <div className={styles.stack}>
        {saved ? <SuccessBox>Profile updated successfully!</SuccessBox> : null}
        {editing ? (
          <form className={styles.form} onSubmit={onSubmit} noValidate>
            {problem ? <ErrorBox>{problem}</ErrorBox> : null}
            <TextField
              label="Username"
              name="username"
              required
              value={draft.username}
              onChange={(event) => setDraft({ ...draft, username: event.target.value })}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              required
              value={draft.email}
              onChange={(event) => setDraft({ ...draft, email: event.target.value })}
            />
            <div className={styles.actions}>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
              <Button variant="secondary" onClick={() => setEditing(false)} disabled={saving}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <>
            <dl className={styles.details}>
              <div className={styles.detailRow}>
                <dt className={styles.term}>Username</dt>
                <dd className={styles.definition}>{shown.username}</dd>
              </div>
              <div className={styles.detailRow}>
                <dt className={styles.term}>Email</dt>
                <dd className={styles.definition}>
                  {shown.email}
                  {user.isVerified ? (
                    <Icon
                      name="check"
                      className={styles.tick}
                      aria-label="Verified email"
                      aria-hidden={false}
                      role="img"
                    />
                  ) : null}
                </dd>
              </div>
              <div className={styles.detailRow}>
                <dt className={styles.term}>Status</dt>
                <dd className={styles.definition}>
                  <span className={user.isVerified ? styles.verifiedBadge : styles.unverifiedBadge}>
                    {user.isVerified ? 'Verified' : 'Unverified'}
                  </span>
                </dd>
              </div>
              <div className={styles.detailRow}>
                <dt className={styles.term}>Balance</dt>
                <dd className={styles.definition}>{formatMoney(user.crypto_balance)}</dd>
              </div>
            </dl>
            <div>
              <Button variant="secondary" onClick={startEditing}>
                Edit Profile
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
