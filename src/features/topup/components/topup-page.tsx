import { useNavigate } from '@tanstack/react-router';
import type { CoinType } from '../../../shared/contract/deposits';
import { Card } from '../../../ui/card';
import { depositLink } from '../../transactions/format';
import { useCreateTransaction } from '../api/create-transaction';
import { depositError } from '../deposit-amount';
import { BalanceHeader } from './balance-header';
import { DepositForm } from './deposit-form';
import { HelpLink } from './help-link';
import { PendingDeposits } from './pending-deposits';
import { Steps } from './steps';
import * as styles from './topup.css';

/** /topup-balance (spec §2 Top Up Balance): a new deposit, or the one still waiting. */
export function TopUpPage() {
  const create = useCreateTransaction();
  const navigate = useNavigate();

  function start(deposit: { amount: number; coinType: CoinType }) {
    create.mutate(deposit, {
      // Its own page, which a reload, another app or another device opens again.
      onSuccess: (created) => void navigate(depositLink(created.id)),
    });
  }

  return (
    <>
      <BalanceHeader subtitle="Add funds with ETH, or USDC and USDT (ERC-20), on the Ethereum network" />
      <div className={styles.layout}>
        <div className={styles.main}>
          <PendingDeposits />
          <Card title="New Deposit">
            <DepositForm
              pending={create.busy}
              inFlight={create.inFlight}
              error={
                create.isError
                  ? depositError(
                      create.error,
                      'Failed to create transaction',
                      'Error creating transaction, please try again',
                    )
                  : null
              }
              onSubmit={start}
            />
          </Card>
        </div>
        <aside className={styles.side}>
          <Card title="How it works">
            <Steps current={1} />
          </Card>
          <HelpLink />
        </aside>
      </div>
    </>
  );
}
