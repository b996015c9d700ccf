import { createFileRoute, redirect } from '@tanstack/react-router';
import { getAuthUser } from '../entities/session/api/check-auth';
import { AppShell } from '../features/shell/components/app-shell';
import { FullPageSpinner } from '../ui/spinner';

/** Signed-in pages: a spinner while the session is checked, then `/` when signed out (spec §2). */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context }) => {
    if (!(await getAuthUser(context.queryClient))) throw redirect({ to: '/', replace: true });
  },
  component: AppShell,
  pendingComponent: FullPageSpinner,
  // A check answered quickly shows the page at once: the spinner (then kept 300 ms, no flicker) only
  // when it takes longer.
  pendingMs: 400,
  pendingMinMs: 300,
});
