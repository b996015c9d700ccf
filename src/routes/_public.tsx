import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { getAuthUser } from '../entities/session/api/check-auth';
import { FullPageSpinner } from '../ui/spinner';

/** Public-only pages: a signed-in user goes to the dashboard instead (spec §2 route guards). */
export const Route = createFileRoute('/_public')({
  beforeLoad: async ({ context }) => {
    if (await getAuthUser(context.queryClient)) throw redirect({ to: '/dashboard', replace: true });
  },
  component: Outlet,
  pendingComponent: FullPageSpinner,
  // A check answered quickly shows the page at once: the spinner (then kept 300 ms, no flicker) only
  // when it takes longer.
  pendingMs: 400,
  pendingMinMs: 300,
});
