import { Link } from '@tanstack/react-router';
import { formatMoney } from '@/lib/format';
import type { Campaign } from '@/shared/contract/campaigns';
import { buttonClass } from '@/ui/button';
import { Icon, type IconName } from '@/ui/icons';
import * as styles from './dashboard.css';

function StatCard({
  label,
  value,
  icon,
  className,
  children,
}: {
  label: string;
  value: string;
  icon: IconName;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <section className={`${styles.statCard} ${className ?? ''}`} aria-label={label}>
      <div className={styles.statTop}>
        <h2 className={styles.statLabel}>{label}</h2>
        <span className={styles.statIcon}>
          <Icon name={icon} />
        </span>
      </div>
      <p className={styles.statValue}>{value}</p>
      {children}
    </section>
  );
}

/** Spec §2 dashboard: Total Campaigns, Active, Expired, Total Balance (with Topup and
 * Transactions, and the statement it reconciles with: issue 35). */
export function StatCards({
  campaigns,
  balance,
}: {
  campaigns: readonly Campaign[] | undefined;
  balance: number;
}) {
  const count = (value: number) => (campaigns ? String(value) : '–');
  const active = campaigns?.filter((campaign) => campaign.status).length ?? 0;
  const total = campaigns?.length ?? 0;
  const linkClass = `${buttonClass('secondary')} ${styles.statButton}`;
  return (
    <div className={styles.stats}>
      <StatCard label="Total Campaigns" value={count(total)} icon="campaigns" />
      <StatCard label="Active" value={count(active)} icon="active" />
      <StatCard label="Expired" value={count(total - active)} icon="history" />
      <StatCard
        label="Total Balance"
        value={formatMoney(balance)}
        icon="wallet"
        className={styles.balanceCard}
      >
        <div className={styles.statActions}>
          <Link to="/topup-balance" className={linkClass}>
            Topup
          </Link>
          <Link to="/transactions" className={linkClass}>
            Transactions
          </Link>
          <Link to="/statement" className={linkClass}>
            Statement
          </Link>
        </div>
      </StatCard>
    </div>
  );
}
