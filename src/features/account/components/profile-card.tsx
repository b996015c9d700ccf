import { useRef, useState } from 'react';
import type { User } from '@/shared/contract/user';
import { formatMoney } from '@/lib/format';
import { buttonClass } from '@/ui/button';
import { Card } from '@/ui/card';
import { Icon } from '@/ui/icons';
import { useAccountSecurity } from '../api/get-account-security';
import { EmailForm } from './email-form';
import { LiveMessage, type Message } from './form-parts';
import { ResendVerification } from './resend-verification';
import { UsernameForm } from './username-form';
import * as styles from './account.css';
import * as profile from './profile.css';

type Editing = 'username' | 'email' | null;

/**
 * Profile info with an edit mode for the username and, apart, an e-mail change that needs the current
 * password (spec §2 Account; issue 16 point 8: both really save).
 */
export function ProfileCard({ user }: { user: User }) {
  const security = useAccountSecurity();
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<Message>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const emailButton = useRef<HTMLButtonElement>(null);
  // An account made by partner login has no password to prove an e-mail change with.
  const withoutPassword = security.data?.hasPassword === false;

  const open = (what: Editing) => {
    setMessage(null);
    setEditing(what);
  };
  /** Back to the details, focus on the button that opened the form (it was the form's). */
  const close = (next: Message = null) => {
    const opener = editing === 'email' ? emailButton : editButton;
    setMessage(next);
    setEditing(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  let content;
  if (editing === 'username') {
    content = (
      <UsernameForm
        username={user.username}
        onSaved={(text) => close({ kind: 'success', text })}
        onFailed={setMessage}
        onCancel={() => close()}
      />
    );
  } else if (editing === 'email') {
    content = (
      <EmailForm
        onSent={(text) => close({ kind: 'success', text })}
        onFailed={setMessage}
        onCancel={() => close()}
      />
    );
  } else {
    content = (
      <>
        <ProfileDetails user={user} />
        {user.isVerified ? null : <ResendVerification />}
        {withoutPassword ? (
          <p className={profile.hint}>
            To change your e-mail, set a password first (under Security).
          </p>
        ) : null}
        <div className={styles.actions}>
          <button
            ref={editButton}
            type="button"
            className={buttonClass('secondary')}
            onClick={() => open('username')}
          >
            Edit Profile
          </button>
          {withoutPassword ? null : (
            <button
              ref={emailButton}
              type="button"
              className={buttonClass('secondary')}
              onClick={() => open('email')}
            >
              Change Email
            </button>
          )}
        </div>
      </>
    );
  }

  return (
    <Card title="Profile Information">
      <div className={styles.stack}>
        <LiveMessage message={message} />
        {content}
      </div>
    </Card>
  );
}

function ProfileDetails({ user }: { user: User }) {
  return (
    <dl className={styles.details}>
      <div className={styles.detailRow}>
        <dt className={styles.term}>Username</dt>
        <dd className={styles.definition}>{user.username}</dd>
      </div>
      <div className={styles.detailRow}>
        <dt className={styles.term}>Email</dt>
        <dd className={styles.definition}>
          {user.email}
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
  );
}
