import { Link } from '@tanstack/react-router';
import { formatMoney } from '@/lib/format';
import type { Transaction } from '@/shared/contract/deposits';
import { buttonClass } from '@/ui/button';
import { useTransactions } from '@/entities/deposit/api/get-transactions';
import { coinLabel, depositLink } from '@/entities/deposit/format';
import { openRequests, pendingNote } from '../open-deposits';
import { useSecondsLeft, useServerClockOffset } from '../use-seconds-left';
import * as styles from './topup.css';

function PendingDeposit({ deposit, receivedAt }: { deposit: Transaction; receivedAt: number }) {
  // The server's clock, as on the deposit's page.
  const serverOffsetMs = useServerClockOffset(deposit.serverTime, receivedAt);
  const secondsLeft = useSecondsLeft(deposit.expiresAt, serverOffsetMs);
  const name = `${formatMoney(deposit.amount)} ${coinLabel(deposit.coinType)}`;
  return (
    <li className={styles.pending}>
      <p>{pendingNote(deposit, secondsLeft === 0)}</p>
      <Link
        {...depositLink(deposit.id)}
        className={buttonClass('secondary')}
        aria-label={`Continue the ${name} deposit`}
      >
        Continue
      </Link>
    </li>
  );
}

/**
 * The advertiser's open deposits (at most one per coin), offered before a new one: its page is where
 * the payment is followed. The history's own pending query, so the two share one answer and one
 * refresh.
 */
export function PendingDeposits() {
  const pending = useTransactions('pending');
  const open = openRequests(pending.data);
  if (open.length === 0) return null;
  return (
    <ul className={styles.pendingList} aria-label="Deposits waiting">
      {open.map((deposit) => (
        <PendingDeposit key={deposit.id} deposit={deposit} receivedAt={pending.dataUpdatedAt} />
      ))}
    </ul>
  );
}
