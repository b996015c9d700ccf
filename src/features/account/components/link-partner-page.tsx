import { useEffect, useRef } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PARTNER_LINK_MESSAGES } from '@/shared/contract/partner-link';
import { isUnauthorized } from '@/lib/api';
import { errorMessage } from '@/lib/error-message';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { ErrorBox } from '@/ui/alert';
import { WarningBox } from '@/ui/status-boxes';
import { Button, buttonClass } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { WriteStatus } from '@/ui/write-status';
import { partnerLinkDetailsQueryOptions } from '../api/get-partner-link-details';
import { useLinkPartner } from '../api/link-partner';
import { AuthLayout } from '@/ui/auth-layout';
import * as account from './account.css';
import * as styles from './profile.css';

const CHECK_FAILED = 'The link could not be checked. Please try again.';
const LINK_FAILED = 'The account could not be linked. Please try again.';

interface LinkPartnerProps {
  token: string;
  partnerName: string;
}

/**
 * /account/link-partner/{token}: the link mailed when a partner account with this account's e-mail
 * tried to sign in (issue 16 point 5). Signed in to the account it was mailed to, it names the
 * partner account and links it on the owner's click only (a mail scanner opening it links nothing);
 * signed out, it asks to sign in and open it again.
 */
export function LinkPartnerPage({ token }: { token: string }) {
  const { partnerName } = useSuspenseQuery(publicConfigQueryOptions).data;
  const details = useQuery(partnerLinkDetailsQueryOptions(token));
  const title = `Link your ${partnerName} account`;

  if (details.isPending) {
    return (
      <AuthLayout title={title}>
        <Spinner label="Checking the link..." />
      </AuthLayout>
    );
  }
  if (details.isError && isUnauthorized(details.error)) {
    return (
      <AuthLayout title={title}>
        <div className={account.form}>
          <p className={styles.centerText}>{PARTNER_LINK_MESSAGES.signInToLink}</p>
          <Link to="/login" className={buttonClass('primary', true)}>
            Go to login
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (details.isError) {
    return (
      <AuthLayout icon="error" title="Account not linked">
        <div className={account.form}>
          <p className={styles.centerText}>{errorMessage(details.error, CHECK_FAILED)}</p>
          <p className={styles.centerText}>
            A link works once, for 24 hours, and only while signed in to the account it was sent to.
          </p>
          <Link to="/dashboard" className={buttonClass('primary', true)}>
            Go to dashboard
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <ConfirmLink
      token={token}
      partnerName={partnerName}
      partnerUsername={details.data.partnerUsername}
    />
  );
}

function ConfirmLink({
  token,
  partnerName,
  partnerUsername,
}: LinkPartnerProps & { partnerUsername: string }) {
  const link = useLinkPartner();
  const next = useRef<HTMLAnchorElement>(null);
  const linked = link.isSuccess;

  // The button that had focus is gone: focus goes to what comes next.
  useEffect(() => {
    if (linked) next.current?.focus();
  }, [linked]);

  const failure = !link.isError
    ? null
    : isUnauthorized(link.error)
      ? PARTNER_LINK_MESSAGES.signInToLink
      : errorMessage(link.error, LINK_FAILED);

  return (
    <AuthLayout
      icon={linked ? 'success' : undefined}
      title={linked ? `${partnerName} account linked` : `Link your ${partnerName} account`}
    >
      <div className={account.form}>
        {/* One live region, whose text becomes the answer: announced when it changes. */}
        <p role="status" className={styles.centerText}>
          {linked ? (
            link.data.message
          ) : (
            <>
              Link the {partnerName} account <strong>{partnerUsername}</strong> to the PromoClicks
              account you are signed in to. You can then sign in with it.
            </>
          )}
        </p>
        {linked ? (
          <Link ref={next} to="/account" className={buttonClass('primary', true)}>
            Go to your account
          </Link>
        ) : (
          <>
            <WarningBox title="Only if it is yours">
              Whoever can sign in to that {partnerName} account will be able to sign in to this one.
              If you did not ask for this link, do not link it.
            </WarningBox>
            {failure ? <ErrorBox>{failure}</ErrorBox> : null}
            <WriteStatus write={link.inFlight} />
            <Button block disabled={link.busy} onClick={() => link.mutate(token)}>
              {link.busy ? 'Linking...' : 'Link account'}
            </Button>
            <Link to="/dashboard" className={buttonClass('secondary', true)}>
              Not now
            </Link>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
