import { formatMoney, shortHash } from '../../../lib/format';
import type { Transaction } from '../../../shared/contract/deposits';
import { coinLabel, formatCoinAmount, formatDateTime, statusLabel } from '../format';
import { CopyButton } from '../../../ui/copy-button';
import * as styles from './transactions.css';

function Cell({
  label,
  children,
  className,
  valueClassName,
}: {
  label: string;
  children: React.ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={`${styles.cell} ${className ?? ''}`}>
      <span className={styles.cellLabel}>{label}</span>
      <span className={`${styles.cellValue} ${valueClassName ?? ''}`}>{children}</span>
    </div>
  );
}

/**
 * One transaction (spec §2): hash and addresses shortened, copy and explorer link hidden while
 * pending (there is no hash to show yet).
 */
export function TransactionRow({
  transaction,
  explorerTx,
}: {
  transaction: Transaction;
  /** The block-explorer link pattern with `{hash}`; undefined until the config has loaded. */
  explorerTx: string | undefined;
}) {
  const { hash } = transaction;
  const showActions = transaction.status !== 'pending' && hash !== null;
  return (
    <li className={styles.row} aria-label={`Transaction ${transaction.id}`}>
      <Cell label="Status">
        <span className={styles.status[transaction.status]}>{statusLabel(transaction.status)}</span>
      </Cell>
      <Cell label="Amount">
        <strong>{formatMoney(transaction.amount)}</strong>
      </Cell>
      <Cell label="Coin">{coinLabel(transaction.coinType)}</Cell>
      <Cell label="Coin amount">
        <span className={styles.mono}>{formatCoinAmount(transaction.ethAmount)}</span>
      </Cell>
      <Cell label="Hash" className={styles.wideCell}>
        <span className={styles.hashCell}>
          <span className={styles.mono} title={hash ?? undefined}>
            {hash ? shortHash(hash) : '—'}
          </span>
          {showActions ? (
            <>
              <CopyButton value={hash} label="Copy hash" compact />
              {explorerTx ? (
                <a
                  className={styles.explorer}
                  href={explorerTx.replace('{hash}', hash)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label="View on block explorer"
                >
                  ↗
                </a>
              ) : null}
            </>
          ) : null}
        </span>
      </Cell>
      <Cell label="From">
        <span className={styles.mono} title={transaction.from ?? undefined}>
          {transaction.from ? shortHash(transaction.from) : '—'}
        </span>
      </Cell>
      <Cell label="To">
        <span className={styles.mono} title={transaction.to}>
          {shortHash(transaction.to)}
        </span>
      </Cell>
      <Cell label="Created" valueClassName={styles.wrapCell}>
        {formatDateTime(transaction.createdAt)}
      </Cell>
    </li>
  );
}
