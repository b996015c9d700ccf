import { useId, useRef, useState } from 'react';
import { sessionName, type UserSession } from '@/shared/contract/sessions';
import { errorMessage } from '@/lib/error-message';
import { useOnline } from '@/lib/offline';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { visuallyHidden } from '@/ui/frame.css';
import { WriteStatus } from '@/ui/write-status';
import { formatDateTime } from '@/entities/deposit/format';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import * as account from './account.css';
import * as styles from './sessions.css';

type Announcement = { kind: 'success' | 'error'; text: string } | null;

function SessionItem({
  session,
  disabled,
  ending,
  onEnd,
}: {
  session: UserSession;
  disabled: boolean;
  ending: boolean;
  onEnd: (session: UserSession) => void;
}) {
  const detailsId = useId();
  const name = sessionName(session);
  const seen = session.current ? 'Active now' : `Last active ${formatDateTime(session.lastSeenAt)}`;
  return (
    <li className={styles.item}>
      <div className={styles.info}>
        <p className={styles.name}>
          {name}
          {session.current ? <span className={styles.thisDevice}>This device</span> : null}
        </p>
        <p id={detailsId} className={styles.details}>
          {session.ip ?? 'Unknown address'} · {seen}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          aria-describedby={detailsId}
          disabled={disabled}
          onClick={() => onEnd(session)}
        >
          {ending ? 'Signing out' : 'Sign out'}
          {/* Named for a screen reader: each row has a button of its own ("Sign out Chrome on
              Windows"), told apart further by its address and last activity. */}
          <span className={visuallyHidden}> {name}</span>
          {ending ? '...' : null}
        </Button>
      )}
    </li>
  );
}

/** Issue 16 point 7: the account's active sessions, each one that is not this one can be ended. */
export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const online = useOnline();
  const [announcement, setAnnouncement] = useState<Announcement>(null);
  const list = useRef<HTMLUListElement>(null);
  const busy = endOne.busy || endOthers.busy;

  /** After an action the list has been fetched again: its row or button may be gone, so focus goes to the list. */
  const settle = (next: Announcement) => {
    setAnnouncement(next);
    list.current?.focus();
  };
  const end = (session: UserSession) => {
    setAnnouncement(null);
    endOne.mutate(session.id, {
      onSuccess: ({ message }) => settle({ kind: 'success', text: message }),
      onError: (error) =>
        settle({ kind: 'error', text: errorMessage(error, 'Failed to sign out the session') }),
    });
  };
  const endAllOthers = () => {
    setAnnouncement(null);
    endOthers.mutate(undefined, {
      onSuccess: ({ message }) => settle({ kind: 'success', text: message }),
      onError: (error) =>
        settle({
          kind: 'error',
          text: errorMessage(error, 'Failed to sign out the other sessions'),
        }),
    });
  };

  let content;
  if (sessions.isPending) {
    content = <p className={account.muted}>Loading sessions...</p>;
  } else if (sessions.isError) {
    content = (
      <div className={account.stack}>
        <p>{errorMessage(sessions.error, 'Failed to load your sessions')}</p>
        <div>
          <Button
            variant="secondary"
            onClick={() => void sessions.refetch()}
            disabled={sessions.isFetching}
          >
            Reload sessions
          </Button>
        </div>
      </div>
    );
  } else {
    const others = sessions.data.filter((session) => !session.current).length;
    content = (
      <>
        <ul ref={list} className={styles.list} aria-label="Active sessions" tabIndex={-1}>
          {sessions.data.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              disabled={!online || busy}
              ending={endOne.isPending && endOne.variables === session.id}
              onEnd={end}
            />
          ))}
        </ul>
        {others > 0 ? (
          <div>
            <Button variant="danger" disabled={!online || busy} onClick={endAllOthers}>
              {endOthers.isPending ? 'Signing out...' : 'Sign out all other sessions'}
            </Button>
          </div>
        ) : (
          <p className={account.muted}>No other sessions are signed in.</p>
        )}
        <WriteStatus write={endOne.inFlight ?? endOthers.inFlight} />
      </>
    );
  }

  return (
    <Card title="Sessions">
      <div className={account.stack}>
        <p className={account.muted}>
          The browsers signed in to your account. Sign out any you do not recognise, then change
          your password.
        </p>
        {content}
        {/* A polite live region that is always there, so each result is announced (not a role=status:
            that is the page's feedback box, one at a time). */}
        <p
          aria-live="polite"
          className={`${styles.announcement} ${announcement?.kind === 'error' ? styles.failed : ''}`}
        >
          {announcement?.text}
        </p>
      </div>
    </Card>
  );
}
