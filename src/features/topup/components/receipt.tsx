import { formatMoney } from '@/lib/format';
import type { Receipt, ReceiptLine, TransactionDetail } from '@/shared/contract/deposits';
import { coinLabel, explorerUrl, formatDateTime } from '@/entities/deposit/format';
import * as styles from './receipt.css';

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.row}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.definition}>{children}</dd>
    </div>
  );
}

/** Why a line counted at its price (src/shared/contract/deposits.ts RECEIPT_LINE_BASES). */
const BASIS_NOTES: Record<ReceiptLine['basis'], string> = {
  requested: 'Toward the amount requested',
  over: 'Beyond the amount requested',
  late: 'Paid after the deposit closed',
  unrequested: 'Paid with no open deposit request',
};

function statusText(deposit: TransactionDetail): string {
  if (deposit.status === 'confirmed') return deposit.late ? 'Paid (completed late)' : 'Paid';
  if (deposit.status === 'failed') return 'Underpaid: the deposit closed before all of it arrived';
  return 'Part paid: the deposit is still open';
}

function requestedText(deposit: TransactionDetail): string {
  if (deposit.origin === 'unrequested') return 'None (a payment with no open deposit request)';
  const coin = coinLabel(deposit.coinType);
  const rate =
    deposit.ethUsdPrice === null || deposit.coinType !== 'eth'
      ? ''
      : ` at ${formatMoney(deposit.ethUsdPrice)}`;
  return `${formatMoney(deposit.amount)} (${deposit.ethAmount} ${coin}${rate})`;
}

function Parties({ receipt }: { receipt: Receipt }) {
  const [issuerName, ...issuerAddress] = receipt.issuer;
  const { payer } = receipt;
  return (
    <div className={styles.parties}>
      <section aria-labelledby="receipt-issuer">
        <h3 id="receipt-issuer" className={styles.partyTitle}>
          Issued by
        </h3>
        <address className={styles.address}>
          <strong>{issuerName}</strong>
          {issuerAddress.map((line, index) => (
            <span key={index}>{line}</span>
          ))}
        </address>
      </section>
      <section aria-labelledby="receipt-payer">
        <h3 id="receipt-payer" className={styles.partyTitle}>
          Paid by
        </h3>
        <address className={styles.address}>
          <strong>{payer.name}</strong>
          <span>{payer.email}</span>
          <span>Account ID {payer.accountId}</span>
        </address>
      </section>
    </div>
  );
}

function Line({
  line,
  coin,
  explorerTx,
}: {
  line: ReceiptLine;
  coin: string;
  explorerTx: string | undefined;
}) {
  const { hash } = line;
  return (
    <tr>
      <td className={styles.paymentCell}>
        {/* ETH a contract sent has no transaction of its own (src/shared/contract/deposits.ts). */}
        {hash === null ? 'None (sent by a contract)' : <code className={styles.hash}>{hash}</code>}
        <span className={styles.note}>
          {BASIS_NOTES[line.basis]} · {formatDateTime(line.blockTime)}
        </span>
        {explorerTx && hash !== null ? (
          <a
            href={explorerUrl(explorerTx, hash)}
            target="_blank"
            rel="noreferrer"
            className={styles.explorer}
          >
            View on block explorer
          </a>
        ) : null}
      </td>
      <td className={styles.number} data-label="Amount">{`${line.amount} ${coin}`}</td>
      <td className={styles.number} data-label={`${coin}/USD`}>
        {formatMoney(line.price)}
      </td>
      <td className={styles.number} data-label="Credited (USD)">
        {formatMoney(line.creditedAmount)}
      </td>
    </tr>
  );
}

/**
 * Issue 35 point 10: a deposit's receipt as an accounting document: issuer and payer, the amount
 * requested, each part paid with its amount, price and credit, and the totals they add up to.
 */
export function ReceiptDocument({
  deposit,
  receipt,
  explorerTx,
}: {
  deposit: TransactionDetail;
  receipt: Receipt;
  explorerTx: string | undefined;
}) {
  const coin = coinLabel(deposit.coinType);
  return (
    <article className={styles.receipt} aria-labelledby="receipt-title" data-receipt>
      <h2 id="receipt-title" className={styles.title}>
        Deposit receipt
      </h2>
      <Parties receipt={receipt} />
      <dl className={styles.summary}>
        <Row term="Receipt number">{deposit.id}</Row>
        <Row term="Date">{formatDateTime(receipt.date)}</Row>
        <Row term="Status">{statusText(deposit)}</Row>
        <Row term="Amount requested">{requestedText(deposit)}</Row>
        <Row term="Coin">{coin}</Row>
        <Row term="Deposit address">
          <code className={styles.hash}>{deposit.to}</code>
        </Row>
      </dl>
      {/* On a phone each payment is a block of its own (receipt.css.ts), never a sideways scroll. */}
      <table className={styles.lines}>
        <caption className={styles.subtitle}>Payments</caption>
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col" className={styles.number}>
              Amount
            </th>
            <th scope="col" className={styles.number}>
              {`${coin}/USD`}
            </th>
            <th scope="col" className={styles.number}>
              Credited (USD)
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            <Line key={index} line={line} coin={coin} explorerTx={explorerTx} />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className={styles.number} data-label="Amount">
              {`${deposit.receivedAmount} ${coin}`}
            </td>
            <td />
            <td className={styles.number} data-label="Credited (USD)">
              {formatMoney(deposit.creditedAmount)}
            </td>
          </tr>
        </tfoot>
      </table>
      {deposit.coinType === 'eth' ? (
        <p className={styles.footnote}>
          ETH toward the amount requested counts at the ETH/USD price locked when the deposit was
          opened; beyond it, after the deposit closed or with no request, at the price in force at
          its block.
        </p>
      ) : null}
    </article>
  );
}
