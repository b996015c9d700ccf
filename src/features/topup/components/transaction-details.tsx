import { formatMoney } from '@/lib/format';
import type { Transaction } from '@/shared/contract/deposits';
import { Card } from '@/ui/card';
import {
  capitalise,
  coinLabel,
  formatDateTime,
  hasReceived,
  statusLabel,
} from '@/entities/deposit/format';
import * as styles from './topup.css';

/**
 * Spec §2: id, USD amount, coin type, ETH amount and rate for ETH, status ("Incomplete" while
 * pending), created time; and what has arrived and been credited once anything has.
 */
export function TransactionDetails({ transaction }: { transaction: Transaction }) {
  const coin = coinLabel(transaction.coinType);
  const rows: [string, string][] = [
    ['Transaction ID', String(transaction.id)],
    ['Amount (USD)', formatMoney(transaction.amount)],
    ['Coin Type', coin],
  ];
  if (transaction.coinType === 'eth') {
    rows.push(['ETH Amount', transaction.ethAmount]);
    if (transaction.ethUsdPrice !== null) {
      rows.push(['ETH/USD Rate', formatMoney(transaction.ethUsdPrice)]);
    }
  }
  rows.push(['Status', capitalise(statusLabel(transaction.status))]);
  if (hasReceived(transaction)) {
    rows.push(['Received', `${transaction.receivedAmount} ${coin}`]);
    rows.push(['Credited', formatMoney(transaction.creditedAmount)]);
  }
  rows.push(['Created', formatDateTime(transaction.createdAt)]);
  return (
    <Card title="Transaction Details">
      <dl className={styles.details}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.detailRow}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.definition}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
