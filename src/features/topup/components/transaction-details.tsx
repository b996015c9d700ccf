import { formatMoney } from '../../../lib/format';
import type { Transaction } from '../../../shared/contract/deposits';
import { Card } from '../../../ui/card';
import { capitalise, coinLabel, formatDateTime } from '../../transactions/format';
import * as styles from './topup.css';

/** Spec §2: id, USD amount, coin type, ETH amount and rate for ETH, status, created time. */
export function TransactionDetails({ transaction }: { transaction: Transaction }) {
  const rows: [string, string][] = [
    ['Transaction ID', String(transaction.id)],
    ['Amount (USD)', formatMoney(transaction.amount)],
    ['Coin Type', coinLabel(transaction.coinType)],
  ];
  if (transaction.coinType === 'eth') {
    rows.push(['ETH Amount', transaction.ethAmount]);
    if (transaction.ethUsdPrice !== null) {
      rows.push(['ETH/USD Rate', formatMoney(transaction.ethUsdPrice)]);
    }
  }
  rows.push(['Status', capitalise(transaction.status)]);
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
