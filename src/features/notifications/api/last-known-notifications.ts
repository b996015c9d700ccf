import { useQueryClient } from '@tanstack/react-query';
import { useOnline } from '@/lib/offline';
import { NOTIFICATIONS_PAGE_SIZE } from '@/shared/constants';
import type { Notification, Pagination } from '@/shared/contract/notifications';
import type { NotificationFilter } from './get-notifications';
import { notificationsQueryKey } from './notifications-query-key';

/** One kept answer of get-notifications: its notifications and when it was fetched. */
export interface KnownNotifications {
  notifications: readonly Notification[];
  updatedAt: number;
}

export interface NotificationsAnswer {
  data: Notification[];
  pagination: Pagination;
}

/**
 * The page of the notifications last known to be read (or unread), from every kept answer of any
 * tab: a notification in several answers is as the newest one says (read since, or not). Ordered and
 * paged as the server does (newest first, pages of NOTIFICATIONS_PAGE_SIZE, a page past the last
 * answers the last), and counting only the notifications known.
 */
export function lastKnownPage(
  answers: readonly KnownNotifications[],
  read: boolean,
  page: number,
): NotificationsAnswer {
  const newest = new Map<number, { notification: Notification; updatedAt: number }>();
  for (const { notifications, updatedAt } of answers) {
    for (const notification of notifications) {
      const known = newest.get(notification.id);
      if (!known || known.updatedAt < updatedAt)
        newest.set(notification.id, { notification, updatedAt });
    }
  }
  const matching = [...newest.values()]
    .map((known) => known.notification)
    .filter((notification) => notification.read === read)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  const totalPages = Math.ceil(matching.length / NOTIFICATIONS_PAGE_SIZE);
  const currentPage = Math.max(1, Math.min(page, totalPages));
  const start = (currentPage - 1) * NOTIFICATIONS_PAGE_SIZE;
  return {
    data: matching.slice(start, start + NOTIFICATIONS_PAGE_SIZE),
    pagination: {
      currentPage,
      totalPages,
      totalItems: matching.length,
      itemsPerPage: NOTIFICATIONS_PAGE_SIZE,
    },
  };
}

/**
 * Offline, the Unread or Read tab's page made from the kept answers (issue 14: it showed another
 * tab's answer, read notifications under Unread). Undefined online, on the All tab (its own kept
 * pages are the server's), or with nothing kept.
 */
export function useLastKnownNotifications(
  filter: NotificationFilter,
  page: number,
): NotificationsAnswer | undefined {
  const online = useOnline();
  const queryClient = useQueryClient();
  if (online || filter === 'all') return undefined;
  const answers = queryClient
    .getQueryCache()
    .findAll({ queryKey: [...notificationsQueryKey, 'list'] })
    .flatMap((query): KnownNotifications[] => {
      const data = query.state.data as NotificationsAnswer | undefined;
      return data ? [{ notifications: data.data, updatedAt: query.state.dataUpdatedAt }] : [];
    });
  if (answers.length === 0) return undefined;
  return lastKnownPage(answers, filter === 'read', page);
}
