import { Link } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import type { TransactionDetail } from '@/shared/contract/deposits';
import { buttonClass } from '@/ui/button';
import { Card } from '@/ui/card';
import { receiptLink } from '@/entities/deposit/format';
import { useDeposit } from '../api/get-transaction';
import { depositState, type DepositState } from '../deposit-state';
import { useSecondsLeft, useServerClockOffset } from '../use-seconds-left';
import { BalanceHeader } from './balance-header';
import { DepositActions } from './deposit-actions';
import { DepositNotFound, DepositUnavailable, isNotFound } from './deposit-unavailable';
import { DepositStatus } from './deposit-status';
import { HelpLink } from './help-link';
import { PaymentPanel } from './payment-panel';
import { Steps } from './steps';
import { TransactionDetails } from './transaction-details';
import { useDepositOutcome } from './use-deposit-outcome';
import * as styles from './topup.css';

const STEP: Record<DepositState, number> = {
  waiting: 2,
  partPaid: 2,
  detected: 3,
  confirmed: 5,
  expired: 1,
  underpaid: 1,
};

/** What a closed deposit leads to: its receipt (issue 35 point 10: an underpaid one's too), a new deposit. */
function NextStep({ deposit, state }: { deposit: TransactionDetail; state: DepositState }) {
  const receipt =
    state === 'confirmed' || state === 'underpaid' ? (
      <Link {...receiptLink(deposit.id)} className={buttonClass('secondary')}>
        View receipt
      </Link>
    ) : null;
  if (state === 'confirmed') return <div className={styles.nextStep}>{receipt}</div>;
  if (state !== 'expired' && state !== 'underpaid') return null;
  return (
    <div className={styles.nextStep}>
      <Link to="/topup-balance" className={buttonClass('primary')}>
        New deposit
      </Link>
      {receipt}
    </div>
  );
}

function DepositView({
  deposit,
  receivedAt,
  fetchedSinceOpened,
  onRefresh,
  onFollowing,
}: {
  deposit: TransactionDetail;
  /** When (the phone's clock) the copy shown arrived: with its serverTime, the server's clock. */
  receivedAt: number;
  /** The copy shown was fetched since the page opened (not only the persisted cache's). */
  fetchedSinceOpened: boolean;
  onRefresh: () => void;
  onFollowing: (following: boolean) => void;
}) {
  const state = depositState(deposit);
  const open = state === 'waiting' || state === 'partPaid';
  // One clock for the countdown and the instructions, the server's (issue 31). At zero the request
  // is still pending until the server's expiry job closes it, and a payment that arrives is credited
  // to it: the page keeps following it, and nothing invites a payment then.
  const serverOffsetMs = useServerClockOffset(deposit.serverTime, receivedAt);
  const secondsLeft = useSecondsLeft(open ? deposit.expiresAt : null, serverOffsetMs);
  const windowClosed = secondsLeft === 0;
  const status = useRef<HTMLDivElement>(null);
  const focusStatus = useCallback(() => status.current?.focus(), []);
  useDepositOutcome(deposit, fetchedSinceOpened);
  return (
    <>
      <BalanceHeader subtitle={`Deposit ${deposit.id}`} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <DepositStatus ref={status} deposit={deposit} state={state} windowClosed={windowClosed} />
          {open ? (
            <>
              {windowClosed ? null : <PaymentPanel transaction={deposit} />}
              <DepositActions
                deposit={deposit}
                secondsLeft={secondsLeft}
                onLeaveWithFocus={focusStatus}
                onRefresh={onRefresh}
                onFollowing={onFollowing}
              />
            </>
          ) : (
            <NextStep deposit={deposit} state={state} />
          )}
        </div>
        <aside className={styles.side}>
          <TransactionDetails transaction={deposit} />
          <Card title="How it works">
            <Steps current={STEP[state]} />
          </Card>
          <HelpLink />
        </aside>
      </div>
    </>
  );
}

/**
 * /topup-balance/{id}: one deposit, followed as the watcher sees it (issue: deposits work like a
 * payment gateway). It survives a reload, a switch to the wallet app and another device: everything
 * shown comes from the server, kept offline by the worker.
 */
export function DepositPage({ id }: { id: number }) {
  const [following, setFollowing] = useState(true);
  const deposit = useDeposit(id, following);
  const { refetch } = deposit;
  // What the page opened with may be the persisted cache's copy, days old (0: none).
  const [openedWithCopyOf] = useState(deposit.dataUpdatedAt);
  const onRefresh = useCallback(() => void refetch(), [refetch]);

  if (isNotFound(deposit.error)) return <DepositNotFound />;
  if (!deposit.data) return <DepositUnavailable deposit={deposit} title="Top Up Balance" />;
  return (
    <DepositView
      deposit={deposit.data}
      receivedAt={deposit.dataUpdatedAt}
      fetchedSinceOpened={deposit.dataUpdatedAt !== openedWithCopyOf}
      onRefresh={onRefresh}
      onFollowing={setFollowing}
    />
  );
}
