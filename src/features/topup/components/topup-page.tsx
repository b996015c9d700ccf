import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useCountdown } from '../../../lib/use-countdown';
import { DEPOSIT_MESSAGES, type Transaction } from '../../../shared/contract/deposits';
import { ErrorBox } from '../../../ui/alert';
import { Card, PageHeader } from '../../../ui/card';
import { Icon } from '../../../ui/icons';
import { useAuthUser } from '../../auth/api/check-auth';
import { useCreateTransaction } from '../api/create-transaction';
import { useDeleteTransaction } from '../api/delete-transaction';
import { depositError } from '../deposit-amount';
import { DepositForm } from './deposit-form';
import { PaymentPanel } from './payment-panel';
import { Steps } from './steps';
import { TransactionDetails } from './transaction-details';
import { VerifyPayment } from './verify-payment';
import * as styles from './topup.css';

function secondsUntil(time: string): number {
  return Math.max(0, Math.ceil((Date.parse(time) - Date.now()) / 1000));
}

/** /topup-balance (spec §2 Top Up Balance, §4 Deposit). */
export function TopUpPage() {
  const balance = useAuthUser()?.crypto_balance ?? 0;
  const create = useCreateTransaction();
  const remove = useDeleteTransaction();
  const { mutate: deleteTransaction } = remove;
  const countdown = useCountdown();
  const [transaction, setTransaction] = useState<Transaction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Spec §4: an ETH transaction expires when its 15-minute timer reaches zero.
  const timedOut = transaction?.expiresAt != null && countdown.secondsLeft <= 0;
  const verified = transaction?.status === 'confirmed';

  function reset(message: string | null) {
    setTransaction(null);
    setNotice(message);
    create.reset();
    remove.reset();
  }

  useEffect(() => {
    if (!timedOut || !transaction || verified) return;
    deleteTransaction(transaction.id, {
      onSuccess: () => {
        setTransaction(null);
        setNotice(DEPOSIT_MESSAGES.expired);
      },
      onError: () => {
        setTransaction(null);
        setNotice('Error deleting expired transaction');
      },
    });
  }, [timedOut, transaction, verified, deleteTransaction]);

  function start(deposit: { amount: number; coinType: Transaction['coinType'] }) {
    setNotice(null);
    create.mutate(deposit, {
      onSuccess: (created) => {
        setTransaction(created);
        if (created.expiresAt) countdown.start(secondsUntil(created.expiresAt));
      },
    });
  }

  function startOver(id: number) {
    if (remove.busy) return;
    remove.mutate(id, { onSuccess: () => reset(null) });
  }

  return (
    <>
      <PageHeader
        title="Top Up Balance"
        subtitle="Add funds with ETH, USDC or USDT on the Ethereum (ERC-20) network"
        actions={
          <div className={styles.balanceChip}>
            <span className={styles.balanceLabel}>Current balance</span>
            <span className={styles.balanceValue}>{formatMoney(balance)}</span>
          </div>
        }
      />
      <div className={styles.layout}>
        <div className={styles.main}>
          {notice ? <ErrorBox>{notice}</ErrorBox> : null}
          {create.isError ? (
            <ErrorBox>
              {depositError(
                create.error,
                'Failed to create transaction',
                'Error creating transaction, please try again',
              )}
            </ErrorBox>
          ) : null}
          {remove.isError && transaction ? (
            <ErrorBox>
              {errorMessage(remove.error, 'Error deleting transaction, please try again')}
            </ErrorBox>
          ) : null}
          {transaction ? (
            <>
              <PaymentPanel transaction={transaction} secondsLeft={countdown.secondsLeft} />
              <Card title="Confirm Your Payment">
                <VerifyPayment
                  transaction={transaction}
                  timedOut={timedOut}
                  busy={remove.busy}
                  cancelling={remove.inFlight}
                  onVerified={setTransaction}
                  onStartOver={() => startOver(transaction.id)}
                />
              </Card>
            </>
          ) : (
            <Card title="New Deposit">
              <DepositForm pending={create.busy} inFlight={create.inFlight} onSubmit={start} />
            </Card>
          )}
        </div>
        <aside className={styles.side}>
          {transaction ? <TransactionDetails transaction={transaction} /> : null}
          <Card title="How it works">
            <Steps current={verified ? 5 : transaction ? 2 : 1} />
          </Card>
          <Link to="/support" className={styles.help}>
            <Icon name="help" /> Need Help? Contact support
          </Link>
        </aside>
      </div>
    </>
  );
}
