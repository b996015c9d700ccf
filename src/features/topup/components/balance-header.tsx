import { formatMoney } from '@/lib/format';
import { PageHeader } from '@/ui/card';
import { useAuthUser } from '@/entities/session/api/check-auth';
import * as styles from './topup.css';

/** Spec §2: the Top Up Balance header with the current balance. */
export function BalanceHeader({ subtitle }: { subtitle: string }) {
  const balance = useAuthUser()?.crypto_balance ?? 0;
  return (
    <PageHeader
      title="Top Up Balance"
      subtitle={subtitle}
      actions={
        <div className={styles.balanceChip}>
          <span className={styles.balanceLabel}>Current balance</span>
          <span className={styles.balanceValue}>{formatMoney(balance)}</span>
        </div>
      }
    />
  );
}
