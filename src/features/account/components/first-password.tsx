import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useOnline } from '@/lib/offline';
import { Button } from '@/ui/button';
import { WriteStatus } from '@/ui/write-status';
import { useSendSetPasswordLink } from '../api/send-set-password-link';
import { LiveMessage, type Message } from './form-parts';
import * as profile from './profile.css';

/**
 * Issue 16 point 8: an account made by partner login has no password, so no change-password form it
 * could not use; it can ask for a mailed link that sets a first one.
 */
export function FirstPassword({ partnerName }: { partnerName: string | null }) {
  const send = useSendSetPasswordLink();
  const online = useOnline();
  const [message, setMessage] = useState<Message>(null);

  const onClick = () => {
    setMessage(null);
    send.mutate(undefined, {
      onSuccess: (answer) => setMessage({ kind: 'success', text: answer.message }),
      onError: (error) =>
        setMessage({ kind: 'error', text: errorMessage(error, 'Failed to send the link') }),
    });
  };

  return (
    <>
      <p className={profile.text}>
        {partnerName
          ? `Your account signs in through ${partnerName}. Set a password to also sign in with your e-mail.`
          : 'Your account has no password yet. Set one to sign in with your e-mail.'}
      </p>
      <LiveMessage message={message} />
      <WriteStatus write={send.inFlight} />
      <div>
        <Button variant="secondary" onClick={onClick} disabled={!online || send.busy}>
          {send.busy ? 'Sending...' : 'Send me a link to set a password'}
        </Button>
      </div>
    </>
  );
}
