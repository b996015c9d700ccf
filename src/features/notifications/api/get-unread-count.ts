import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { UnreadCountResponse } from '../../../shared/contract/unread-count';
import { notificationsQueryKey } from './notifications-query-key';

/** GET /api/unread-notifications-count: the sidebar badge. */
export async function getUnreadCount() {
  return (await apiGet('unread-notifications-count', UnreadCountResponse)).count;
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
