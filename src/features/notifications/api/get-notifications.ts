import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api';
import { getNotifications as getNotificationsCall } from '@/shared/contract/notifications';
import { notificationsQueryKey } from './notifications-query-key';

/** Spec §2: all, unread or read (read omitted, false or true). */
export type NotificationFilter = 'all' | 'unread' | 'read';

const READ_FOR: Record<NotificationFilter, boolean | undefined> = {
  all: undefined,
  unread: false,
  read: true,
};

/** POST /api/get-notifications: one page of 5, newest first, with the server's pagination. */
export async function getNotifications(filter: NotificationFilter, page: number) {
  const { data, pagination } = await callApi(getNotificationsCall, {
    read: READ_FOR[filter],
    page,
  });
  return { data, pagination };
}

export function notificationsQueryOptions(filter: NotificationFilter, page: number) {
  return queryOptions({
    queryKey: [...notificationsQueryKey, 'list', filter, page],
    queryFn: () => getNotifications(filter, page),
  });
}

export function useNotifications(filter: NotificationFilter, page: number) {
  // The previous page stays on screen while the next one loads, so the pager does not jump.
  return useQuery({
    ...notificationsQueryOptions(filter, page),
    placeholderData: keepPreviousData,
  });
}
