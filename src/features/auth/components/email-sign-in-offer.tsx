import { AUTH_FALLBACK_MESSAGE } from '@/shared/constants';
import { errorMessage } from '@/lib/error-message';
import { ErrorBox } from '@/ui/alert';
import { SuccessBox } from '@/ui/status-boxes';
import { Button } from '@/ui/button';
import { WriteStatus } from '@/ui/write-status';
import { useRequestEmailSignIn } from '../api/email-sign-in';

/**
 * Issue 32: on the sign-in screen, when the account's sign-ins from new browsers are held back, the
 * way in that needs no password: a one-time link mailed to the typed e-mail. Loaded only then.
 */
export function EmailSignInOffer({ email }: { email: string }) {
  const request = useRequestEmailSignIn();
  if (request.isSuccess) return <SuccessBox>{request.data.message}</SuccessBox>;
  return (
    <>
      {request.isError ? (
        <ErrorBox>{errorMessage(request.error, AUTH_FALLBACK_MESSAGE)}</ErrorBox>
      ) : null}
      <Button
        variant="secondary"
        block
        disabled={request.busy || email.trim() === ''}
        onClick={() => request.mutate(email.trim())}
      >
        {request.busy ? 'Sending...' : 'Email me a sign-in link'}
      </Button>
      <WriteStatus write={request.inFlight} />
    </>
  );
}
