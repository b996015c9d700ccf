import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { Icon } from '@/ui/icons';
import { FullPageSpinner } from '@/ui/spinner';
import { useAuthUser } from '@/entities/session/api/check-auth';
import { useOnline } from '@/lib/offline';
import { Sidebar } from './sidebar';
import { UnreadBadge } from '@/features/notifications/components/unread-badge';
import * as frame from '@/ui/frame.css';
import * as styles from './app-shell.css';

// Shown only offline: its code comes then (from the worker's precache), not with every first load.
const OfflineBanner = lazy(() => import('@/features/offline/components/offline-banner'));

// Shown only to an unverified account, with its action (issue 16 point 8): lazily too.
const UnverifiedBanner = lazy(() => import('@/features/account/components/resend-verification'));

/** The signed-in layout: sidebar (a drawer on small screens), unverified banner, the page. */
export function AppShell() {
  const user = useAuthUser();
  const online = useOnline();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const [lastPathname, setLastPathname] = useState(pathname);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Issue 17: Escape closes the open drawer and gives the focus back to the menu button.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // The drawer closes when the page changes.
  if (pathname !== lastPathname) {
    setLastPathname(pathname);
    setMenuOpen(false);
  }

  // The server said the session is gone (a 401 anywhere): back to the sign-in page.
  if (user === null) return <Navigate to="/" replace />;
  if (user === undefined) return <FullPageSpinner />;

  return (
    <div className={frame.shell}>
      <header className={frame.topBar}>
        <button
          ref={menuButton}
          type="button"
          className={frame.menuButton}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((value) => !value)}
        >
          <Icon name="menu" />
        </button>
        <span className={frame.brand}>
          <span className={frame.logo} aria-hidden="true">
            P
          </span>
          PromoClicks
        </span>
        {/* The phone's header says how many notifications are unread too (issue 17). */}
        <UnreadBadge />
      </header>
      {menuOpen ? (
        <div className={styles.backdrop} aria-hidden="true" onClick={() => setMenuOpen(false)} />
      ) : null}
      <Sidebar user={user} open={menuOpen} onClose={() => setMenuOpen(false)} />
      {/* While the drawer is open, the page behind it takes no focus (issue 17: Tab stays in it). A
          window grown past the phone layout keeps the backdrop until a click or Escape closes it. */}
      <main id="main" tabIndex={-1} className={frame.main} inert={menuOpen}>
        <div className={frame.content}>
          {online ? null : (
            <Suspense fallback={null}>
              <OfflineBanner />
            </Suspense>
          )}
          {user.isVerified ? null : (
            <Suspense fallback={null}>
              <UnverifiedBanner />
            </Suspense>
          )}
          <Outlet />
        </div>
      </main>
    </div>
  );
}
