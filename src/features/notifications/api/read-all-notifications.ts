import { apiGet } from '../../../lib/api';
import { NotificationChangeResponse } from '../../../shared/contract/notifications';
import { useNotificationMutation } from './use-notification-mutation';

/** GET /api/read-all-notifications: Mark All Read, every notification of the user. */
export async function readAllNotifications() {
  return apiGet('read-all-notifications', NotificationChangeResponse);
}

export function useReadAllNotifications() {
  return useNotificationMutation('read-all-notifications', readAllNotifications);
}
