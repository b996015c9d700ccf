import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import type { CoinType, Transaction } from '@/shared/contract/deposits';
import { Card } from '@/ui/card';
import { useTransactions } from '@/entities/deposit/api/get-transactions';
import { depositLink } from '@/entities/deposit/format';
import { useCreateTransaction } from '../api/create-transaction';
import { openRequests } from '../open-deposits';
import { BalanceHeader } from './balance-header';
import { DepositForm } from './deposit-form';
import { HelpLink } from './help-link';
import { PendingDeposits } from './pending-deposits';
import { ReplaceDepositDialog } from './replace-deposit-dialog';
import { Steps } from './steps';
import * as styles from './topup.css';

type NewDeposit = { amount: number; coinType: CoinType };

/**
 * /topup-balance (spec §2 Top Up Balance): a new deposit, or the one still waiting. A new deposit ends
 * the open one of its coin (one per coin): issue 31, it asks first, and names the one it ends, so the
 * server refuses (409) when another was opened meanwhile instead of ending one nobody saw.
 */
export function TopUpPage() {
  const create = useCreateTransaction();
  const navigate = useNavigate();
  const pending = useTransactions('pending');
  const [asking, setAsking] = useState<{ deposit: NewDeposit; open: Transaction } | null>(null);

  function send(deposit: NewDeposit, replaces: number | null) {
    create.mutate(
      { ...deposit, replaces },
      {
        // Its own page, which a reload, another app or another device opens again.
        onSuccess: (created) => void navigate(depositLink(created.id)),
        // The question stays until the answer (issue 31: closed at once, a second tap of "Start
        // the new deposit" landed on the form under it); a refusal is said under the form.
        onError: () => setAsking(null),
      },
    );
  }

  function start(deposit: NewDeposit) {
    const open = openRequests(pending.data).find((shown) => shown.coinType === deposit.coinType);
    // A payment being confirmed: the server refuses, and says why.
    if (open && open.confirmations === null) setAsking({ deposit, open });
    else send(deposit, open?.id ?? null);
  }

  function confirm() {
    if (asking) send(asking.deposit, asking.open.id);
  }

  return (
    <>
      <BalanceHeader subtitle="Add funds with ETH, or USDC and USDT (ERC-20), on the Ethereum network" />
      <div className={styles.layout}>
        <div className={styles.main}>
          <PendingDeposits />
          <Card title="New Deposit">
            <DepositForm
              // Issue 31: started, it stays pressed until the deposit's page opens.
              pending={create.busy || create.isSuccess}
              inFlight={create.inFlight}
              error={
                create.isError
                  ? errorMessage(
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
      <ReplaceDepositDialog
        open={asking?.open ?? null}
        pending={create.busy || create.isSuccess}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />
    </>
  );
}
