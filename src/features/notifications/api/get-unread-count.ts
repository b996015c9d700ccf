import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api';
import { unreadNotificationsCount } from '@/shared/contract/unread-count';
import { notificationsQueryKey } from './notifications-query-key';

/** GET /api/unread-notifications-count: the sidebar badge. */
export async function getUnreadCount() {
  return (await callApi(unreadNotificationsCount)).count;
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: [...notificationsQueryKey, 'unread-count'],
  queryFn: getUnreadCount,
  // New notifications come from server events (deposits, clicks): look again now and then.
  refetchInterval: 60_000,
});

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}
