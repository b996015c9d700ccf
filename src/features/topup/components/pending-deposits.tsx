import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../lib/format';
import { buttonClass } from '../../../ui/button';
import { useTransactions } from '../../transactions/api/get-transactions';
import { coinLabel, depositLink } from '../../transactions/format';
import * as styles from './topup.css';

/**
 * The advertiser's open deposits (at most one per coin), offered before a new one: its page is where
 * the payment is followed. The history's own pending query, so the two share one answer and one
 * refresh.
 */
export function PendingDeposits() {
  const pending = useTransactions('pending');
  const open = (pending.data ?? []).filter((deposit) => deposit.origin === 'request');
  if (open.length === 0) return null;
  return (
    <ul className={styles.pendingList} aria-label="Deposits waiting">
      {open.map((deposit) => (
        <li key={deposit.id} className={styles.pending}>
          <p>
            You have a deposit waiting: {formatMoney(deposit.amount)} in{' '}
            {coinLabel(deposit.coinType)}
          </p>
          <Link
            {...depositLink(deposit.id)}
            className={buttonClass('secondary')}
            aria-label={`Continue the ${formatMoney(deposit.amount)} ${coinLabel(deposit.coinType)} deposit`}
          >
            Continue
          </Link>
        </li>
      ))}
    </ul>
  );
}
