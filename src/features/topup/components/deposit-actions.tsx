import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { failureMessage } from '../../../lib/offline';
import { DEPOSIT_MESSAGES, type Transaction } from '../../../shared/contract/deposits';
import { ErrorBox } from '../../../ui/alert';
import { Button, buttonClass } from '../../../ui/button';
import { WriteStatus } from '../../../ui/write-status';
import { hasReceived } from '../../transactions/format';
import { useDeleteTransaction } from '../api/delete-transaction';
import { Countdown } from './countdown';
import { VerifyPayment } from './verify-payment';
import * as styles from './topup.css';

/** The server refused to delete the deposit because a payment to it arrived: it is credited. */
const paymentArrived = (error: unknown) =>
  error instanceof ApiError && error.serverMessage === DEPOSIT_MESSAGES.paymentArrived;

/**
 * What an open deposit offers, with the time left beside it (on a phone a bar kept at the bottom of
 * the screen): verify, Start Over, and (spec §4) the ETH window at zero deleting the deposit. Once
 * part of the payment arrived the deposit cannot be deleted: a new deposit (which ends this one as
 * underpaid, what arrived credited) is offered instead of Start Over.
 */
export function DepositActions({
  deposit,
  secondsLeft,
  onLeaveWithFocus,
  onExpired,
  onRefresh,
}: {
  deposit: Transaction;
  /** The time left to pay (null: no window). */
  secondsLeft: number | null;
  /**
   * The bar leaves the page with the focus inside it (a payment detected or confirmed): the focus,
   * left alone, would fall to the page's top (document.body).
   */
  onLeaveWithFocus: () => void;
  /** The ETH window closed and the deposit was deleted. */
  onExpired: () => void;
  /** A payment arrived meanwhile: the deposit is asked for again. */
  onRefresh: () => void;
}) {
  const navigate = useNavigate();
  const startOver = useDeleteTransaction();
  const expiry = useDeleteTransaction();
  const { mutate: deleteExpired } = expiry;
  const timedOut = secondsLeft === 0;
  const partPaid = hasReceived(deposit);
  const expiring = useRef(false);
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    // Part paid, it is never deleted: the server closes it as underpaid.
    if (!timedOut || deposit.coinType !== 'eth' || partPaid || expiring.current) return;
    expiring.current = true;
    deleteExpired(deposit.id, { onSuccess: onExpired, onError: onRefresh });
  }, [timedOut, deposit.coinType, partPaid, deposit.id, deleteExpired, onExpired, onRefresh]);

  // A layout effect's cleanup runs before React removes the bar's elements: the focus is still in
  // them to be seen.
  useLayoutEffect(() => {
    const section = bar.current;
    return () => {
      if (section?.contains(document.activeElement)) onLeaveWithFocus();
    };
  }, [onLeaveWithFocus]);

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
    <section ref={bar} className={styles.actionBar} aria-label="Payment actions">
      {secondsLeft === null ? null : <Countdown secondsLeft={secondsLeft} />}
      {expiry.isError && !paymentArrived(expiry.error) ? (
        <ErrorBox>{failureMessage(expiry.error, 'Error deleting expired transaction')}</ErrorBox>
      ) : null}
      <div className={styles.actionButtons}>
        <VerifyPayment transaction={deposit} closed={timedOut || startOver.busy} />
        <div className={styles.startOver}>
          {partPaid ? (
            <Link to="/topup-balance" className={buttonClass('secondary', true)}>
              New deposit
            </Link>
          ) : (
            <Button variant="secondary" block disabled={startOver.busy} onClick={restart}>
              {startOver.isPending ? 'Cancelling...' : 'Start Over'}
            </Button>
          )}
          <WriteStatus write={startOver.inFlight} />
        </div>
      </div>
      {startOver.isError ? (
        // Right under the button, across the bar (beside it, a phone's half width is too narrow).
        <ErrorBox>
          {errorMessage(startOver.error, 'Error deleting transaction, please try again')}
        </ErrorBox>
      ) : null}
    </section>
  );
}
