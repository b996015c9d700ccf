import { Link, useNavigate } from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/error-message';
import { DEPOSIT_MESSAGES, type Transaction } from '@/shared/contract/deposits';
import { ErrorBox } from '@/ui/alert';
import { Button, buttonClass } from '@/ui/button';
import { WriteStatus } from '@/ui/write-status';
import { useDeleteTransaction } from '../api/delete-transaction';
import { Countdown } from './countdown';
import { VerifyPayment } from './verify-payment';
import * as styles from './topup.css';

/**
 * The server refused to delete the deposit because a payment to it arrived (it is credited), or
 * because its window ended and the chain is being checked for a payment (issue 33): it is read again.
 */
const paymentArrived = (error: unknown) =>
  error instanceof ApiError &&
  (error.serverMessage === DEPOSIT_MESSAGES.paymentArrived ||
    error.serverMessage === DEPOSIT_MESSAGES.paymentCredited ||
    error.serverMessage === DEPOSIT_MESSAGES.checkingPayment);

/**
 * What an open deposit offers, with the time left beside it (on a phone a bar kept at the bottom of
 * the screen): verify and Start Over. Once part of the payment arrived the deposit cannot be deleted: a
 * new deposit (which ends this one as underpaid, what arrived credited) is offered instead of Start
 * Over. Issue 31: at zero the deposit is not deleted (spec §4 deleted it, and a payment arriving a
 * moment later then belonged to no request): the server closes it, and until then a payment that
 * arrives is credited to it and shown on this page. Verifying is off (spec §4), and a new deposit,
 * which asks first, takes Start Over's place.
 */
export function DepositActions({
  deposit,
  secondsLeft,
  onLeaveWithFocus,
  onRefresh,
  onFollowing,
}: {
  deposit: Transaction;
  /** The time left to pay (null: no window). */
  secondsLeft: number | null;
  /**
   * The bar leaves the page with the focus inside it (a payment detected or confirmed): the focus,
   * left alone, would fall to the page's top (document.body).
   */
  onLeaveWithFocus: () => void;
  /** A payment arrived meanwhile: the deposit is asked for again. */
  onRefresh: () => void;
  /**
   * Whether the page keeps asking for the deposit (it polls): not from Start Over's press on, or a
   * poll between the delete and the page's leaving answers 404; again if the delete is refused.
   */
  onFollowing: (following: boolean) => void;
}) {
  const navigate = useNavigate();
  const startOver = useDeleteTransaction();
  // Issue 31: deleted, it stays pressed until the page leaves (a late second tap would delete a
  // deposit that is gone: 404).
  const cancelling = startOver.busy || startOver.isSuccess;
  const timedOut = secondsLeft === 0;
  // Parts worth less than a cent credit nothing and leave Start Over (issue 33 point 5).
  const partPaid = deposit.creditedAmount > 0;
  const bar = useRef<HTMLElement>(null);

  // A layout effect's cleanup runs before React removes the bar's elements: the focus is still in
  // them to be seen.
  useLayoutEffect(() => {
    const section = bar.current;
    return () => {
      if (section?.contains(document.activeElement)) onLeaveWithFocus();
    };
  }, [onLeaveWithFocus]);

  function restart() {
    if (cancelling) return;
    onFollowing(false);
    startOver.mutate(deposit.id, {
      // The deposit is gone: Back does not come to its page.
      onSuccess: () => void navigate({ to: '/topup-balance', replace: true }),
      onError: (error) => {
        onFollowing(true);
        if (paymentArrived(error)) onRefresh();
      },
    });
  }

  return (
    <section ref={bar} className={styles.actionBar} aria-label="Payment actions">
      {secondsLeft === null ? null : <Countdown secondsLeft={secondsLeft} />}
      <div className={styles.actionButtons}>
        <VerifyPayment transaction={deposit} closed={timedOut || cancelling} />
        <div className={styles.startOver}>
          {partPaid || timedOut ? (
            <Link to="/topup-balance" className={buttonClass('secondary', true)}>
              New deposit
            </Link>
          ) : (
            <Button variant="secondary" block disabled={cancelling} onClick={restart}>
              {cancelling ? 'Cancelling...' : 'Start Over'}
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
