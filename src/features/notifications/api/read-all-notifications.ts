import { callApi } from '@/lib/api';
import { readAllNotifications as readAllNotificationsCall } from '@/shared/contract/notifications';
import { REQUESTED_WITH, REQUESTED_WITH_HEADER } from '@/shared/requested-with';
import { useNotificationMutation } from './use-notification-mutation';

/**
 * GET /api/read-all-notifications: Mark All Read, every notification of the user. A GET that changes
 * data: the server takes it only with the header no other site's page can send (issue 16).
 */
export async function readAllNotifications() {
  return callApi(readAllNotificationsCall, undefined, {
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH },
  });
}

export function useReadAllNotifications() {
  return useNotificationMutation('read-all-notifications', readAllNotifications);
}
