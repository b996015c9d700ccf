import { useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { User } from '@/shared/contract/user';
import { Icon, type IconName } from '@/ui/icons';
import { useLogout } from '@/entities/session/api/logout';
import { UnreadBadge } from '@/features/notifications/components/unread-badge';
import * as frame from '@/ui/frame.css';
import * as styles from './app-shell.css';

type NavTarget =
  | '/dashboard'
  | '/create-campaign'
  | '/topup-balance'
  | '/transactions'
  | '/statement'
  | '/notifications'
  | '/support'
  | '/account';

function NavLink({
  to,
  icon,
  label,
  className,
  badge,
}: {
  to: NavTarget;
  icon: IconName;
  label: string;
  className?: string;
  badge?: ReactNode;
}) {
  return (
    <li className={className}>
      <Link to={to} className={styles.navItem}>
        <Icon name={icon} />
        {label}
        {badge}
      </Link>
    </li>
  );
}

function CampaignsGroup() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [expanded, setExpanded] = useState(
    pathname === '/campaigns' || pathname === '/campaign-history',
  );
  return (
    <li>
      <button
        type="button"
        className={styles.navItem}
        aria-expanded={expanded}
        aria-controls="nav-campaigns"
        onClick={() => setExpanded((value) => !value)}
      >
        <Icon name="campaigns" />
        Campaigns
        <Icon name="chevron" className={styles.chevron} />
      </button>
      <ul id="nav-campaigns" className={styles.subList} hidden={!expanded}>
        <li>
          <Link to="/campaigns" className={styles.navItem}>
            Your Campaigns
          </Link>
        </li>
        <li>
          <Link to="/campaign-history" className={styles.navItem}>
            Expired Campaigns
          </Link>
        </li>
      </ul>
    </li>
  );
}

/** Spec §2 sidebar: the links, the user's name and e-mail (to /account) and logout. */
export function Sidebar({
  user,
  open,
  onClose,
}: {
  user: User;
  open: boolean;
  onClose: () => void;
}) {
  const logout = useLogout();
  return (
    <aside
      id="sidebar"
      aria-label="Sidebar"
      className={open ? `${frame.sidebar} ${styles.sidebarOpen}` : frame.sidebar}
    >
      <div className={frame.sidebarHeader}>
        <span className={frame.brand}>
          <span className={frame.logo} aria-hidden="true">
            P
          </span>
          PromoClicks
        </span>
        <button
          type="button"
          className={`${frame.menuButton} ${styles.closeButton}`}
          aria-label="Close menu"
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <nav className={styles.nav} aria-label="Main">
        <ul className={styles.navList}>
          <NavLink to="/dashboard" icon="dashboard" label="Dashboard" />
          <NavLink to="/create-campaign" icon="plus" label="New Campaign" />
          <CampaignsGroup />
          <NavLink to="/topup-balance" icon="wallet" label="Topup Balance" />
          <NavLink to="/transactions" icon="receipt" label="Transactions" />
          <NavLink to="/statement" icon="history" label="Statement" />
          <NavLink to="/notifications" icon="bell" label="Notifications" badge={<UnreadBadge />} />
          <NavLink to="/support" icon="help" label="Support" />
          <NavLink to="/account" icon="user" label="My Account" className={styles.smallOnly} />
        </ul>
      </nav>
      <div className={styles.footer}>
        <Link to="/account" className={styles.userLink}>
          <span className={styles.avatar} aria-hidden="true">
            {user.username.slice(0, 1)}
          </span>
          <span className={styles.userText}>
            <span className={styles.userName}>{user.username}</span>
            <span className={styles.userEmail}>{user.email}</span>
          </span>
        </Link>
        <button
          type="button"
          className={styles.navItem}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          <Icon name="logout" />
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </button>
      </div>
    </aside>
  );
}
