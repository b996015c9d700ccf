import { Link } from '@tanstack/react-router';
import { LOW_BALANCE_DOLLARS } from '@/shared/constants';
import { errorMessage } from '@/lib/error-message';
import { WarningBox } from '@/ui/status-boxes';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/card';
import { useFeedback } from '@/ui/feedback';
import { FeedbackBox } from '@/ui/feedback-box';

/**
 * The messages at the top of the dashboard, after its first load (npm run test:size): what the
 * action that ended here did, e.g. a deletion on a tracker (issue 13; the message waits in the
 * history entry until this reads it), and the low-balance warning of spec §2.
 */
export default function DashboardFeedback({ balance }: { balance: number }) {
  const { feedback, dismiss } = useFeedback();
  return (
    <>
      <FeedbackBox feedback={feedback} onDismiss={dismiss} />
      {balance < LOW_BALANCE_DOLLARS ? (
        <WarningBox title="You need minimum of $100 to avail all features">
          <p>
            <Link to="/topup-balance">Top up your balance</Link> to create and search campaigns.
          </p>
        </WarningBox>
      ) : null}
    </>
  );
}

/** The list's load failure with Try Again (spec §2), loaded only when it happens. */
export function ListError({
  error,
  retry,
  busy,
}: {
  error: unknown;
  retry: () => void;
  busy: boolean;
}) {
  return (
    <EmptyState icon="!" title="Could not load campaigns">
      <p>{errorMessage(error, 'Error fetching campaigns, please try again')}</p>
      <Button onClick={retry} disabled={busy}>
        Try Again
      </Button>
    </EmptyState>
  );
}
