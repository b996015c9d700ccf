import { Link } from '@tanstack/react-router';
import { usePublicConfig } from '@/lib/public-config';
import { Button, buttonClass } from '@/ui/button';
import { Card, EmptyState, PageHeader } from '@/ui/card';
import { depositLink } from '@/entities/deposit/format';
import { useDeposit } from '../api/get-transaction';
import { DepositNotFound, DepositUnavailable, isNotFound } from './deposit-unavailable';
import { ReceiptDocument } from './receipt';
import * as styles from './receipt.css';

/**
 * /topup-balance/{id}?view=receipt: the receipt of a deposit any of which was credited (confirmed,
 * underpaid, late or part paid: issue 35 point 10), printable to PDF by the browser.
 */
export function ReceiptPage({ id }: { id: number }) {
  const deposit = useDeposit(id);
  const explorerTx = usePublicConfig().data?.links.explorerTx;
  if (isNotFound(deposit.error)) return <DepositNotFound />;
  if (!deposit.data) return <DepositUnavailable deposit={deposit} title="Receipt" />;
  const { receipt } = deposit.data;
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
            {receipt ? <Button onClick={() => window.print()}>Print or save as PDF</Button> : null}
          </div>
        }
      />
      {receipt ? (
        <ReceiptDocument deposit={deposit.data} receipt={receipt} explorerTx={explorerTx} />
      ) : (
        <Card>
          <EmptyState icon="…" title="No receipt yet">
            <p>A receipt is available once a payment to this deposit has been credited.</p>
            <Link {...depositLink(id)} className={buttonClass('primary')}>
              Go to the deposit
            </Link>
          </EmptyState>
        </Card>
      )}
    </>
  );
}
