import { Link } from '@tanstack/react-router';
import { formatMoney } from '@/lib/format';
import { shortHash } from '@/lib/short-hash';
import type { Transaction } from '@/shared/contract/deposits';
import { dollarsToCents } from '@/shared/money';
import {
  coinLabel,
  depositLink,
  explorerUrl,
  formatCoinAmount,
  formatDateTime,
  hasReceived,
  receiptLink,
  statusLabel,
} from '@/entities/deposit/format';
import { CopyButton } from '@/ui/copy-button';
import { isUnderpaid, statusNotes } from '../labels';
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
 * Under the status: its notes (labels.ts: confirmations, late, unrequested, underpaid), and the way
 * to the deposit's page (pending, or underpaid: it says what arrived and what to do next) and its
 * receipt (confirmed or underpaid: issue 35 point 10).
 */
function StatusNotes({ transaction }: { transaction: Transaction }) {
  const { status } = transaction;
  const underpaid = isUnderpaid(transaction);
  return (
    <>
      {statusNotes(transaction).map((note) => (
        <span key={note} className={styles.note}>
          {note}
        </span>
      ))}
      {status === 'pending' || underpaid ? (
        <Link {...depositLink(transaction.id)} className={styles.rowLink}>
          View deposit
        </Link>
      ) : null}
      {status === 'confirmed' || underpaid ? (
        <Link {...receiptLink(transaction.id)} className={styles.rowLink}>
          View receipt
        </Link>
      ) : null}
    </>
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
      <Cell label="Status" valueClassName={styles.stackedCell}>
        <span className={styles.status[transaction.status]}>{statusLabel(transaction.status)}</span>
        <StatusNotes transaction={transaction} />
      </Cell>
      <Cell label="Amount" valueClassName={styles.stackedCell}>
        <strong>{formatMoney(transaction.amount)}</strong>
        {/* Overpaid, underpaid, part paid, or ETH counted at a later price: what the balance got. */}
        {hasReceived(transaction) &&
        dollarsToCents(transaction.creditedAmount) !== dollarsToCents(transaction.amount) ? (
          <span className={styles.note}>Credited {formatMoney(transaction.creditedAmount)}</span>
        ) : null}
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
                  href={explorerUrl(explorerTx, hash)}
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
