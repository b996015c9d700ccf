import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as v from 'valibot';
import { notificationsQueryOptions } from '@/features/notifications/api/get-notifications';
import {
  NotificationsPage,
  type NotificationsView,
} from '@/features/notifications/components/notifications-page';

const NotificationsSearch = v.object({
  filter: v.fallback(v.optional(v.picklist(['all', 'unread', 'read']), 'all'), 'all'),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
});

export const Route = createFileRoute('/_app/notifications')({
  validateSearch: NotificationsSearch,
  loaderDeps: ({ search }) => search,
  // Prefetch only: spec §8, a failure is only logged and the page offers Try Again.
  loader: ({ context, deps }) =>
    void context.queryClient.prefetchQuery(notificationsQueryOptions(deps.filter, deps.page)),
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  const onViewChange = useCallback(
    (next: NotificationsView) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <NotificationsPage view={view} onViewChange={onViewChange} />;
}
