import { callApi } from '../../../lib/api';
import { readAllNotifications as readAllNotificationsCall } from '../../../shared/contract/notifications';
import { useNotificationMutation } from './use-notification-mutation';

/** GET /api/read-all-notifications: Mark All Read, every notification of the user. */
export async function readAllNotifications() {
  return callApi(readAllNotificationsCall);
}

export function useReadAllNotifications() {
  return useNotificationMutation('read-all-notifications', readAllNotifications);
}
