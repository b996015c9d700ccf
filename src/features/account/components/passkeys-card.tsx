import { useId, useState, type FormEvent } from 'react';
import type { Passkey } from '@/shared/contract/passkeys';
import { errorMessage } from '@/lib/error-message';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { TextField } from '@/ui/field';
import { visuallyHidden } from '@/ui/frame.css';
import { formatDateTime } from '@/entities/deposit/format';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import * as account from './account.css';
import * as styles from './sessions.css';

/** When the browser's passkey prompt fails without a server answer (cancelled, not supported). */
const ADD_FAILED = 'The passkey was not added. Try again, or use another device.';

type Announcement = { kind: 'success' | 'error'; text: string } | null;

function PasskeyItem({
  passkey,
  onDone,
}: {
  passkey: Passkey;
  onDone: (announcement: Announcement) => void;
}) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const detailsId = useId();
  const [mode, setMode] = useState<'show' | 'rename' | 'remove'>('show');
  const [name, setName] = useState(passkey.name);
  const busy = rename.busy || remove.busy;
  const used = passkey.lastUsedAt
    ? `last used ${formatDateTime(passkey.lastUsedAt)}`
    : 'never used';

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: (answer) => {
          setMode('show');
          onDone({ kind: 'success', text: answer.message });
        },
        onError: (error) =>
          onDone({ kind: 'error', text: errorMessage(error, 'Failed to rename the passkey') }),
      },
    );
  };

  return (
    <li className={styles.item}>
      {mode === 'rename' ? (
        <form className={account.form} onSubmit={onRename} noValidate>
          <TextField
            label="Passkey name"
            name="name"
            maxLength={60}
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <div className={account.actions}>
            <Button type="submit" disabled={busy}>
              {rename.busy ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setMode('show')}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className={styles.info}>
            <p className={styles.name}>{passkey.name}</p>
            <p id={detailsId} className={styles.details}>
              Added {formatDateTime(passkey.createdAt)} · {used}
            </p>
          </div>
          {mode === 'remove' ? (
            <div className={account.actions}>
              <Button
                variant="danger"
                aria-describedby={detailsId}
                disabled={busy}
                onClick={() =>
                  remove.mutate(passkey.id, {
                    onSuccess: (answer) => onDone({ kind: 'success', text: answer.message }),
                    onError: (error) =>
                      onDone({
                        kind: 'error',
                        text: errorMessage(error, 'Failed to remove the passkey'),
                      }),
                  })
                }
              >
                {remove.busy ? 'Removing...' : 'Confirm removal'}
                <span className={visuallyHidden}> of {passkey.name}</span>
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setMode('show')}>
                Keep it
              </Button>
            </div>
          ) : (
            <div className={account.actions}>
              <Button
                variant="secondary"
                aria-describedby={detailsId}
                onClick={() => setMode('rename')}
              >
                Rename<span className={visuallyHidden}> {passkey.name}</span>
              </Button>
              <Button
                variant="secondary"
                aria-describedby={detailsId}
                onClick={() => setMode('remove')}
              >
                Remove<span className={visuallyHidden}> {passkey.name}</span>
              </Button>
            </div>
          )}
        </>
      )}
    </li>
  );
}

/** Passkeys on /account (issue 16): add one, name it, remove it. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [announcement, setAnnouncement] = useState<Announcement>(null);

  return (
    <Card title="Passkeys">
      <div className={account.stack}>
        <p className={account.muted}>
          Sign in with your fingerprint, face or screen lock instead of a password. A passkey also
          works as the second step of two-factor sign-in.
        </p>
        {passkeys.isPending ? (
          <p>Loading...</p>
        ) : passkeys.isError ? (
          <p className={account.muted}>
            {errorMessage(passkeys.error, 'Failed to load your passkeys')}
          </p>
        ) : passkeys.data.length === 0 ? (
          <p>No passkeys yet.</p>
        ) : (
          <ul className={styles.list} aria-label="Your passkeys">
            {passkeys.data.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} onDone={setAnnouncement} />
            ))}
          </ul>
        )}
        <p
          aria-live="polite"
          className={`${styles.announcement} ${announcement?.kind === 'error' ? styles.failed : ''}`}
        >
          {announcement?.text}
        </p>
        <div>
          <Button
            disabled={add.busy}
            onClick={() => {
              setAnnouncement(null);
              add.mutate(undefined, {
                onSuccess: (answer) => setAnnouncement({ kind: 'success', text: answer.message }),
                onError: (error) =>
                  setAnnouncement({ kind: 'error', text: errorMessage(error, ADD_FAILED) }),
              });
            }}
          >
            {add.busy ? 'Waiting for your device...' : 'Add a passkey'}
          </Button>
        </div>
      </div>
    </Card>
  );
}
