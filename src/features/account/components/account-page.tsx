import { Link } from '@tanstack/react-router';
import { errorMessage } from '@/lib/error-message';
import { formatMoney, formatShortDate } from '@/lib/format';
import { Button, buttonClass } from '@/ui/button';
import { Card, EmptyState, PageHeader } from '@/ui/card';
import { Icon } from '@/ui/icons';
import { Spinner } from '@/ui/spinner';
import { useLogout } from '@/entities/session/api/logout';
import { InstallButton } from '@/features/offline/components/install-button';
import { useUserDetails } from '../api/get-user-details';
import { SecurityCard } from './change-password-form';
import { ConfirmIdentityProvider } from './confirm-identity';
import { ProfileCard } from './profile-card';
import { PasskeysCard } from './passkeys-card';
import { SessionsCard } from './sessions-card';
import { TimeZoneCard } from './time-zone-card';
import { TwoFactorCard } from './two-factor-card';
import * as styles from './account.css';

function QuickActions() {
  const logout = useLogout();
  const linkClass = `${buttonClass('secondary', true)} ${styles.quickAction}`;
  return (
    <Card title="Quick Actions">
      <div className={styles.quickActions}>
        <Link to="/topup" className={linkClass}>
          <Icon name="wallet" /> Top Up Balance
        </Link>
        <Link to="/transactions" className={linkClass}>
          <Icon name="receipt" /> Transactions
        </Link>
        <Link to="/statement" className={linkClass}>
          <Icon name="history" /> Statement
        </Link>
        <Link to="/notifications" className={linkClass}>
          <Icon name="bell" /> Notifications
        </Link>
        <InstallButton className={linkClass} />
        <Button
          variant="danger"
          block
          className={styles.quickAction}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          <Icon name="logout" /> {logout.isPending ? 'Logging out...' : 'Logout'}
        </Button>
      </div>
    </Card>
  );
}

/** /account (spec §2 Account). */
export function AccountPage() {
  const details = useUserDetails();

  if (details.isPending) return <Spinner label="Loading profile..." />;

  if (details.isError) {
    return (
      <>
        <PageHeader title="My Account" />
        <Card>
          <EmptyState icon="!" title="Failed to Load Profile">
            <p>{errorMessage(details.error, 'Failed to fetch user details')}</p>
            <Button onClick={() => void details.refetch()} disabled={details.isFetching}>
              Try Again
            </Button>
          </EmptyState>
        </Card>
      </>
    );
  }

  const user = details.data;
  return (
    <>
      <PageHeader
        title="My Account"
        subtitle="Manage your profile and security"
        actions={
          <div className={styles.balanceChip}>
            <span className={styles.balanceLabel}>Balance</span>
            <span className={styles.balanceValue}>{formatMoney(user.crypto_balance)}</span>
          </div>
        }
      />
      <div className={styles.grid}>
        <div className={styles.column}>
          <ProfileCard user={user} />
          <SecurityCard user={user} />
          <ConfirmIdentityProvider>
            <TwoFactorCard />
            <PasskeysCard />
          </ConfirmIdentityProvider>
          <SessionsCard />
        </div>
        <div className={styles.column}>
          <QuickActions />
          <TimeZoneCard />
          <Card title="Account Summary">
            <dl className={styles.details}>
              <div className={styles.detailRow}>
                <dt className={styles.term}>Member since</dt>
                <dd className={styles.definition}>{formatShortDate(user.createdAt)}</dd>
              </div>
              <div className={styles.detailRow}>
                <dt className={styles.term}>Total campaigns</dt>
                <dd className={styles.definition}>{user.campaigns}</dd>
              </div>
            </dl>
          </Card>
        </div>
      </div>
    </>
  );
}
