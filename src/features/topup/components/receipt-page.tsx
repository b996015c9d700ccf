import { Link } from '@tanstack/react-router';
import { formatMoney } from '@/lib/format';
import { usePublicConfig } from '@/lib/public-config';
import type { DepositTransfer, TransactionDetail } from '@/shared/contract/deposits';
import { Button, buttonClass } from '@/ui/button';
import { Card, EmptyState, PageHeader } from '@/ui/card';
import { coinLabel, depositLink, explorerUrl, formatDateTime } from '@/entities/deposit/format';
import { useDeposit } from '../api/get-transaction';
import { DepositNotFound, DepositUnavailable, isNotFound } from './deposit-unavailable';
import * as styles from './receipt.css';

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.row}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.definition}>{children}</dd>
    </div>
  );
}

/** The payments counted (a deposit confirmed before transfers were kept lists its own hash). */
function paymentsOf(deposit: TransactionDetail): DepositTransfer[] {
  if (deposit.transfers.length > 0 || deposit.hash === null) return deposit.transfers;
  return [
    {
      hash: deposit.hash,
      amount: deposit.receivedAmount,
      creditedAmount: deposit.creditedAmount,
      ethUsdPrice: deposit.ethUsdPrice,
      confirmations: 0,
      blockTime: deposit.confirmedAt ?? deposit.createdAt,
    },
  ];
}

function Payment({
  transfer,
  coin,
  explorerTx,
}: {
  transfer: DepositTransfer;
  coin: string;
  explorerTx: string | undefined;
}) {
  const { hash } = transfer;
  return (
    <dl className={styles.payment}>
      <Row term="Transaction hash">
        {/* ETH a contract sent has no transaction of its own (src/shared/contract/deposits.ts). */}
        {hash === null ? 'None (sent by a contract)' : <code className={styles.hash}>{hash}</code>}
      </Row>
      <Row term="Amount">{`${transfer.amount} ${coin}`}</Row>
      {transfer.creditedAmount === null ? null : (
        <Row term="Credited">{formatMoney(transfer.creditedAmount)}</Row>
      )}
      {coin === 'ETH' && transfer.ethUsdPrice !== null ? (
        <Row term="ETH/USD rate">{formatMoney(transfer.ethUsdPrice)}</Row>
      ) : null}
      <Row term="Block time">{formatDateTime(transfer.blockTime)}</Row>
      {explorerTx && hash !== null ? (
        <Row term="Block explorer">
          <a
            href={explorerUrl(explorerTx, hash)}
            target="_blank"
            rel="noreferrer"
            className={styles.explorer}
          >
            View on block explorer
          </a>
        </Row>
      ) : null}
    </dl>
  );
}

function Receipt({ deposit }: { deposit: TransactionDetail }) {
  const explorerTx = usePublicConfig().data?.links.explorerTx;
  const coin = coinLabel(deposit.coinType);
  const payments = paymentsOf(deposit);
  return (
    <article className={styles.receipt} aria-labelledby="receipt-title" data-receipt>
      <h2 id="receipt-title" className={styles.title}>
        Deposit receipt
      </h2>
      <dl className={styles.summary}>
        <Row term="Deposit ID">{deposit.id}</Row>
        <Row term="Date">{formatDateTime(deposit.confirmedAt)}</Row>
        <Row term="Coin">{coin}</Row>
        <Row term="Amount received">{`${deposit.receivedAmount} ${coin}`}</Row>
        <Row term="Credited (USD)">{formatMoney(deposit.creditedAmount)}</Row>
        <Row term="Deposit address">
          <code className={styles.hash}>{deposit.to}</code>
        </Row>
      </dl>
      <h3 className={styles.subtitle}>{payments.length === 1 ? 'Payment' : 'Payments'}</h3>
      {payments.map((transfer, index) => (
        <Payment key={index} transfer={transfer} coin={coin} explorerTx={explorerTx} />
      ))}
    </article>
  );
}

/** /topup-balance/{id}?view=receipt: a confirmed deposit's receipt, printable to PDF by the browser. */
export function ReceiptPage({ id }: { id: number }) {
  const deposit = useDeposit(id);
  if (isNotFound(deposit.error)) return <DepositNotFound />;
  if (!deposit.data) return <DepositUnavailable deposit={deposit} title="Receipt" />;
  const confirmed = deposit.data.status === 'confirmed';
  return (
    <>
      <PageHeader
        title="Receipt"
        subtitle={`Deposit ${id}`}
        actions={
          <div className={styles.actions}>
            <Link {...depositLink(id)} className={buttonClass('secondary')}>
              Back to the deposit
            </Link>
            {confirmed ? (
              <Button onClick={() => window.print()}>Print or save as PDF</Button>
            ) : null}
          </div>
        }
      />
      {confirmed ? (
        <Receipt deposit={deposit.data} />
      ) : (
        <Card>
          <EmptyState icon="…" title="No receipt yet">
            <p>A receipt is available once this deposit is confirmed.</p>
            <Link {...depositLink(id)} className={buttonClass('primary')}>
              Go to the deposit
            </Link>
          </EmptyState>
        </Card>
      )}
    </>
  );
}
