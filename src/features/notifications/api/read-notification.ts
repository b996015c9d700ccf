import { apiPost } from '../../../lib/api';
import { NotificationChangeResponse } from '../../../shared/contract/notifications';
import { useNotificationMutation } from './use-notification-mutation';

/** POST /api/read-notification: marks one notification read (opening it does too). */
export async function readNotification(id: number) {
  return apiPost('read-notification', { notification_id: id }, NotificationChangeResponse);
}

export function useReadNotification() {
  return useNotificationMutation('read-notification', readNotification);
}
