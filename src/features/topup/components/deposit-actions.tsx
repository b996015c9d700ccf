import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { failureMessage } from '../../../lib/offline';
import { DEPOSIT_MESSAGES, type Transaction } from '../../../shared/contract/deposits';
import { ErrorBox } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { WriteStatus } from '../../../ui/write-status';
import { useDeleteTransaction } from '../api/delete-transaction';
import { useSecondsLeft } from '../use-seconds-left';
import { Countdown } from './countdown';
import { VerifyPayment } from './verify-payment';
import * as styles from './topup.css';

/** The server refused to delete the deposit because a payment to it arrived: it is credited. */
const paymentArrived = (error: unknown) =>
  error instanceof ApiError && error.serverMessage === DEPOSIT_MESSAGES.paymentArrived;

/**
 * What an open deposit offers, with the time left beside it (on a phone a bar kept at the bottom of
 * the screen): verify, Start Over, and (spec §4) the ETH window at zero deleting the deposit.
 */
export function DepositActions({
  deposit,
  onExpired,
  onRefresh,
}: {
  deposit: Transaction;
  /** The ETH window closed and the deposit was deleted. */
  onExpired: () => void;
  /** A payment arrived meanwhile: the deposit is asked for again. */
  onRefresh: () => void;
}) {
  const navigate = useNavigate();
  const startOver = useDeleteTransaction();
  const expiry = useDeleteTransaction();
  const { mutate: deleteExpired } = expiry;
  const secondsLeft = useSecondsLeft(deposit.expiresAt);
  const timedOut = secondsLeft === 0;
  const expiring = useRef(false);

  useEffect(() => {
    if (!timedOut || deposit.coinType !== 'eth' || expiring.current) return;
    expiring.current = true;
    deleteExpired(deposit.id, { onSuccess: onExpired, onError: onRefresh });
  }, [timedOut, deposit.coinType, deposit.id, deleteExpired, onExpired, onRefresh]);

  function restart() {
    if (startOver.busy) return;
    startOver.mutate(deposit.id, {
      // The deposit is gone: Back does not come to its page.
      onSuccess: () => void navigate({ to: '/topup-balance', replace: true }),
      onError: (error) => {
        if (paymentArrived(error)) onRefresh();
      },
    });
  }

  return (
    <section className={styles.actionBar} aria-label="Payment actions">
      {secondsLeft === null ? null : <Countdown secondsLeft={secondsLeft} />}
      {expiry.isError && !paymentArrived(expiry.error) ? (
        <ErrorBox>{failureMessage(expiry.error, 'Error deleting expired transaction')}</ErrorBox>
      ) : null}
      <div className={styles.actionButtons}>
        <VerifyPayment transaction={deposit} closed={timedOut || startOver.busy} />
        <div className={styles.startOver}>
          <Button variant="secondary" block disabled={startOver.busy} onClick={restart}>
            {startOver.isPending ? 'Cancelling...' : 'Start Over'}
          </Button>
          <WriteStatus write={startOver.inFlight} />
          {startOver.isError ? (
            <ErrorBox>
              {errorMessage(startOver.error, 'Error deleting transaction, please try again')}
            </ErrorBox>
          ) : null}
        </div>
      </div>
    </section>
  );
}
