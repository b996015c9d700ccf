import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useOnline } from '@/lib/offline';
import { WarningBox } from '@/ui/status-boxes';
import { Button } from '@/ui/button';
import { useResendVerification } from '../api/resend-verification';
import type { Message } from './form-parts';
import * as styles from './profile.css';

/**
 * Issue 16 point 8: "Resend verification e-mail", on the unverified banner of every signed-in page
 * and on the account page. The answer is announced in a polite live region that is always there.
 */
export function ResendVerification() {
  const resend = useResendVerification();
  const online = useOnline();
  const [answer, setAnswer] = useState<Message>(null);

  const onClick = () => {
    setAnswer(null);
    resend.mutate(undefined, {
      onSuccess: ({ message }) => setAnswer({ kind: 'success', text: message }),
      onError: (error) =>
        setAnswer({
          kind: 'error',
          text: errorMessage(error, 'Failed to send the verification e-mail'),
        }),
    });
  };

  return (
    <div className={styles.resend}>
      <Button variant="secondary" onClick={onClick} disabled={!online || resend.busy}>
        {resend.busy ? 'Sending...' : 'Resend verification e-mail'}
      </Button>
      <span
        aria-live="polite"
        className={`${styles.resendAnswer} ${answer?.kind === 'error' ? styles.failed : ''}`}
      >
        {answer?.text}
      </span>
    </div>
  );
}

/**
 * Spec §2: the banner an unverified account sees on every signed-in page, with its action. The
 * shell loads it lazily (only unverified accounts need it): the first load carries one `import()`.
 */
export default function UnverifiedBanner() {
  return (
    <WarningBox title="Please verify your account">
      Check your email for verification link
      <ResendVerification />
    </WarningBox>
  );
}
